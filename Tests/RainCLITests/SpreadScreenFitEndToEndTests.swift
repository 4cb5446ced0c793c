import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issues 40 and 41: `show --spread` on a 24-line window. The spread took its lines from the
/// forecast's, which were cut at the last line that fitted: "Next 24 hours" and one braille
/// row, "Next 12 hours" and its times without temperatures, "Next 7 hours" over nothing.
@Suite struct SpreadScreenFitEndToEndTests {
    /// The hours' sections on `lines` that are not whole: a graph's heading without its time
    /// axis, a grid's heading without its temperatures, or either over nothing.
    static func fragments(_ lines: [String]) -> [String] {
        var broken: [String] = []
        for (index, line) in lines.enumerated() where line.contains(/^\s*Next [0-9]+ hours/) {
            let block = lines[(index + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("How sure") && !$0.contains(#/^\s*Next /#) }
            let whole = line.contains(" max ")
                // The graph: its bars' row and under it the hours' axis ("  00   03   06").
                ? block.contains { $0.contains("┼") || $0.contains("+") } && block.last?.contains(/^[\s0-9]+$/) == true
                // The grid: its times, and temperatures under them.
                : block.contains { $0.contains(":00") } && block.contains { $0.contains("°") }
            if !whole { broken.append(([line] + block).joined(separator: "\n")) }
        }
        return broken
    }

    @Test func theForecastAboveTheSpreadShowsWholeSections() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["show", "Berlin", "--spread"]).status == 0)
            for width in [80, 50] {
                for ascii in [false, true] {
                    let options = ["show", "Berlin", "--offline", "--spread"] + (ascii ? ["--ascii"] : [])
                    let lines = try await NewUserLeftoversEndToEndTests.screen(world, options, width: width, height: 24,
                                                                             language: "C.UTF-8", keyless: true)
                    let about = "\(width)x24 ascii \(ascii):\n" + lines.joined(separator: "\n")
                    #expect(lines.count <= 23 && lines.first?.contains("Berlin") == true, "\(about)")
                    #expect(lines.contains { $0.contains("How sure") } && Self.fragments(lines).isEmpty, "\(about)")
                    #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(about)")
                }
                // Into a pipe that says the window's size.
                let piped = try await world.keylessRain(["show", "Berlin", "--offline", "--spread"],
                                                        environment: ["COLUMNS": String(width), "LINES": "24"])
                let lines = piped.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                #expect(piped.status == 0 && lines.count <= 24 && Self.fragments(lines).isEmpty, "piped \(width):\n\(piped.output)")
            }
            // The graph is drawn whole, its axis and legend under it.
            let lines = try await NewUserLeftoversEndToEndTests.screen(world, ["show", "Berlin", "--offline", "--spread", "--graph"],
                                                                     width: 80, height: 24, language: "C.UTF-8", keyless: true)
            #expect(lines.contains { $0.contains(" 06 ") && $0.contains(" 12 ") } && lines.contains { $0.contains("of runs") },
                    "\(lines.joined(separator: "\n"))")
        }
    }

    /// 41: on 80x24 and 50x24 the spread took the forecast's days and left the conditions
    /// over it, so "will it rain Saturday, and how sure?" had no forecast row to read. The
    /// forecast gives up its hours and blank lines first; its days and the spread's are the
    /// same days, as many as the window holds, in English and German, UTF-8 and ASCII.
    @Test func theForecastsDaysStandAboveTheSpreadsOnTwentyFourLines() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["show", "Berlin", "--spread"]).status == 0)
            for width in [80, 50] {
                for (language, daysTitle, nextDays) in [("C.UTF-8", "How sure", "Next "), ("de_DE.UTF-8", "Wie sicher", "Nächste ")] {
                    for ascii in [false, true] {
                        let options = ["show", "Berlin", "--offline", "--spread"] + (ascii ? ["--ascii"] : [])
                        let lines = try await NewUserLeftoversEndToEndTests.screen(world, options, width: width, height: 24,
                                                                                 language: language, keyless: true)
                        let about = "\(width)x24 \(language) ascii \(ascii):\n" + lines.joined(separator: "\n")
                        #expect(lines.count <= 23 && lines.first?.contains("Berlin") == true, "\(about)")
                        let spreadStart = try #require(lines.firstIndex { $0.contains(daysTitle) }, "\(about)")
                        let title = try #require(lines[..<spreadStart].lastIndex { $0.hasPrefix("  " + (ascii ? nextDays.replacingOccurrences(of: "ä", with: "a") : nextDays)) }, "\(about)")
                        // A day's row starts with its label ("Di 8."; the spread flush left where its German rows
                        // need the indent's columns); a 50-column day's amounts take a line of their own.
                        func label(_ line: String) -> String? {
                            line.wholeMatch(of: #/ {0,2}(\S+(?: [0-9]+\S*)?) .*/#).map { String($0.output.1) }
                        }
                        let forecastDays = lines[(title + 1)..<spreadStart].compactMap(label)
                        let spreadDays = lines[spreadStart...].filter { $0.contains("40") && !$0.contains("ICON") }.compactMap(label)
                        // At 50 columns a day gives way to the sentence on the least sure day (issue 40).
                        #expect(forecastDays.count >= (width == 80 ? 5 : 3) && forecastDays == spreadDays, "\(about)")
                        #expect(lines[spreadStart...].contains { $0.contains(language == "C.UTF-8" ? "the high" : "Maximum") }, "\(about)")
                        #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(about)")
                    }
                }
            }
        }
    }

    /// 40: each day's runs are said with their noun whatever they bring (German said
    /// "Regen/Schnee in 40 von 40" under "trocken in 40 von 40 Läufen"), whole at 50 columns in
    /// every language, and the block is indented as the forecast's sections are.
    @Test func everyDaysRunsCarryTheirNounInEveryLanguage() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["show", "Berlin", "--spread"]).status == 0)
            // Every kind of day: all runs wet, the forecast's days rain, snow, both in turn; the last dry.
            let paths = RainPaths.resolve(environment: ["RAIN_HOME": home])
            let cache = ForecastCache(directory: paths.forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            for index in cached.forecast.daily.indices {
                cached.forecast.daily[index].precipAccumulation = index % 3 == 1 ? 0 : 0.4
                cached.forecast.daily[index].snowAccumulation = index % 3 == 0 ? 0 : 1.2
            }
            try cache.save(cached)
            let kept = SpreadCache(besideForecastsIn: paths.forecastsDirectory).directory + "/" + world.berlin.id.uuidString.lowercased() + ".json"
            var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: kept))) as? [String: Any])
            var spread = try #require(document["spread"] as? [String: Any])
            var days = try #require(spread["daily"] as? [[String: Any]])
            for index in days.indices { days[index]["rain_runs"] = index == days.count - 1 ? 0 : days[index]["runs"] }
            spread["daily"] = days
            document["spread"] = spread
            try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: kept))

            let nouns = ["C.UTF-8": "runs", "de_DE.UTF-8": "Läufen", "es_ES.UTF-8": "pasadas", "fr_FR.UTF-8": "cas", "it_IT.UTF-8": "corse",
                         "ja_JP.UTF-8": "メンバー", "nl_NL.UTF-8": "runs", "pl_PL.UTF-8": "przebiegów", "pt_BR.UTF-8": "rodadas",
                         "ru_RU.UTF-8": "прогонов", "zh_CN.UTF-8": "成员"]
            for (language, noun) in nouns {
                let shown = try await world.keylessRain(["show", "Berlin", "--offline", "--spread"], environment: ["COLUMNS": "50", "LANG": language])
                let lines = shown.output.split(separator: "\n").map(String.init)
                let rows = lines.drop { !$0.contains("ICON (DWD)") }.filter { $0.contains("°") && $0.contains("40") }
                let about = "\(language):\n\(shown.output)"
                #expect(shown.status == 0 && rows.count >= 5, "\(about)")
                #expect(rows.allSatisfy { $0.contains(noun) && !$0.hasSuffix("…") && $0.displayWidth <= 50 }, "\(about)")
                if language == "C.UTF-8" {
                    for kind in ["dry in", " rain in", " snow in", "rain/snow in"] { #expect(rows.contains { $0.contains(kind) }, "\(kind): \(about)") }
                }
            }
            for columns in ["80", "50"] {
                let shown = try await world.keylessRain(["show", "Berlin", "--offline", "--spread"], environment: ["COLUMNS": columns])
                let block = shown.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).drop { !$0.contains("How sure") }.prefix { !$0.isEmpty }
                #expect(block.count >= 5 && block.allSatisfy { $0.hasPrefix("  ") && $0.displayWidth <= Int(columns)! }, "\(shown.output)")
            }
        }
    }

    /// 40: the graph's legend says every part, the AQI row's scale too, on a second line where
    /// 80 columns hold no more (Berlin's lost "now" and "European AQI", New York's "US AQI");
    /// without the ensemble, the bars are named by the graph's wet hours as with it.
    @Test func theGraphsLegendSaysEveryPartAndWhatItsBarsAre() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            for (place, scale) in [("Berlin", "European AQI"), ("New York", "US AQI")] {
                for ascii in [false, true] {
                    let shown = try await world.keylessRain(["show", place, "--graph", "--spread"] + (ascii ? ["--ascii"] : []), environment: ["COLUMNS": "80"])
                    let lines = shown.output.split(separator: "\n").map(String.init)
                    let legend = lines.drop { !$0.contains("temp  ") }.prefix { !$0.isEmpty }.joined(separator: " ")
                    #expect(shown.status == 0 && lines.contains { $0.contains("AQI ") }, "\(shown)")
                    #expect(legend.contains(ascii ? "A now" : "▲ now") && legend.contains(scale) && legend.contains("of runs"), "\(place) ascii \(ascii):\n\(shown.output)")
                    #expect(lines.allSatisfy { $0.displayWidth <= 80 }, "\(shown.output)")
                }
            }
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            for index in cached.forecast.hourly.indices {
                cached.forecast.hourly[index].precipIntensity = index % 3 == 0 ? 0.8 : 0
                cached.forecast.hourly[index].precipType = "snow"
            }
            try cache.save(cached)
            for (ascii, words) in [(false, "█▒░ snow by chance"), (true, "#=: snow by chance")] {
                let shown = try await world.keylessRain(["show", "Berlin", "--offline", "--graph"] + (ascii ? ["--ascii"] : []), environment: ["COLUMNS": "80"])
                #expect(shown.status == 0 && shown.output.contains(words) && !shown.output.contains("rain by chance"), "\(shown.output)")
            }
            for index in cached.forecast.hourly.indices where index % 2 == 0 { cached.forecast.hourly[index].precipType = "rain" }
            try cache.save(cached)
            let both = try await world.keylessRain(["show", "Berlin", "--offline", "--graph"], environment: ["COLUMNS": "80", "LANG": "de_DE.UTF-8"])
            #expect(both.output.contains("Regen/Schnee nach Wahrscheinlichkeit"), "\(both.output)")
        }
    }

    /// 40: where the runs stop before the forecast's last day, a line says from which day
    /// (the forecast listed 7 days, "How sure" 6, with no word why); none where they do not.
    @Test func aSpreadShorterThanTheForecastSaysWhereItStops() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["show", "Berlin", "--spread"]).status == 0)
            let kept = SpreadCache(besideForecastsIn: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory).directory
                + "/" + world.berlin.id.uuidString.lowercased() + ".json"
            var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: kept))) as? [String: Any])
            var spread = try #require(document["spread"] as? [String: Any])
            let days = try #require(spread["daily"] as? [[String: Any]])
            spread["daily"] = Array(days.dropLast(2))
            document["spread"] = spread
            try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: kept))
            for (language, words) in [("C.UTF-8", #/^  No runs from (.+) on$/#), ("de_DE.UTF-8", #/^  Keine Läufe ab (.+)$/#)] {
                let shown = try await world.keylessRain(["show", "Berlin", "--offline", "--spread"], environment: ["COLUMNS": "50", "LANG": language])
                let lines = shown.output.split(separator: "\n").map(String.init)
                let notes: [Substring] = lines.compactMap { line in (try? words.wholeMatch(in: line)).flatMap { $0?.output.1 } }
                let note = try #require(notes.first, "\(language): \(shown.output)")
                // The first day of the forecast's the runs have no row for.
                let forecastRows = lines.prefix { !$0.contains("ICON") }.filter { $0.hasPrefix("  \(note) ") }
                let spreadRows = lines.drop { !$0.contains("ICON") }.filter { $0.hasPrefix("  \(note) ") }
                #expect(forecastRows.count == 1 && spreadRows.isEmpty, "\(language): \(shown.output)")
                #expect(lines.drop { !$0.contains("ICON") }.allSatisfy { $0.displayWidth <= 50 }, "\(shown.output)")
            }
            // Where the days asked for all have runs, no such line.
            let whole = try await world.keylessRain(["show", "Berlin", "--offline", "--spread", "--days", "3"], environment: ["COLUMNS": "50"])
            #expect(whole.status == 0 && !whole.output.contains("No runs from"), "\(whole.output)")
        }
    }
}
