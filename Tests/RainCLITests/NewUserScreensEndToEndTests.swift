import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issues 40 and 41: what a new user's trial of the screens left, through the real binary.
@Suite struct NewUserScreensEndToEndTests {
    /// The rows of a day list under `title`: each row's label ("Sat 12", "Sa 12."), up to
    /// the first line that is no day's (a row's amounts on a line of their own are skipped).
    static func dayLabels(_ lines: ArraySlice<String>) -> [String] {
        lines.compactMap { line in
            line.wholeMatch(of: #/ {0,2}(\S+(?: [0-9]+\S*)?) .*[0-9].*/#).map { String($0.output.1) }
        }
    }

    /// 40/41: `show Berlin --spread` on 80x24 left out Saturday while the least sure day's
    /// sentence, the conditions' details and the air stood. Every day with runs is shown, in
    /// the forecast and in the spread, in English and German, UTF-8 and ASCII; at 50x24 both
    /// show the same days, more than the four they had.
    @Test func theSpreadShowsEveryDayWithRunsOnEightyByTwentyFour() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["show", "Berlin", "--spread"]).status == 0)
            // ICON's runs reach 7 days and more: each of the forecast's days has them, 7 in the
            // simulator's usual weather, 6 at an hour whose next-hour sentence and today's
            // snow-and-rain amounts (a row of their own) take a day's lines.
            let withRuns = 6
            for width in [80, 50] {
                for (language, title, spreadTitle) in [("C.UTF-8", "Next ", "How sure"), ("de_DE.UTF-8", "Nächste ", "Wie sicher")] {
                    for ascii in [false, true] {
                        let options = ["show", "Berlin", "--offline", "--spread"] + (ascii ? ["--ascii"] : [])
                        let lines = try await NewUserLeftoversEndToEndTests.screen(world, options, width: width, height: 24,
                                                                                 language: language, keyless: true)
                        let about = "\(width)x24 \(language) ascii \(ascii):\n" + lines.joined(separator: "\n")
                        #expect(lines.count <= 23 && lines.first?.contains("Berlin") == true, "\(about)")
                        #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(about)")
                        let heading = ascii ? title.replacingOccurrences(of: "ä", with: "a") : title
                        let start = try #require(lines.firstIndex { $0.contains(spreadTitle) }, "\(about)")
                        let days = try #require(lines[..<start].lastIndex { $0.hasPrefix("  " + heading) }, "\(about)")
                        let forecastDays = Self.dayLabels(lines[(days + 1)..<start])
                        let spreadDays = Self.dayLabels(lines[(start + 2)...].filter { $0.contains("40") })
                        #expect(forecastDays == spreadDays, "\(about)")
                        #expect(spreadDays.count >= (width == 80 ? withRuns : 5), "\(about)")
                        // What the ranges are is still said, on the columns' heading where it has no line.
                        #expect(lines[start...].contains { $0.contains("80") }, "\(about)")
                    }
                }
            }
        }
    }

    /// 41: in ASCII one glyph meant several things on a screen: `O` overcast and the new moon,
    /// `/` rain and two opposite winds, `*` the sun and the current place, `!` thunder and an
    /// alert. Each symbol is its own, the wind's arrows are four (`^ > v <`), and the
    /// conditions line names the wind's point alone.
    @Test func eachASCIISymbolMeansOneThing() async throws {
        try await withTemporaryDirectory { home in
            // A new moon on 8 December 2026 (rain's own moon says 0% lit).
            let world = try ForecastWorld(home: home, now: Date(timeIntervalSince1970: 1_796_731_200)) // 2026-12-08 12:00 UTC
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            let icons = ["clear-day", "cloudy", "thunderstorm", "wind", "rain", "partly-cloudy-day", "snow"]
            let expected = ["S", "O", "Z", "W", "/", "o", "+"]
            for index in cached.forecast.daily.indices { cached.forecast.daily[index].icon = icons[index % icons.count] }
            for index in cached.forecast.hourly.indices {
                cached.forecast.hourly[index].windSpeed = 5
                cached.forecast.hourly[index].windBearing = Double(index * 45 % 360)
            }
            cached.forecast.current?.windSpeed = 5
            cached.forecast.current?.windBearing = 45
            try cache.save(cached)
            for (width, language) in [("80", "C.UTF-8"), ("50", "de_DE.UTF-8")] {
                let shown = try await world.keylessRain(["show", "Berlin", "--offline", "--ascii"], environment: ["COLUMNS": width, "LANG": language])
                let lines = shown.output.split(separator: "\n").map(String.init)
                #expect(shown.status == 0, "\(shown)")
                // The days' symbols, from today.
                let symbols = lines.compactMap { $0.wholeMatch(of: #/  \S+(?: [0-9]+\.?)?\s+(\S)\s+-?[0-9]+ .*/#).map { String($0.output.1) } }
                // The days from today, in the order their icons were given.
                let inOrder = (0..<expected.count).contains { start in symbols == (0..<symbols.count).map { expected[(start + $0) % expected.count] } }
                #expect(symbols.count >= 3 && inOrder, "\(width):\n\(shown.output)")
                #expect(lines.contains { $0.hasPrefix("  0  ") && $0.contains(language == "C.UTF-8" ? "New moon" : "Neumond") }, "\(shown.output)")
                // The now line names the point without an arrow; the hours' wind row has four arrows, no diagonal.
                let wind = try #require(lines.first { $0.contains("Wind ") }, "\(shown.output)")
                #expect(wind.contains(#/Wind [0-9.,]+ m\/s (NE|NO)(,|  |$)/#), "\(wind)")
                let windRow = try #require(lines.first { $0.hasSuffix("m/s") && !$0.contains("Wind") }, "\(shown.output)")
                let arrows = windRow.dropLast(3)
                #expect(!arrows.contains("/") && !arrows.contains("\\") && arrows.contains(/[0-9][\^>v<]/), "\(windRow)")
            }
        }
    }

    /// 41: `show --parts` at 40 and 50 columns cut the title, the parts' names (German's
    /// "Nachm." and "Nacht" were both "Nac…"), the age and the daylight's change; the help did
    /// not say what "Tonight" is.
    @Test func thePartsFitFortyAndFiftyColumnsWithoutCutWords() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            for width in [40, 50] {
                let namesByLanguage = [("C.UTF-8", width == 40 ? ["Morn.", "Aft.", "Eve.", "Night"] : ["Morning", "Afternoon", "Evening", "Night"]),
                                       ("de_DE.UTF-8", ["Vorm.", "Nachm.", "Abend", "Nacht"]),
                                       ("fr_FR.UTF-8", ["Matin", width == 40 ? "Aprèm" : "Apr.-midi", "Soir", "Nuit"])]
                for (language, names) in namesByLanguage {
                    for ascii in [false, true] {
                        let lines = try await NewUserLeftoversEndToEndTests.screen(world, ["show", "Berlin", "--offline", "--parts"] + (ascii ? ["--ascii"] : []),
                                                                                 width: width, height: 60, language: language, keyless: true)
                        let about = "\(width) \(language) ascii \(ascii):\n" + lines.joined(separator: "\n")
                        #expect(lines.first?.hasPrefix("Berlin") == true && lines.allSatisfy { $0.displayWidth <= width }, "\(about)")
                        // Each part's name whole on the heading row.
                        let shown = names.map { ascii ? $0.replacingOccurrences(of: "è", with: "e") : $0 }
                        let heading = lines.firstIndex { line in shown.allSatisfy { line.contains(" " + $0) } }
                        #expect(heading != nil, "\(about)")
                        // The parts, title and rows, uncut (the conditions' sentences above them may
                        // be cut at 40 columns, below the 50 every screen is made for).
                        if let heading {
                            #expect(!lines[max(0, heading - 1)...].contains { $0.contains(ascii ? "~" : "…") }, "\(about)")
                        }
                    }
                }
            }
            let help = try await world.keylessRain(["show", "--help"])
            #expect(help.status == 0 && help.output.contains("Tonight") && help.output.contains("06:00"), "\(help.output)")
        }
    }

    /// 41: the small graph of the next 24 hours named no new day where its midnight was too
    /// near the right edge (drawn after 01:00) or at its start (drawn after 00:00).
    @Test(arguments: [(1_796_690_400.0, "Wed 9", "Mi 9."), (1_796_685_600.0, "Tue 8", "Di 8.")]) // 01:40 and 00:20 in Berlin
    func theSmallGraphNamesEachNewDay(_ now: Double, _ english: String, _ german: String) async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home, now: Date(timeIntervalSince1970: now))
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            for (language, day) in [("C.UTF-8", english), ("de_DE.UTF-8", german)] {
                for ascii in [false, true] {
                    let shown = try await world.onPseudoTerminal(["show", "Berlin", "--offline"] + (ascii ? ["--ascii"] : []), width: 80, keyless: true,
                                                                environment: ["LANG": language])
                    let axis = try #require(shown.lines.firstIndex { $0.hasPrefix(" mm/h") }, "\(shown.lines.joined(separator: "\n"))")
                    let labels = shown.lines[axis + 1]
                    #expect(labels.contains(day) && labels.displayWidth <= 80, "\(language) ascii \(ascii):\n\(shown.lines.joined(separator: "\n"))")
                }
            }
        }
    }

    /// 41: `watch` on 80x24 with one day stood two blank lines over its status line; `watch
    /// --all` did not say what `*` and `!` mean, as `show --all` does.
    @Test func watchHasNoStrayBlankLinesAndItsPlacesALegend() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            for (keyless, language) in [(true, "C.UTF-8"), (false, "de_DE.UTF-8")] {
                let variables = (keyless ? world.keylessEnvironment : world.environment).merging(["TERM": "xterm-256color", "LANG": language]) { $1 }
                    .map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
                let command = "env \(variables) \(shellQuoted(BuiltProduct.path("rain"))) watch Berlin --every 1h; sleep 600"
                let tmux = try TmuxSession(folder: home, shellCommand: command, width: 80, height: 24)
                defer { tmux.kill() }
                _ = try await tmux.waitForScreen(containing: keyless ? "q to quit" : "q beendet", limit: .seconds(90))
                try await waitUntil { try tmux.lines().contains { $0.hasPrefix(keyless ? "  Today" : "  Heute") } }
                let screen = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix(24)
                let about = "keyless \(keyless):\n" + screen.joined(separator: "\n")
                #expect(screen.count == 24 && screen.last?.contains(keyless ? "q to quit" : "q beendet") == true, "\(about)")
                #expect(!zip(screen, screen.dropFirst()).contains { $0.isEmpty && $1.isEmpty }, "\(about)")
                try tmux.send("q")
            }
            for (language, current) in [("C.UTF-8", "* the current location"), ("de_DE.UTF-8", "* der aktuelle Ort")] {
                for width in [80, 50] {
                    let variables = world.keylessEnvironment.merging(["TERM": "xterm-256color", "LANG": language]) { $1 }
                        .map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
                    let command = "env \(variables) \(shellQuoted(BuiltProduct.path("rain"))) watch --all --every 1h --ascii; sleep 600"
                    let tmux = try TmuxSession(folder: home, shellCommand: command, width: width, height: 24)
                    defer { tmux.kill() }
                    let screen = try await tmux.waitForScreen(containing: current, limit: .seconds(90))
                    #expect(screen.contains("Berlin") && screen.contains("Tokyo"), "\(screen)")
                    try tmux.send("q")
                }
            }
        }
    }

    /// 41: the simulator's geocoder found no "Lodz", as the real one does from GeoNames'
    /// alternate names without a language; rain saves Łódź by its own name.
    @Test func lodzFindsLodzAsTheRealGeocoderDoes() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let added = try await world.keylessRain(["locations", "add", "lodz"])
            #expect(added.status == 0 && added.output.hasPrefix("Added Łódź, Łódź Voivodeship, Poland (51.75, 19.47)"), "\(added)")
            let shown = try await world.keylessRain(["show", "Lodz", "--ascii"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(shown.status == 0 && shown.output.hasPrefix("Lodz"), "\(shown)")
        }
    }
}
