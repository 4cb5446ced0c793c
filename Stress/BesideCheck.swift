import Foundation

/// Every failure mode of the sources beside the forecast (the air, the NWS and MetAlerts feeds,
/// the ensemble with `"ensemble": true`) while the forecast answers: the refresh still exits 0
/// with the new forecasts, stderr holds warnings and hints only, never the key, and the cache
/// reads back offline.
enum BesideCheck {
    static let modes: [(name: String, arguments: [String])] = [
        ("429", ["--status", "429", "--retry-after", "1"]), ("500", ["--status", "500"]), ("503", ["--status", "503"]),
        ("malformed", ["--body", "malformed"]), ("truncated", ["--body", "truncated"]), ("cut-off", ["--body", "cut-off"]),
        ("empty", ["--body", "empty"]), ("html", ["--body", "html"]), ("wrong-types", ["--body", "wrong-types"]),
        ("control-chars", ["--body", "control-characters"]), ("echoed-key", ["--body", "echoed-key"]),
        ("echoed-key-invalid", ["--body", "echoed-key-invalid"]), ("huge", ["--huge", "12000000"]), ("hang", ["--hang"]),
        ("drip", ["--drip", "20"]), ("disconnect", ["--disconnect"]),
    ]

    static func run() {
        let home = temporaryFolder("beside")
        defer { try? FileManager.default.removeItem(atPath: home) }
        _ = FileManager.default.createFile(atPath: home + "/config.json", contents: Data(#"{"timeout_seconds": 2, "ensemble": true}"#.utf8))
        let good = Simulator(simulatorPath, key: key)
        defer { good.stop() }
        var environment = good.environment(["RAIN_HOME": home, "RAIN_API_KEY": key])
        // Tromsø: MetAlerts and the air; New York: the NWS feed and the air; both an ensemble.
        for (name, latitude, longitude) in [("Tromsø", "69.6489", "18.9551"), ("New York", "40.7128", "-74.006")] {
            _ = Stress.run(rainPath, ["locations", "add", name, "--lat", latitude, "--lon", longitude], environment: environment)
        }
        let cacheFolder = home + "/cache/forecasts"
        guard Stress.run(rainPath, ["refresh", "--all"], environment: environment).status == 0 else {
            report("beside", "could not prepare the cached forecasts", ok: false)
            return
        }

        var passed = 0, slowest = 0.0
        var problems: [String] = []
        for mode in modes {
            let before = Dictionary(uniqueKeysWithValues: names(in: cacheFolder).map { ($0, FileManager.default.contents(atPath: cacheFolder + "/" + $0)) })
            let broken = Simulator(simulatorPath, key: key, arguments: mode.arguments)
            let root = "http://127.0.0.1:\(broken.port)"
            environment.merge(servicesEnvironment(at: root).filter { $0.key != "RAIN_BASE_URL" }) { $1 }
            let outcome = Stress.run(rainPath, ["refresh", "--all"], environment: environment)
            broken.stop()
            let offline = Stress.run(rainPath, ["show", "--all", "--offline"], environment: environment)
            let lines = outcome.error.split(separator: "\n")
            let saidOnly = lines.allSatisfy { $0.hasPrefix("rain: warning: ") || $0.hasPrefix("rain: hint: ") || $0.hasPrefix("rain: fetching ") }
            let renewed = names(in: cacheFolder).filter { $0.hasSuffix(".json") }
                .filter { FileManager.default.contents(atPath: cacheFolder + "/" + $0) != before[$0] ?? nil }.count
            let leaked = (outcome.text + outcome.error + offline.text + offline.error).contains(key)
            slowest = max(slowest, outcome.seconds)
            if outcome.status == 0 && saidOnly && renewed >= 2 && !leaked && offline.status == 0 && lines.count <= 8 {
                passed += 1
            } else {
                problems.append("\(mode.name): exit \(outcome.status), \(renewed) forecasts renewed, offline exit \(offline.status), "
                                + "\(leaked ? "KEY SHOWN, " : "")stderr \(outcome.error.debugDescription)")
            }
        }
        for problem in problems { print("  " + problem) }
        report("beside", "\(modes.count) failure modes of the air, alert and ensemble services beside a working forecast: \(passed) "
               + "exited 0 with both forecasts renewed, warnings only (at most 8 lines), no key shown, read back offline "
               + "(slowest \(String(format: "%.1f", slowest)) s)", ok: passed == modes.count)
    }
}
