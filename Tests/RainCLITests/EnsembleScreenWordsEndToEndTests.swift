import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 40, a new user's trial of `rain show --spread`, through the real binary in a terminal
/// (tmux) at 50 and 80 columns, in English, German and Japanese: the screen says once what
/// its ranges are (the middle 80% of the runs), names the model as a person knows it (the
/// id stays in `--json`), labels its days as the forecast's days are (`Today`), and words a
/// day's wet runs by what the forecast brings that day (snow, rain, either); periodic
/// refreshes say the ensemble's failures in one line for the run.
@Suite struct EnsembleScreenWordsEndToEndTests {
    struct Words {
        var language: String
        var title: String
        var range: String
        var today: String
        var rain: String, snow: String, either: String, dry: String
    }

    static let english = Words(language: "C.UTF-8", title: "How sure: ICON (DWD), 40 runs", range: "Highs and lows: the middle 80% of the runs",
                               today: "Today", rain: "rain in 40 of 40 runs", snow: "snow in 40 of 40 runs",
                               either: "rain/snow in 40 of 40 runs", dry: "dry in 40 of 40 runs")
    static let german = Words(language: "de_DE.UTF-8", title: "Wie sicher: ICON (DWD), 40 Läufe", range: "Max und Min: die mittleren 80% der Läufe",
                              today: "Heute", rain: "Regen in 40/40 Läufen", snow: "Schnee in 40/40 Läufen",
                              either: "Regen/Schnee in 40/40 Läufen", dry: "trocken in 40/40 Läufen")
    static let japanese = Words(language: "ja_JP.UTF-8", title: "確からしさ: ICON (DWD)、40 メンバー", range: "最高・最低: メンバーの中央 80% の範囲",
                                today: "今日", rain: "40 メンバー中 40 で雨", snow: "40 メンバー中 40 で雪",
                                either: "40 メンバー中 40 で雨か雪", dry: "40 メンバー中 40 で降水なし")

    /// `rain ARGUMENTS` as a user without a key, in a `width`-column terminal; its lines.
    static func screen(_ world: ForecastWorld, _ arguments: [String], width: Int, language: String) async throws -> [String] {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        let folder = world.home + "/t" + UUID().uuidString.prefix(6)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let variables = world.keylessEnvironment.merging(["TERM": "xterm-256color", "LANG": language]) { $1 }
            .map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let command = "env \(variables) \(shellQuoted(BuiltProduct.path("rain"))) " + arguments.map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(folder: folder, shellCommand: command + "\necho \"rain exited with $?\"\nsleep 60", width: width, height: 100)
        defer { tmux.kill() }
        let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(screen)")
        return Array(lines.prefix { !$0.hasPrefix("rain exited") })
    }

