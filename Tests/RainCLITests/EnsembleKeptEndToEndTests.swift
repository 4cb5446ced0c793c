import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// The spread `rain show --spread` keeps, read without fetching, through the real binary
/// against the simulator: `--format`'s `{temp_range}` and `{rain_runs}` (today's, recomputed
/// here from the members served), `--offline --spread` with the spread's age (or one line that
/// none is kept), and the kept files of a removed place swept.
@Suite struct EnsembleKeptEndToEndTests {
    typealias Spread = EnsembleSpreadEndToEndTests

    func ensembleRequests(_ world: ForecastWorld) -> Int { world.simulator.requests.filter { $0.path == "/v1/ensemble" }.count }

    /// Today in Berlin (UTC+2 on 25 May): the runs' highs and the runs with rain, as served.
    static func today(_ served: Spread.Served) -> (low: Int, high: Int, rainRuns: Int) {
        let start = Int(Spread.now.timeIntervalSince1970) - 14 * 3600   // 2026-05-25T00:00+02:00
        let hours = served.times.indices.filter { served.times[$0] >= start && served.times[$0] < start + 86400 }
        let highs = served.temperature.map { run in hours.map { run[$0] }.max()! }
        let rainy = served.precipitation.filter { run in hours.map { run[$0] }.reduce(0, +) >= 0.1 }.count
        return (Int(Spread.percentile(highs, 0.1).rounded()), Int(Spread.percentile(highs, 0.9).rounded()), rainy)
    }

