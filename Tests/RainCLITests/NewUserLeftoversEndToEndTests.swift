import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issues 40 and 41: what a new user's trial (README only, a clean clone) left, each through
/// the real binary.
@Suite struct NewUserLeftoversEndToEndTests {
    /// A day's row: its label, symbol and low ("  Mon 7  ☀   3° ──── 8°  10%", "  Heute  *  -5 ...").
    static func isDayRow(_ line: String) -> Bool {
        line.contains(/^  (Today|Heute|\S+ [0-9]+\.?)\s+\S+\s+-?[0-9]+°?\s/)
    }

    /// `rain ARGUMENTS` on a terminal of `width` x `height`; its lines, above the prompt the
    /// shell prints after it on the same line (a prompt on a line of its own would scroll the
    /// first line away). `extra`: more environment, over the world's.
    static func screen(_ world: ForecastWorld, _ arguments: [String], width: Int, height: Int, language: String,
                       keyless: Bool = false, environment extra: [String: String] = [:]) async throws -> [String] {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        let variables = (keyless ? world.keylessEnvironment : world.environment).merging(["TERM": "xterm-256color", "LANG": language]) { $1 }
            .merging(extra) { $1 }
            .map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let command = "env \(variables) \(shellQuoted(BuiltProduct.path("rain"))) " + arguments.map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(folder: world.home, shellCommand: command + "; printf 'PROMPT>'; sleep 600", width: width, height: height)
        defer { tmux.kill() }
        _ = try await tmux.waitForScreen(containing: "PROMPT>", limit: .seconds(90))
        return try tmux.lines().filter { $0 != "PROMPT>" }
    }