    /// Berlin's spread fetched and kept, then made to say each kind of wet day: of the days
    /// after today, every run wet on the first three, whose forecast brings rain, snow, and
    /// both; every run dry on the fourth.
    static func keptWetDays(_ world: ForecastWorld) async throws {
        let fetched = try await world.keylessRain(["show", "Berlin", "--spread", "--json"])
        #expect(fetched.status == 0, "\(fetched.error)")
        let keptPath = world.home + "/cache/ensembles/\(world.berlin.idString).json"
        var kept = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: keptPath))) as? [String: Any])
        var spread = try #require(kept["spread"] as? [String: Any])
        var daily = try #require(spread["daily"] as? [[String: Any]])
        try #require(daily.count >= 6)
        let cache = ForecastCache(directory: world.home + "/cache/forecasts")
        var cached = try #require(try cache.load(for: world.berlin.id))
        let kinds: [(liquid: Double?, snow: Double?, wet: Bool)] = [(0.5, nil, true), (nil, 2, true), (0.3, 1, true), (nil, nil, false)]
        // Today's: in the hour after the place's midnight, before UTC's, the ensemble's days
        // (in UTC) still begin with yesterday.
        let today = try #require(daily.firstIndex { day in
            (day["time"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }.map { $0.addingTimeInterval(86400) > Date() } ?? false
        })
        try #require(daily.count >= today + 5)
        for (offset, kind) in kinds.enumerated() {
            let index = today + offset + 1
            let runs = try #require(daily[index]["runs"] as? Int)
            daily[index]["rain_runs"] = kind.wet ? runs : 0
            daily[index]["precip_chance"] = kind.wet ? 1 : 0
            let written = try #require(daily[index]["time"] as? String)
            let time = try #require(ISO8601DateFormatter().date(from: written))
            let day = try #require(cached.forecast.daily.firstIndex { $0.time == time }, "the forecast has the spread's day \(time)")
            cached.forecast.daily[day].precipAccumulation = kind.liquid
            cached.forecast.daily[day].snowAccumulation = kind.snow
            cached.forecast.daily[day].precipType = kind.snow == nil ? (kind.liquid == nil ? nil : "rain") : "snow"
        }
        spread["daily"] = daily
        kept["spread"] = spread
        try JSONSerialization.data(withJSONObject: kept).write(to: URL(fileURLWithPath: keptPath))
        try cache.save(cached)
    }

    /// Items 1 to 4 in three languages at 50 and 80 columns.
    @Test(arguments: [english, german, japanese].flatMap { words in [50, 80].map { (words.language, $0) } })
    func theSpreadReadsAsTheForecastDoes(_ language: String, _ width: Int) async throws {
        let words = try #require([Self.english, Self.german, Self.japanese].first { $0.language == language })
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            try await Self.keptWetDays(world)
            let lines = try await Self.screen(world, ["show", "Berlin", "--offline", "--spread"], width: width, language: language)
            let screen = lines.joined(separator: "\n")

            // The model as a person knows it; never its id.
            let title = try #require(lines.firstIndex { $0.hasPrefix(words.title) || $0.hasPrefix("  " + words.title) }, "\(screen)")
            #expect(!screen.contains("icon_seamless"), "\(screen)")
            // The spread's lines, indented as the forecast's sections are where they fit so.
            let indent = lines[title].hasPrefix("  ") ? 2 : 0
            let spread = lines[title...].map { String($0.dropFirst(indent)) }
            // What the ranges are, once, under the title.
            #expect(spread[1] == words.range, "\(screen)")
            // (Within the spread: the conditions above may say "Humidity 80%".)
            #expect(lines[title...].filter { $0.contains("80%") }.count == 1, "\(screen)")

            // The forecast's day labels, from its days: the spread's rows begin with the same.
            let firstDay = try #require(lines.firstIndex { $0.hasPrefix("  " + words.today + " ") }, "\(screen)")
            // A day of snow and rain may have its amounts on a line under its row: no label.
            let labels = lines[firstDay...].prefix { !$0.isEmpty }.filter { !$0.hasPrefix("   ") }.prefix(6)
                .map { $0.dropFirst(2).components(separatedBy: "  ")[0].trimmingCharacters(in: .whitespaces) }
            let rows = Array(spread[3...].prefix(labels.count))
            #expect(labels.count == 6 && rows.count == 6, "\(screen)")
            for (row, label) in zip(rows, labels) {
                #expect(row.hasPrefix(label + " "), "'\(label)' in \(screen)")
            }
            #expect(rows[0].hasPrefix(words.today + " "), "\(screen)")

            // Wet runs worded by what the forecast brings each day.
            for (row, expected) in zip(rows[1...4], [words.rain, words.snow, words.either, words.dry]) {
                #expect(row.hasSuffix(expected), "'\(expected)' in \(screen)")
            }
        }
    }

    /// The id stays in `--json`; another model's name is translated where it has a word.
    @Test func theJSONKeepsTheModelsIdAndEachModelHasItsName() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "ensemble_model": "icon_global"}"#)
            let json = try await world.keylessRain(["show", "Berlin", "--spread", "--json"])
            #expect(json.status == 0, "\(json.error)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect((document["spread"] as? [String: Any])?["model"] as? String == "icon_global")
            for (language, title) in [("C.UTF-8", "How sure: ICON global (DWD), 40 runs"), ("fr_FR.UTF-8", "Fiabilité : ICON mondial (DWD), 40 scénarios")] {
                let shown = try await world.keylessRain(["show", "Berlin", "--spread"], environment: ["LANG": language, "COLUMNS": "50"])
                #expect(shown.output.split(separator: "\n").contains { $0 == "  " + title }, "\(shown.output)")
            }
            writeFile(home + "/config.json", #"{"timeout_seconds": 30}"#)
            let tokyo = try await world.keylessRain(["show", "Tokyo", "--spread"], environment: ["COLUMNS": "50"])
            #expect(tokyo.output.contains("\n  How sure: GFS (NOAA), 31 runs\n"), "\(tokyo.output)")
        }
    }

    /// Item 5: a periodic refresh whose ensemble fails at every place says so once for the
    /// run, as the alert feeds and the air do, naming the first place and how many others.
    @Test func periodicEnsembleFailuresAreOneLineForTheRun() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "ensemble": true}"#)
            let down = ["RAIN_ENSEMBLE_URL": "http://127.0.0.1:1/v1/ensemble"]
            let refreshed = try await world.keylessRain(["refresh", "--all"], environment: down)
            #expect(refreshed.status == 0, "\(refreshed)")
            let lines = refreshed.error.split(separator: "\n").map(String.init)
            #expect(lines == ["rain: fetching the ensemble for 2 places: 14.2 calls (Open-Meteo)",
                              "rain: warning: Berlin and 1 other place: could not fetch the ensemble forecast: cannot reach 127.0.0.1:1"],
                    "\(refreshed.error)")
        }
    }
}
