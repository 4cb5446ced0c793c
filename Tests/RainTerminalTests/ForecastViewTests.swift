import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

@Suite struct ForecastViewTests {
    /// Five minutes after the fixture's current time: 14:42 in Berlin (summer, UTC+2).
    let now = ForecastFixtures.currentTime.addingTimeInterval(300)

    @Test func berlinAtEightyColumnsWithoutColour() throws {
        let text = ForecastView(width: 80, usesColor: false, now: now).render(try ForecastFixtures.berlinCached())
        let expected = """
            Berlin                                                  Thu 20 Aug 14:42 (UTC+2)
            52.52° N, 13.40° E · updated 5 min ago

              ◒  Partly Cloudy
                 24 °C, feels like 25 °C
                 Humidity 53%  ·  Wind 3.9 m/s WSW →, gusts 7.8 m/s  ·  Rain 8%  ·  UV 5
                 Pressure 1015 hPa  ·  Visibility 16 km
              ☀  Sunrise 05:57  ·  Sunset 20:21  ·  Daylight 14 h 24 min (-3 min 48 s)
              ◑  First quarter, 53% lit  ·  Moonrise 15:46  ·  Moonset 22:39

              Next 3 hours  Thunderstorms this evening.
              14:00 15:00 16:00
                ◒     ◒     ☂
               24°   25°   25°
               5%    21%   48%
               24°   26°   25°  feels
               4→    4→    5→   m/s

              Next 2 days  Thunderstorms today, then dry with highs near 23°C.
              Today   ↯   15° ··━━━━━━━━━━━━━━━━━━━━━━ 25°    72% 7.4 mm  Thunderstorms in…
              Fri 21  ◒   14° ━━━━━━━━━━━━━━━━━━━····· 23°    12% 0.2 mm  Partly cloudy thr…

              ! Thunderstorm warning (Moderate), until today 23:00
                Berlin. Thunderstorms with heavy rain of up to 20 l/m2 per hour and gusts
                near 65 km/h are expected.

            """
        #expect(text == expected)
        // Key facts, independently of the layout.
        #expect(text.contains("14:42 (UTC+2)"), "Berlin in August is UTC+2, from the IANA zone")
        #expect(text.contains("°C") && text.contains("m/s") && text.contains("mm"))
        #expect(!text.contains("-999") && !text.contains("nil"))
        #expect(!text.contains("\u{1B}"))
        for line in text.split(separator: "\n") { #expect(String(line).displayWidth <= 80, "\(line)") }
    }

    @Test func aDryDayWithSnowShowsItsDepth() throws {
        var cached = try ForecastFixtures.berlinCached()
        cached.forecast.daily[1].precipAccumulation = 0
        cached.forecast.daily[1].snowAccumulation = 2.5
        let line = try #require(ForecastView(width: 80, usesColor: false, now: now).render(cached)
            .split(separator: "\n").first { $0.hasPrefix("  Fri 21") })
        #expect(line.contains("12% 2.5 cm "), "\(line)")
        cached.forecast.daily[1].precipAccumulation = 0.68
        cached.forecast.daily[1].precipType = "snow"
        let snowDay = try #require(ForecastView(width: 80, usesColor: false, now: now).render(cached)
            .split(separator: "\n").first { $0.hasPrefix("  Fri 21") })
        #expect(snowDay.contains("12% 2.5 cm snow + 6.8 mm rain"), "a snow day shows its snow and its freezing rain: \(snowDay)")
        cached.forecast.daily[1].precipType = "rain"
        let rainDay = try #require(ForecastView(width: 80, usesColor: false, now: now).render(cached)
            .split(separator: "\n").first { $0.hasPrefix("  Fri 21") })
        #expect(rainDay.contains("12% 6.8 mm "), "\(rainDay)")
    }

    @Test func winterTimeInBerlinIsUTCPlusOne() throws {
        var cached = try ForecastFixtures.berlinCached()
        cached.fetchedAt = Date(timeIntervalSince1970: 1_798_800_000)  // 2027-01-01 10:40 UTC
        let text = ForecastView(width: 80, now: cached.fetchedAt).render(cached)
        #expect(text.contains("Fri 1 Jan 11:40 (UTC+1)"))
        #expect(text.contains("updated just now"))
    }

    @Test func unknownTimeZoneWithoutAnOffsetFallsBackToUTCAndSaysSo() throws {
        var cached = try ForecastFixtures.berlinCached()
        cached.forecast.timeZone = "Mars/Olympus_Mons"
        cached.forecast.utcOffset = nil
        let text = ForecastView(width: 80, now: now).render(cached)
        #expect(text.contains("Thu 20 Aug 12:42 UTC (unknown time zone)"))
    }

    /// A zone's name this machine does not know, with the answer's offset: that offset, and
    /// no name (the fixture's `offset` is 2 hours).
    @Test func unknownTimeZoneWithAnOffsetIsThatOffset() throws {
        var cached = try ForecastFixtures.berlinCached()
        cached.forecast.timeZone = "Mars/Olympus_Mons"
        #expect(cached.forecast.utcOffset == 7200)
        let text = ForecastView(width: 80, now: now).render(cached)
        #expect(text.contains("Thu 20 Aug 14:42 (UTC+2)") && !text.contains("Mars"), "\(text)")
    }

    @Test func hostileTextIsStripped() throws {
        var cached = try ForecastFixtures.berlinCached()
        let hostile = "Sunny\u{1B}]0;owned\u{07}\u{1B}[2J\r\n\u{9B}31m\u{202E}dlrow"
        cached.location.name = "Evil\u{1B}[31mTown"
        cached.forecast.current?.summary = hostile
        cached.forecast.hourlySummary = hostile
        cached.forecast.dailySummary = hostile
        cached.forecast.daily[0].summary = hostile
        cached.forecast.alerts[0].title = hostile
        cached.forecast.alerts[0].severity = hostile
        cached.forecast.alerts[0].regions = [hostile]
        cached.forecast.alerts[0].description = hostile
        cached.forecast.nextHour = .init(summary: hostile)
        for usesColor in [false, true] {
            let text = ForecastView(width: 80, usesColor: usesColor, now: now).render(cached)
            let scalars = text.unicodeScalars
            #expect(!scalars.contains("\u{07}") && !scalars.contains("\u{9B}") && !scalars.contains("\u{202E}") && !scalars.contains("\r"))
            #expect(!text.contains("\u{1B}]") && !text.contains("\u{1B}[2J") && !text.contains("\u{1B}[31mTown"))
            #expect(text.contains("EvilTown") || text.contains("Evil[31mTown"))
            if !usesColor { #expect(!text.contains("\u{1B}")) }
        }
    }

    @Test func colourOnlyWhenAsked() throws {
        let cached = try ForecastFixtures.berlinCached()
        let coloured = ForecastView(width: 80, usesColor: true, now: now).render(cached)
        let plain = ForecastView(width: 80, usesColor: false, now: now).render(cached)
        #expect(coloured.contains("\u{1B}["))
        #expect(!plain.contains("\u{1B}"))
        let stripped = coloured.replacing(#/\x1B\[[0-9;]*m/#, with: "")
        #expect(stripped == plain, "colour changes nothing but the escape sequences")
        for line in coloured.split(separator: "\n") { #expect(String(line).displayWidth <= 80) }
    }

    @Test(arguments: [80, 100, 120, 200])
    func noLineIsWiderThanTheWidth(width: Int) {
        for units in UnitSystem.allCases {
            let text = ForecastView(width: width, usesColor: true, now: ForecastSamples.start).render(ForecastSamples.full(units: units, name: "東京都 " + String(repeating: "Long Name ", count: 20)))
            for line in text.split(separator: "\n") { #expect(String(line).displayWidth <= width, "\(line)") }
        }
    }

    @Test func narrowerThanEightyCutsLines() {
        let text = ForecastView(width: 50, now: ForecastSamples.start).render(ForecastSamples.full(units: .si))
        for line in text.split(separator: "\n") { #expect(String(line).displayWidth <= 50, "\(line)") }
    }

    @Test func widerWidthShowsMoreHoursAndLongerBars() throws {
        let cached = ForecastSamples.full(units: .us)
        let narrow = ForecastView(width: 80, now: ForecastSamples.start).render(cached)
        let wide = ForecastView(width: 140, now: ForecastSamples.start).render(cached)
        #expect(narrow.contains("Next 12 hours"))
        #expect(wide.contains("Next 22 hours"))
        func longestBar(_ text: String) -> Int {
            text.split(separator: "\n").map { line in line.filter { "·━┃".contains($0) }.count }.max() ?? 0
        }
        #expect(longestBar(narrow) == 24)
        #expect(longestBar(wide) == 54)
        #expect(wide.split(separator: "\n").map { String($0).displayWidth }.max()! > 80)
    }

    @Test func usUnitsAreLabelledFahrenheitAndMiles() {
        let text = ForecastView(width: 80, now: ForecastSamples.start).render(ForecastSamples.full(units: .us))
        #expect(text.contains("84 °F, feels like 90 °F"))
        #expect(text.contains("Wind 9.4 mph S ↑"))
        #expect(text.contains("0.1 in"))
        #expect(!text.contains("°C") && !text.contains("m/s") && !text.contains("km/h"))
        #expect(text.contains("8:37 AM (UTC-4)"), "New York in August, 12-hour clock")
        #expect(text.contains("  8 AM  9 AM  10 AM 11 AM 12 PM 1 PM"))
        #expect(text.contains("updated 3 h ago"))
        #expect(text.contains("Light rain starting in 12 min"))
    }

    @Test(arguments: [(UnitSystem.si, "m/s"), (.ca, "km/h"), (.uk, "mph"), (.us, "mph")])
    func windIsLabelledPerUnitSystem(units: UnitSystem, label: String) {
        let text = ForecastView(width: 80, now: ForecastSamples.start).render(ForecastSamples.full(units: units))
        #expect(text.contains("Wind 9.4 \(label)"))
        #expect(text.contains(units == .us ? "°F" : "°C"))
    }

    @Test func rangeBarsShareOneScale() throws {
        let cached = ForecastSamples.days(lows: [10, 5, 12, nil], highs: [20, 15, 30, 18])
        let text = ForecastView(width: 80, now: ForecastSamples.start).render(cached)
        let bars = text.split(separator: "\n").map { line in String(line.filter { "·━┃".contains($0) }) }.filter { $0.count > 1 }
        try #require(bars.count == 4)
        #expect(Set(bars.map(\.count)) == [24], "every bar has the same length")
        #expect(bars[1].hasPrefix("━") && !bars[1].hasSuffix("━"), "the coldest low touches the left end")
        #expect(bars[2].hasSuffix("━") && !bars[2].hasPrefix("━"), "the warmest high touches the right end")
        #expect(!bars[0].hasPrefix("━") && !bars[0].hasSuffix("━"))
        #expect(bars[3].filter { $0 == "┃" }.count == 1, "a day with only a high is a single mark")
        // 10...20 on a 5...30 scale over 24 cells: cells 5...14.
        #expect(bars[0] == String(repeating: "·", count: 5) + String(repeating: "━", count: 10) + String(repeating: "·", count: 9))
        #expect(text.contains("   –") || text.contains(" – "))
    }

    @Test func pastDaysAndHoursAreNotShown() throws {
        let cached = try ForecastFixtures.berlinCached()
        let tomorrow = Date(timeIntervalSince1970: 1_787_290_000)  // 2026-08-21 05:26 UTC, 07:26 in Berlin
        let text = ForecastView(width: 80, now: tomorrow).render(cached)
        #expect(!text.contains("Today   ↯"))
        #expect(text.contains("Today   ◒"))
        #expect(!text.contains("Next 3 hours") && !text.contains("14:00"))
        #expect(!text.contains("Thunderstorm warning"), "the alert expired at 23:00 yesterday")
        #expect(text.contains("updated 16 h ago"))
    }

    @Test func missingValuesShowAsDashes() {
        var forecast = Forecast(coordinate: Coordinate(latitude: -33.87, longitude: 151.21), timeZone: "Australia/Sydney", units: .si)
        forecast.current = Forecast.Conditions(time: ForecastSamples.start)
        var hour = Forecast.Hour(time: ForecastSamples.start)
        hour.icon = "mystery"
        forecast.hourly = [hour]
        let cached = CachedForecast(location: Location(name: "Sydney", coordinate: forecast.coordinate),
                                    fetchedAt: ForecastSamples.start, source: "darksky", forecast: forecast)
        let text = ForecastView(width: 80, now: ForecastSamples.start).render(cached)
        #expect(text.contains("33.87° S, 151.21° E"))
        #expect(text.contains("     –\n"))
        #expect(!text.contains("nil") && !text.contains("-999") && !text.contains("feels like"))
        #expect(text.contains("22:37 (UTC+10)"))
    }
}

/// Issue 22, item 6, as issue 20 words it: a little rain never reads "0": half a millimetre
/// is "<0.1 in" in `us` units.
@Suite struct SmallAmountsTests {
    @Test func aTraceIsLessThanATenth() {
        #expect(MeasureFormat.amount(0.02) == "<0.1")
        #expect(MeasureFormat.amount(0.004) == "<0.1")
        #expect(MeasureFormat.amount(0.06) == "0.1")
        #expect(MeasureFormat.amount(2.35) == "2.4" || MeasureFormat.amount(2.35) == "2.3")
        #expect(MeasureFormat.amount(0) == "0" && MeasureFormat.amount(nil) == MeasureFormat.missing)
    }

    @Test func theDaysShowHalfAMillimetreInInches() {
        var cached = ForecastSamples.full(units: .us, name: "Boston")
        cached.forecast.daily[0].precipType = "rain"
        cached.forecast.daily[0].precipAccumulation = 0.5 / 25.4
        cached.forecast.daily[0].snowAccumulation = nil
        let text = ForecastView(width: 80, now: ForecastSamples.start).render(cached)
        #expect(text.contains("<0.1 in"), "\(text)")
    }
}
