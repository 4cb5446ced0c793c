import Foundation

/// Every failure mode of the sources beside the forecast (the air, the NWS and MetAlerts feeds,
/// the ensemble with `"ensemble": true`) while the forecast answers: the refresh still exits 0
/// with the new forecasts, stderr holds warnings and hints only, never the key, and the cache
/// reads back offline.
enum BesideCheck {
    /// The forecast's failure modes (`FaultCheck`) that a source beside it meets alike, and
    /// answers that echo the key.
    static let modes: [(name: String, arguments: [String])] = FaultCheck.modes
        .filter { ["429", "500", "503", "malformed", "truncated", "cut-off", "empty", "html", "wrong-types", "control-chars",
                   "huge", "hang", "drip", "disconnect"].contains($0.name) }
        .map { ($0.name, $0.arguments) }
        + [("echoed-key", ["--body", "echoed-key"]), ("echoed-key-invalid", ["--body", "echoed-key-invalid"])]

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
            let broken = Simulator(simulatorPath, key: key, arguments: mode.arguments)
            let root = "http://127.0.0.1:\(broken.port)"
            environment.merge(servicesEnvironment(at: root).filter { $0.key != "RAIN_BASE_URL" }) { $1 }
            let started = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            let outcome = Stress.run(rainPath, ["refresh", "--all"], environment: environment)
            broken.stop()
            let offline = Stress.run(rainPath, ["show", "--all", "--offline"], environment: environment)
            let lines = outcome.error.split(separator: "\n")
            let saidOnly = lines.allSatisfy { $0.hasPrefix("rain: warning: ") || $0.hasPrefix("rain: hint: ") || $0.hasPrefix("rain: fetching ") }
            // Fetched by this run (a run within the second of the last writes the same bytes).
            let renewed = names(in: cacheFolder).filter { $0.hasSuffix(".json") }
                .filter { (fetchedAt(of: cacheFolder + "/" + $0) ?? .distantPast) >= started }.count
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

    /// A cached forecast's `fetched_at`.
    static func fetchedAt(of path: String) -> Date? {
        guard let data = FileManager.default.contents(atPath: path),
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let text = document["fetched_at"] as? String else { return nil }
        return ISO8601DateFormatter().date(from: text)
    }
}
