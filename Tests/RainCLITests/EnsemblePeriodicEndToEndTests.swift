import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Periodic refreshes and the ensemble, through the real binary against the simulator: only
/// with `"ensemble": true` does `rain refresh` (cron's and the timer's runs) ask for the
/// spreads, saying their calls first (Berlin ICON's 40 runs 8 calls, Tokyo GFS's 31 6.2:
/// open-meteo `calculateQueryWeight` counts members), once in 6 hours; what it keeps is the
/// members served; `watch` says what the ensemble adds and counts it in its quota warning.
@Suite struct EnsemblePeriodicEndToEndTests {
    typealias Spread = EnsembleSpreadEndToEndTests

    func ensembleRequests(_ world: ForecastWorld) -> Int { world.simulator.requests.filter { $0.path == "/v1/ensemble" }.count }

    @Test func withoutTheSettingARefreshAsksNoEnsemble() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Spread.now)
            let refreshed = try await world.keylessRain(["refresh", "--all"])
            #expect(refreshed.status == 0, "\(refreshed.error)")
            #expect(refreshed.error.isEmpty, "\(refreshed.error)")
            #expect(ensembleRequests(world) == 0)
            #expect(!FileManager.default.fileExists(atPath: home + "/cache/ensembles"))
        }
    }

    @Test func withTheSettingARefreshKeepsTheSpreadsSayingTheirCallsFirst() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "ensemble": true}"#, now: Spread.now)
            let refreshed = try await world.keylessRain(["refresh", "--all"])
            #expect(refreshed.status == 0, "\(refreshed.error)")
            #expect(refreshed.error == "rain: fetching the ensemble for 2 places: 14.2 calls (Open-Meteo)\n", "\(refreshed.error)")
            #expect(ensembleRequests(world) == 2)
            let kept = Set(try FileManager.default.contentsOfDirectory(atPath: home + "/cache/ensembles"))
            #expect(kept == [world.berlin.idString + ".json", world.tokyo.idString + ".json"])

            // What was kept is the members served: Berlin's days' highs, recomputed.
            let served = try await Spread.served(world, world.berlin, model: "icon_seamless", members: 40)
            let shown = try await world.keylessRain(["show", "Berlin", "--offline", "--spread", "--json"])
            let spread = try #require(try Spread.document(shown.output)["spread"] as? [String: Any], "\(shown)")
            let hourly = try #require(spread["hourly"] as? [[String: Any]])
            // From Berlin's midnight today (UTC+2): the answer holds yesterday too.
            let first = try #require(served.times.firstIndex(of: Int(Spread.now.timeIntervalSince1970) - 14 * 3600))
            #expect(hourly.count == served.times.count - first)
            for (i, hour) in hourly.enumerated() {
                let values = served.temperature.map { $0[i + first] }
                #expect(abs(try #require(hour["temperature_p90"] as? Double) - Spread.percentile(values, 0.9)) <= 0.005 + 1e-9)
            }

            // Within 6 hours nothing is asked again, and nothing said; quiet says nothing either.
            let again = try await BuiltProduct.run("rain", ["refresh", "--all"], environment: world.keylessEnvironment,
                                                   at: Spread.now.addingTimeInterval(3600))
            #expect(again.status == 0 && again.error.isEmpty, "\(again)")
            #expect(ensembleRequests(world) == 3, "only the test's own request")
            let later = try await BuiltProduct.run("rain", ["refresh", "--all", "--if-stale", "--quiet"], environment: world.keylessEnvironment,
                                                   at: Spread.now.addingTimeInterval(7 * 3600))
            #expect(later.status == 0 && later.error.isEmpty && later.output.isEmpty, "\(later)")
            #expect(ensembleRequests(world) == 5, "both asked again after 6 hours")
        }
    }

    /// `ensemble_model` a regional model: a refresh asks only for the places in its grid
    /// (Berlin in ICON-D2-EPS's, not Tokyo, where the real server's answer is not JSON and
    /// still costs 4 calls), counts only those, and says the model does not cover Tokyo.
    @Test func aRefreshAsksARegionalModelOnlyInsideItsGrid() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "ensemble": true, "ensemble_model": "icon_d2"}"#,
                                          now: Spread.now)
            let refreshed = try await world.keylessRain(["refresh", "--all"])
            #expect(refreshed.status == 0, "\(refreshed.error)")
            #expect(refreshed.error == "rain: fetching the ensemble for 1 place: 4 calls (Open-Meteo)\n"
                    + "rain: warning: ICON-D2 (DWD) does not cover Tokyo\n", "\(refreshed.error)")
            let asked = world.simulator.requests.filter { $0.path == "/v1/ensemble" }
            #expect(asked.count == 1 && asked.allSatisfy { $0.queryValue("latitude") == "52.52" }, "\(asked.map(\.description))")
            let kept = try FileManager.default.contentsOfDirectory(atPath: home + "/cache/ensembles")
            #expect(kept == [world.berlin.idString + ".json"])
        }
    }

    /// 2 places every minute: 10.1 calls a run (3.8 for each forecast, 1.5 for Berlin's air
    /// with pollen, 1 for Tokyo's without), 1440 runs a day, and each place's ensemble (8
    /// calls, ICON's the heavier of auto's) at most 4 times a day: 14544 + 64 calls.
    @Test func watchSaysWhatTheEnsembleAddsAndCountsIt() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "ensemble": true}"#)
            let watch = BuiltProduct.start("rain", ["watch", "--all", "--every", "1m"], environment: world.keylessEnvironment)
            #expect(await watch.waitForOutput(containing: "refreshed"), "\(watch.output)")
            watch.send(SIGTERM)
            let result = try await watch.finish()
            #expect(result.status == 0, "\(result)")
            #expect(result.error.split(separator: "\n").prefix(3)
                    == ["rain: warning: Open-Meteo: 14608 calls a day; its free limit is 10000", "rain: hint: 2 places every 1m; every 2m would fit",
                        "rain: the ensemble: up to 16 calls every 6 hours for 2 places (Open-Meteo)"],
                    "\(result.error)")
            #expect(ensembleRequests(world) == 2)
        }
    }

    /// A scheduled run asks the ensemble the shell's rain asks: with `"ensemble": true`, cron's
    /// line and the timer's unit carry RAIN_ENSEMBLE_URL as they carry the forecast's and the air's.
    @Test func scheduledRunsCarryTheEnsemblesURL() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "ensemble": true}"#)
            let url = world.simulator.rootURL + "/v1/ensemble"
            let cron = try await world.keylessRain(["cron", "--every", "30m"])
            #expect(cron.status == 0, "\(cron)")
            #expect(cron.output.contains("RAIN_ENSEMBLE_URL=\(url) "), "\(cron.output)")
            let timer = try await world.keylessRain(["timer", "--every", "30m"])
            #expect(timer.status == 0, "\(timer)")
            #expect(timer.output.contains("RAIN_ENSEMBLE_URL=\(url)"), "\(timer.output)")
            // Without the setting the runs never ask it: the line stays short (cron takes 1000 characters).
            writeFile(home + "/config.json", #"{"timeout_seconds": 30}"#)
            let without = try await world.keylessRain(["cron", "--every", "30m"])
            #expect(without.status == 0 && !without.output.contains("RAIN_ENSEMBLE_URL"), "\(without)")
        }
    }
}