    /// 41: at 80x24 and 50x24 (UTF-8 and ASCII, English and German) the forecast screen shows
    /// as many days as its 23 lines hold: a day fewer only where one more would not fit (at
    /// 50x24 it showed one day with 3 lines to spare). One day has no "Next day" over it.
    /// Without a key, as the README's first steps (Open-Meteo: a snow day's amounts take a line).
    @Test func theScreenShowsAsManyDaysAsFit() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            // A screen a line or two over with one day, until the sun and moon give way (4 lines
            // at 50 columns): an alert of one line, and no next hour (which comes and goes).
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            cached.forecast.nextHour = nil
            cached.forecast.alerts = [Forecast.Alert(title: "Wind warning", expires: Date().addingTimeInterval(86_400))]
            try cache.save(cached)
            for width in [80, 50] {
                for (language, title) in [("C.UTF-8", "Next"), ("de_DE.UTF-8", "Nächste")] {
                    for ascii in [false, true] {
                        let lines = try await Self.screen(world, ["show", "Berlin", "--offline"] + (ascii ? ["--ascii"] : []),
                                                          width: width, height: 24, language: language, keyless: true)
                        let about = "\(width) \(language) ascii \(ascii):\n" + lines.joined(separator: "\n")
                        let days = lines.filter(Self.isDayRow).count
                        #expect(lines.count <= 23 && lines.first?.contains("Berlin") == true, "\(about)")
                        #expect(days >= 1, "\(about)")
                        // One more day takes a line or two (its amounts under it; the title after a lone day).
                        if days < 7 { #expect(lines.count >= 22, "a day more fits: \(about)") }
                        if days > 1 { #expect(lines.contains { $0.hasPrefix("  " + (ascii ? title.replacingOccurrences(of: "ä", with: "a") : title)) && $0.contains(" \(days) ") }, "the title counts the days: \(about)") }
                        if ascii { #expect(lines.joined().unicodeScalars.allSatisfy { $0.isASCII }, "\(about)") }
                    }
                }
            }
            // A lone day is titled by its own row: "Today", not "Next day" over it.
            for (language, words) in [("C.UTF-8", ["Next day", "Today"]), ("de_DE.UTF-8", ["Nächster Tag", "Heute"])] {
                let one = try await world.keylessRain(["show", "Berlin", "--offline", "--days", "1"], environment: ["LANG": language])
                #expect(one.status == 0, "\(one)")
                #expect(!one.output.contains(words[0]) && one.output.contains("  \(words[1]) "), "\(language): \(one.output)")
            }
        }
    }

    /// 41: a snow day that also brings rain names each amount, at 80 and 50 columns of a
    /// terminal (under its row where the row has no room) and into a pipe, in English and German.
    @Test func aDayOfSnowAndRainNamesEachAmount() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            try #require(cached.forecast.units == .si && cached.forecast.daily.count > 2)
            cached.forecast.daily[1].snowAccumulation = 1.8
            cached.forecast.daily[1].precipAccumulation = 0.61
            cached.forecast.daily[1].precipType = "snow"
            cached.forecast.daily[1].summary = "Snow"
            try cache.save(cached)
            for (language, both) in [("C.UTF-8", "1.8 cm snow + 6.1 mm rain"), ("de_DE.UTF-8", "1,8 cm Schnee + 6,1 mm Regen")] {
                let piped = try await world.rain(["show", "Berlin", "--offline"], environment: ["LANG": language])
                #expect(piped.output.contains(both), "\(language): \(piped.output)")
                for width in [80, 50] {
                    let lines = try await Self.screen(world, ["show", "Berlin", "--offline", "--days", "3"], width: width, height: 60, language: language)
                    #expect(lines.contains { $0.contains(both) } && lines.allSatisfy { $0.displayWidth <= width },
                            "\(width) \(language):\n\(lines.joined(separator: "\n"))")
                }
            }
        }
    }

    /// 40: the day the runs disagree on is said to be about its high, and the graph's legend
    /// names what its bars count: snow where the forecast's wet hours are snow, rain/snow where
    /// they are both.
    @Test func theSpreadSaysWhatItCounts() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home, now: EnsembleSpreadEndToEndTests.now)
            let shown = try await world.keylessRain(["show", "Berlin", "--spread"], environment: ["COLUMNS": "50"])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.output.contains(": runs disagree on the high, ") || shown.output.contains(": the high is least sure, "), "\(shown.output)")
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            for index in cached.forecast.hourly.indices {
                cached.forecast.hourly[index].precipIntensity = index % 3 == 0 ? 0.8 : 0
                cached.forecast.hourly[index].precipType = "snow"
            }
            try cache.save(cached)
            for (language, snow) in [("C.UTF-8", "snow by share of runs"), ("de_DE.UTF-8", "Schnee nach Anteil der Läufe")] {
                let graph = try await world.keylessRain(["show", "Berlin", "--offline", "--graph", "--spread"], environment: ["COLUMNS": "80", "LANG": language])
                #expect(graph.status == 0 && graph.output.contains(snow), "\(language): \(graph)")
            }
            for index in cached.forecast.hourly.indices where index % 2 == 0 { cached.forecast.hourly[index].precipType = "rain" }
            try cache.save(cached)
            let both = try await world.keylessRain(["show", "Berlin", "--offline", "--graph", "--spread", "--ascii"], environment: ["COLUMNS": "80"])
            #expect(both.output.contains("#=: rain/snow by share of runs"), "\(both)")
        }
    }

    /// 41: hints name a saved place as a person types it, by its ID only where its name
    /// names another place too; with no place saved, the hint offers `--here`.
    @Test func hintsNameThePlace() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
            let york = try store.add(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.01)).location
            let offline = try await world.rain(["show", "New York", "--offline"])
            #expect(offline.error.contains("rain: hint: fetch one when online: rain refresh 'New York'\n"), "\(offline)")
            let spread = try await world.rain(["show", "Berlin", "--offline", "--spread"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(spread.error.contains("rain refresh Berlin"), "\(spread)")
            // A second Berlin: the name no longer says which.
            _ = try store.add(Location(name: "Berlin", coordinate: Coordinate(latitude: 44.47, longitude: -71.18)), again: true)
            let twice = try await world.rain(["show", world.berlin.shortID, "--offline"])
            #expect(twice.error.contains("rain refresh \(world.berlin.shortID)\n"), "\(twice)")
            #expect(try await world.rain(["refresh", "New York"]).status == 0)
            let kept = try await world.rain(["show", "New York", "--offline", "--spread"])
            #expect(kept.error.contains("rain: hint: ask for one when online: rain show 'New York' --spread\n"), "\(kept)")
            _ = york

            let empty = home + "/empty"
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            for (language, here) in [("C.UTF-8", "or where this machine is: rain locations add --here"), ("de_DE.UTF-8", "oder wo dieser Rechner steht: rain locations add --here")] {
                let none = try await BuiltProduct.run("rain", [], environment: ["RAIN_HOME": empty, "LANG": language])
                #expect(none.status == 66 && none.error.contains("rain: hint: \(here)\n"), "\(language): \(none)")
                #expect(none.error.split(separator: "\n").allSatisfy { String($0).displayWidth <= 80 }, "\(none.error)")
            }
        }
    }
}