    @Test func formatTokensShowTodaysKeptSpread() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Spread.now)
            let template = "{high} {temp_range} {rain_runs}"
            let before = try await world.keylessRain(["show", "Berlin"])
            #expect(before.status == 0, "\(before.error)")
            // None kept yet: missing, as a value the provider left out is; nothing fetched.
            let none = try await world.keylessRain(["show", "Berlin", "--format", template])
            #expect(none.status == 0, "\(none.error)")
            #expect(none.output.hasSuffix(" – –\n"), "\(none.output)")
            let noneASCII = try await world.keylessRain(["show", "Berlin", "--format", template, "--ascii"])
            #expect(noneASCII.output.hasSuffix(" - -\n"), "\(noneASCII.output)")
            #expect(ensembleRequests(world) == 0)

            let served = try await Spread.served(world, world.berlin, model: "icon_seamless", members: 40)
            let asked = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(asked.status == 0, "\(asked.error)")
            let today = Self.today(served)
            let range = today.low == today.high ? "\(today.low)" : "\(today.low)…\(today.high)"
            let line = try await world.keylessRain(["show", "Berlin", "--format", "{temp_range} {rain_runs}"])
            #expect(line.status == 0, "\(line.error)")
            #expect(line.output == "\(range)°C \(today.rainRuns)/40\n", "\(line.output)")
            let ascii = try await world.keylessRain(["show", "Berlin", "--format", "{temp_range} {rain_runs}", "--ascii"])
            #expect(ascii.output == "\(range.replacingOccurrences(of: "…", with: ".."))C \(today.rainRuns)/40\n", "\(ascii.output)")
            // A status bar's line: waybar's object carries it.
            let waybar = try await world.keylessRain(["show", "Berlin", "--format", "{rain_runs}", "--json"])
            #expect(waybar.output.contains("\"text\": \"\(today.rainRuns)/40\""), "\(waybar.output)")
            #expect(ensembleRequests(world) == 2, "--format never fetches (one request here, one by the spread's show)")
        }
    }

    @Test(arguments: [80, 50])
    func offlineShowsTheKeptSpreadWithItsAge(_ width: Int) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Spread.now)
            let environment = ["COLUMNS": String(width)]
            let forecast = try await world.keylessRain(["show", "Berlin"])
            #expect(forecast.status == 0, "\(forecast.error)")
            let none = try await world.keylessRain(["show", "Berlin", "--offline", "--spread"], environment: environment)
            #expect(none.status == 0, "\(none.error)")
            #expect(none.output.hasPrefix("Berlin") && !none.output.contains("How sure"), "\(none.output)")
            #expect(none.error == """
                rain: no ensemble spread is cached for Berlin
                rain: hint: ask for one when online: rain show Berlin --spread

                """, "\(none.error)")
            #expect(ensembleRequests(world) == 0)

            let online = try await world.keylessRain(["show", "Berlin", "--spread"], environment: environment)
            #expect(online.status == 0, "\(online.error)")
            let onlineLines = online.output.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("  How sure") }
            // Two hours on, nothing fetched: the same lines, the first with the age.
            let later = Spread.now.addingTimeInterval(2 * 3600 + 60)
            let offline = try await BuiltProduct.run("rain", ["show", "Berlin", "--offline", "--spread"],
                                                     environment: world.keylessEnvironment.merging(environment) { $1 }, at: later)
            #expect(offline.status == 0, "\(offline.error)")
            #expect(offline.error.isEmpty, "\(offline.error)")
            let lines = offline.output.split(separator: "\n").map(String.init)
            // The spread's lines fit (the forecast's are cut to the window only on a terminal).
            let spreadLines = lines.drop { !$0.hasPrefix("  How sure") }
            #expect(spreadLines.allSatisfy { $0.displayWidth <= width }, "\(offline.output)")
            #expect(spreadLines.first == "  How sure: ICON (DWD), 40 runs, 2 h ago", "\(offline.output)")
            #expect(Array(spreadLines.dropFirst()) == Array(onlineLines.dropFirst()), "\(offline.output)")
            let json = try await BuiltProduct.run("rain", ["show", "Berlin", "--offline", "--spread", "--json"],
                                                  environment: world.keylessEnvironment, at: later)
            let spread = try #require(try Spread.document(json.output)["spread"] as? [String: Any])
            #expect(spread["members"] as? Int == 40)
            #expect(ensembleRequests(world) == 1, "offline asks nothing")
        }
    }

    @Test func theKeptSpreadOfARemovedPlaceGoes() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Spread.now)
            for place in ["Berlin", "Tokyo"] {
                let shown = try await world.keylessRain(["show", place, "--spread"])
                #expect(shown.status == 0, "\(shown.error)")
            }
            let folder = home + "/cache/ensembles"
            func kept() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: folder)) }
            #expect(try kept() == [world.berlin.idString + ".json", world.tokyo.idString + ".json"])
            let removed = try await world.keylessRain(["locations", "remove", "Tokyo", "--yes"])
            #expect(removed.status == 0, "\(removed.error)")
            #expect(try kept() == [world.berlin.idString + ".json"])
            // One an older rain left (its place removed without it): a refresh's sweep takes it.
            let stray = UUID().uuidString.lowercased() + ".json"
            try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/" + stray))
            let refreshed = try await world.keylessRain(["refresh"])
            #expect(refreshed.status == 0, "\(refreshed.error)")
            #expect(try kept() == [world.berlin.idString + ".json"])
        }
    }
}

extension EnsembleKeptEndToEndTests {
    /// A language whose header with the age is wider than 50 columns (Russian's with ICON-EU's
    /// name) says the age on a line of its own, whole.
    @Test func theAgeGoesOnALineOfItsOwnWhereItDoesNotFit() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "ensemble_model": "icon_eu"}"#, now: Spread.now)
            let online = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(online.status == 0, "\(online.error)")
            let offline = try await BuiltProduct.run("rain", ["show", "Berlin", "--offline", "--spread"],
                                                     environment: world.keylessEnvironment.merging(["COLUMNS": "50", "LANG": "ru_RU.UTF-8"]) { $1 },
                                                     at: Spread.now.addingTimeInterval(2 * 3600 + 60))
            #expect(offline.status == 0, "\(offline.error)")
            let lines = offline.output.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("  Уверенность") }
            #expect(lines.first == "  Уверенность: ICON-EU (DWD), прогонов: 40", "\(offline.output)")
            #expect(lines.dropFirst().first == "  загружено 2 ч назад", "\(offline.output)")
            #expect(lines.allSatisfy { $0.displayWidth <= 50 }, "\(offline.output)")
        }
    }
}
