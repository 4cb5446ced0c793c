import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// `rain show --graph` for fixed forecasts, compared with the screens in `Meteograms/`, each
/// reviewed by eye (`cat Tests/RainTerminalTests/Meteograms/*.txt`; the colour ones in a
/// terminal). `RAIN_RECORD_METEOGRAMS=1 swift test --filter MeteogramTests` writes them anew.
@Suite struct MeteogramTests {
    /// Berlin from Saturday 24 October 2026 13:00 (UTC+2), over the night the clocks go back
    /// (03:00 CEST is 02:00 CET on the 25th): a mild day, a cold clear night, rain on Sunday.
    static func berlin() -> CachedForecast {
        let start = Date(timeIntervalSince1970: 1_792_839_600)  // 2026-10-24 11:00 UTC
        var forecast = Forecast(coordinate: Coordinate(latitude: 52.52, longitude: 13.405), timeZone: "Europe/Berlin", units: .si)
        forecast.hourly = (0..<50).map { index in
            var hour = Forecast.Hour(time: start.addingTimeInterval(Double(index) * 3_600))
            let phase = Double(index + 1) / 24 * 2 * Double.pi
            hour.temperature = 9 + 6 * sin(phase) - Double(index) / 12
            hour.apparentTemperature = hour.temperature! - 2 - 1.5 * sin(phase / 2)
            let wet = (22...30).contains(index) || (40...42).contains(index)
            hour.precipIntensity = wet ? [0.2, 0.6, 1.4, 2.8, 1.9, 0.9, 0.4, 0.2, 0.1, 0.3, 0.8, 0.2][index % 12] : 0
            hour.precipProbability = wet ? [0.2, 0.45, 0.7, 0.9, 0.8, 0.65, 0.5, 0.3, 0.2, 0.35, 0.55, 0.25][index % 12] : 0.05
            hour.windSpeed = 3 + Double(index % 7)
            // Squalls with Sunday's rain (10 km/h and more over the speed: shown), a breeze's
            // ordinary unevenness (2 m/s over it) otherwise.
            hour.windGust = hour.windSpeed! + ((24...29).contains(index) ? 3 + Double(index % 4) : 2)
            hour.windBearing = Double(200 + index * 4)
            hour.uvIndex = max(0, 3 * sin(phase))
            return hour
        }
        forecast.daily = [(1_792_792_800, 1_792_820_400, 1_792_856_400), (1_792_882_800, 1_792_906_920, 1_792_942_680),
                          (1_792_969_200, 1_792_993_440, 1_793_029_020)].map { start, sunrise, sunset in
            var day = Forecast.Day(time: Date(timeIntervalSince1970: TimeInterval(start)))
            day.sunrise = Date(timeIntervalSince1970: TimeInterval(sunrise))
            day.sunset = Date(timeIntervalSince1970: TimeInterval(sunset))
            return day
        }
        let location = Location(id: UUID(uuidString: "6F1C2A4E-93B0-4C47-9E1D-2B8A5C7D9E01")!, name: "Berlin",
                                coordinate: forecast.coordinate)
        return CachedForecast(location: location, fetchedAt: start, source: "openmeteo", forecast: forecast)
    }

    /// Kolkata (UTC+5:30): hour labels at the half hour, as its clock reads.
    static func kolkata() -> CachedForecast {
        var cached = berlin()
        cached.forecast.timeZone = "Asia/Kolkata"
        cached.forecast.daily = []
        return cached
    }

    static let now = Date(timeIntervalSince1970: 1_792_840_500)  // 11:15 UTC, 13:15 in Berlin

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let width: Int
        let color: Bool
        let ascii: Bool
        let place: String
        var isCompact = false
        var testDescription: String { name }
    }

    /// "utf8" is what `NO_COLOR` (or `--color never`) draws: UTF-8 without colour.
    static let cases: [Case] = [80, 60, 120].flatMap { width in
        [Case(name: "berlin-\(width)-utf8", width: width, color: false, ascii: false, place: "berlin"),
         Case(name: "berlin-\(width)-ascii", width: width, color: false, ascii: true, place: "berlin"),
         Case(name: "berlin-\(width)-color", width: width, color: true, ascii: false, place: "berlin")]
    } + [Case(name: "kolkata-80-utf8", width: 80, color: false, ascii: false, place: "kolkata")]
        // The forecast screen's small graph, at the layout's width.
        + [Case(name: "berlin-compact-80-utf8", width: 80, color: false, ascii: false, place: "berlin", isCompact: true),
           Case(name: "berlin-compact-80-ascii", width: 80, color: false, ascii: true, place: "berlin", isCompact: true),
           Case(name: "berlin-compact-80-color", width: 80, color: true, ascii: false, place: "berlin", isCompact: true)]

    static func expectedPath(_ name: String, filePath: String = #filePath) -> String {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Meteograms/\(name).txt").path
    }

    @Test(arguments: cases)
    func drawsTheReviewedScreen(_ test: Case) throws {
        let cached = test.place == "berlin" ? Self.berlin() : Self.kolkata()
        let lines = Meteogram(width: test.width, usesColor: test.color, ascii: test.ascii, now: Self.now,
                              hours: test.isCompact ? 24 : 48, isCompact: test.isCompact).lines(cached)
        let text = lines.joined(separator: "\n") + "\n"
        let path = Self.expectedPath(test.name)
        if ProcessInfo.processInfo.environment["RAIN_RECORD_METEOGRAMS"] == "1" {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(text == (try String(contentsOfFile: path, encoding: .utf8)))
        // The rules, whatever the screen.
        for line in lines {
            #expect(ASCIIConsole.transliterate(line).withoutEscapes.count <= test.width, "\(line)")
            #expect(line.displayWidth <= test.width, "\(line)")
            if test.ascii { #expect(line.unicodeScalars.allSatisfy { $0.isASCII }, "\(line)") }
            if !test.color { #expect(!line.contains("\u{1B}"), "\(line)") }
        }
        if test.color { #expect(text.contains("\u{1B}[")) }
    }

    /// A day whose sun rises but sets only after midnight (Tromsø, 16 May 2026, as rain computes
    /// it: up at 01:18, no sunset) is night until the sunrise and day after it; a day whose sun
    /// sets and does not rise again, night from the sunset.
    @Test func aDayWithOnlyASunriseOrASunsetIsNightOnItsDarkSide() {
        let cached = Self.berlin()
        var forecast = cached.forecast
        let midnight = forecast.daily[0].time
        forecast.daily[0].sunset = nil
        let plot = MeteogramPlot(forecast: forecast, points: forecast.hourly, columns: 74, style: TextStyle(usesColor: false),
                                 ascii: false, now: Self.now, isCompact: false, presentation: Presentation())
        let sunrise = cached.forecast.daily[0].sunrise!
        #expect(plot.isNight(midnight.addingTimeInterval(60)) && plot.isNight(sunrise.addingTimeInterval(-60)))
        #expect(!plot.isNight(sunrise.addingTimeInterval(60)) && !plot.isNight(forecast.daily[1].time.addingTimeInterval(-60)))
        forecast.daily[0].sunrise = nil
        forecast.daily[0].sunset = cached.forecast.daily[0].sunset
        let setting = MeteogramPlot(forecast: forecast, points: forecast.hourly, columns: 74, style: TextStyle(usesColor: false),
                                    ascii: false, now: Self.now, isCompact: false, presentation: Presentation())
        let sunset = cached.forecast.daily[0].sunset!
        #expect(!setting.isNight(sunset.addingTimeInterval(-60)) && setting.isNight(sunset.addingTimeInterval(60)))
    }

    /// Light rain in inches tops the scale at 0.04 in/h: its label is that, never "0".
    @Test func theRainScaleLabelsSmallTopsWithTheirDecimals() {
        #expect(MeteogramPlot.scaleLabel(0.04) == "0.04")
        #expect(MeteogramPlot.scaleLabel(0.12) == "0.12")
        #expect(MeteogramPlot.scaleLabel(0.2) == "0.2")
        #expect(MeteogramPlot.scaleLabel(3) == "3")
        #expect(MeteogramPlot.scaleLabel(20) == "20")
    }

    @Test func tooNarrowOrTooLittleDrawsNothing() {
        #expect(Meteogram(width: 59, now: Self.now).lines(Self.berlin()).isEmpty)
        var bare = Self.berlin()
        bare.forecast.hourly = Array(bare.forecast.hourly.prefix(1))
        #expect(Meteogram(width: 80, now: Self.now).lines(bare).isEmpty)
    }

    /// The default screen shows the next 24 hours in small: from 80 columns to 99 in place of the
    /// hours' numbers, in as many lines, so a 24-line terminal loses nothing else; from 100 above
    /// them; narrower, and for asked-for hours at 80, the numbers alone.
    @Test func theForecastScreenShowsACompactGraphWhereWideEnough() throws {
        func screen(width: Int, graph: Bool = true, hours: Int? = nil) -> [String] {
            var view = ForecastView(width: width, usesColor: false, now: Self.now)
            view.showsCompactGraph = graph
            view.hourCount = hours
            return view.lines(Self.berlin(), height: nil)
        }
        let plain = screen(width: 80, graph: false)
        let layout = screen(width: 80)
        // As many lines as the grid's four rows (the plain grid adds its feels-like and wind rows).
        #expect(layout.count == plain.count - 2, "\(layout.joined(separator: "\n"))")
        #expect(plain.contains { $0.hasSuffix("  feels") } && !layout.contains { $0.hasSuffix("  feels") })
        let title = try #require(layout.firstIndex { $0.hasPrefix("  Next 24 hours") }, "\(layout.joined(separator: "\n"))")
        #expect(layout[title + 3].hasPrefix(" mm/h┼"), "the bars stand on the axis:\n\(layout.joined(separator: "\n"))")
        #expect(!layout.contains { $0.hasPrefix("  Next 12 hours") })
        #expect(layout.contains { $0.hasPrefix("  Next 3 days") }, "the days stay")
        let asked = screen(width: 80, hours: 6)
        #expect(asked.contains { $0.hasPrefix("  Next 6 hours") } && !asked.contains { $0.hasPrefix("  Next 24 hours") })
        let wide = screen(width: 120)
        #expect(wide.filter { $0.wholeMatch(of: #/  Next \d+ hours/#) != nil || $0.hasPrefix("  Next 24 hours ") }.count == 2,
                "the graph, then the numbers:\n\(wide.joined(separator: "\n"))")
        for width in [79, 60] {
            #expect(screen(width: width) == screen(width: width, graph: false), "\(width) columns keep the numbers")
        }
        for (width, lines) in [(80, layout), (120, wide)] {
            for line in lines { #expect(line.displayWidth <= width, "\(line)") }
        }
    }

    /// The wind row's `g`: the strongest gust of the hours a label stands for, only where it is
    /// 10 km/h or more over the speed; the legend says what it is.
    @Test func theWindRowShowsMarkedGustsOnly() throws {
        let lines = Meteogram(width: 80, now: Self.now).lines(Self.berlin())
        let wind = try #require(lines.first { $0.hasPrefix("  m/s") })
        let gusts = wind.matches(of: #/\d+g(\d+)/#).map { Int($0.output.1)! }
        #expect(!gusts.isEmpty && gusts.allSatisfy { $0 >= 9 }, "\(wind)")
        #expect(wind.matches(of: #/g/#).count == gusts.count)
        #expect(lines.last?.contains("g gusts") == true, "\(lines.last ?? "")")
        var calm = Self.berlin()
        for index in calm.forecast.hourly.indices { calm.forecast.hourly[index].windGust = calm.forecast.hourly[index].windSpeed! + 2.7 }
        let still = Meteogram(width: 80, now: Self.now).lines(calm)
        #expect(!still.contains { $0.contains("g") && $0.hasPrefix("  m/s") } && !(still.last ?? "").contains("gusts"))
    }

    /// In ASCII each glyph of the graph means one thing (a new user found `:` the feels-like
    /// line and the lightest rain, `.` light rain and night): the legend's glyphs are apart,
    /// and each row draws only its own, in the full graph (with the runs' band too) and the
    /// small one, whose bars stand on the time axis.
    @Test func eachASCIIGlyphOfTheGraphMeansOneThing() throws {
        var spread = Self.berlin()
        spread.spread = ForecastSpread(model: "icon_seamless", members: 40, hourly: spread.forecast.hourly.map { hour in
            var runs = ForecastSpread.Hour(time: hour.time)
            runs.temperatureP10 = hour.temperature.map { $0 - 2 }
            runs.temperatureP90 = hour.temperature.map { $0 + 2 }
            runs.precipChance = hour.precipProbability
            return runs
        }, daily: [])
        for cached in [Self.berlin(), spread] {
            let lines = Meteogram(width: 80, ascii: true, now: Self.now).lines(cached)
            let legend = lines.suffix(2).joined(separator: "  ").components(separatedBy: "  ").filter { !$0.isEmpty }
            func glyphs(_ name: String) throws -> Set<Character> {
                Set(try #require(legend.first { $0.hasSuffix(" " + name) || $0.contains(" " + name + " ") }, "\(name): \(legend)")
                    .prefix { $0 != " " })
            }
            let line = try glyphs("temp"), feels = try glyphs("feels"), night = try glyphs("night"), now = try glyphs("now")
            let bars = try glyphs(cached.spread == nil ? "rain by chance" : "rain by share of runs")
            var named = [line, feels, bars, night, now]
            if cached.spread != nil { named.append(Set(try #require(legend.first { $0.contains("of 40 runs") }).prefix { $0 != " " })) }
            for (index, one) in named.enumerated() {
                for other in named[(index + 1)...] { #expect(one.isDisjoint(with: other), "\(one) and \(other): \(legend)") }
            }
            func cells(_ row: String) -> Set<Character> { Set(row.dropFirst(Meteogram.gutter)).subtracting([" "]) }
            let temperature = lines[1...6].map(cells).reduce(Set<Character>()) { $0.union($1) }
            #expect(temperature.isSubset(of: line.union(feels).union(named.count > 5 ? named[5] : []).union(["|"])), "\(temperature)")
            #expect(temperature.isSuperset(of: feels), "\(lines.joined(separator: "\n"))")
            #expect(cells(lines[7]).isSubset(of: night.union(now).union(["-", "+"])), "\(lines[7])")
            let rain = cells(lines[8]).union(cells(lines[9]))
            #expect(!rain.isEmpty && rain.isSubset(of: bars), "\(lines[8])\n\(lines[9])")
        }
        let compact = Meteogram(width: 80, ascii: true, now: Self.now, hours: 24, isCompact: true).lines(Self.berlin())
        let barsOnTheAxis = Set(compact[3].dropFirst(Meteogram.gutter))
        #expect(barsOnTheAxis.isSubset(of: ["-", "+", ".", "#", "=", ":"]) && barsOnTheAxis.contains { "#=:".contains($0) }, "\(compact[3])")
    }
}

extension String {
    /// Without ANSI colour sequences.
    var withoutEscapes: String {
        var result = ""
        var inEscape = false
        for character in self {
            if character == "\u{1B}" { inEscape = true } else if inEscape { if character == "m" { inEscape = false } } else { result.append(character) }
        }
        return result
    }
}
