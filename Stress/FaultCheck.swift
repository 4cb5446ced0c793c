import Foundation

/// Every ForecastSimulator failure mode with `timeout_seconds` 2: one line (and a hint at
/// most), the documented exit status, the old cache intact, done within the timeout plus 1 s.
/// The air is off: each mode's simulator answers the forecast only, and these are its failures.
enum FaultCheck {
    struct Mode {
        var name: String
        var arguments: [String]
        var status: Int32
    }

    static let modes: [Mode] = [
        Mode(name: "400", arguments: ["--status", "400"], status: 69),
        Mode(name: "401", arguments: ["--status", "401"], status: 77),
        Mode(name: "403", arguments: ["--status", "403"], status: 77),
        Mode(name: "404", arguments: ["--status", "404"], status: 69),
        Mode(name: "429", arguments: ["--status", "429", "--retry-after", "1"], status: 75),
        Mode(name: "429 long", arguments: ["--status", "429", "--retry-after", "120"], status: 75),
        Mode(name: "500", arguments: ["--status", "500"], status: 69),
        Mode(name: "502", arguments: ["--status", "502"], status: 75),
        Mode(name: "503", arguments: ["--status", "503"], status: 75),
        Mode(name: "504", arguments: ["--status", "504"], status: 75),
        Mode(name: "malformed", arguments: ["--body", "malformed"], status: 69),
        Mode(name: "truncated", arguments: ["--body", "truncated"], status: 69),
        Mode(name: "cut-off", arguments: ["--body", "cut-off"], status: 75),
        Mode(name: "empty", arguments: ["--body", "empty"], status: 69),
        Mode(name: "html", arguments: ["--body", "html"], status: 69),
        Mode(name: "wrong-types", arguments: ["--body", "wrong-types"], status: 69),
        Mode(name: "huge", arguments: ["--huge", "12000000"], status: 69),
        Mode(name: "hang", arguments: ["--hang"], status: 75),
        Mode(name: "drip", arguments: ["--drip", "20"], status: 75),
        Mode(name: "disconnect", arguments: ["--disconnect"], status: 75),
        Mode(name: "control-chars", arguments: ["--body", "control-characters"], status: 0),
    ]

    static func run() {
        let home = temporaryFolder("faults")
        defer { try? FileManager.default.removeItem(atPath: home) }
        _ = FileManager.default.createFile(atPath: home + "/config.json", contents: Data(#"{"timeout_seconds": 2, "air_quality": false}"#.utf8))
        let good = Simulator(simulatorPath, key: key)
        var environment = good.environment(["RAIN_HOME": home, "RAIN_API_KEY": key])
        let added = Stress.run(rainPath, ["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.405"], environment: environment)
        let first = Stress.run(rainPath, ["refresh"], environment: environment)
        good.stop()
        let cacheFolder = home + "/cache/forecasts"
        guard added.status == 0, first.status == 0, let cacheName = names(in: cacheFolder).first(where: { $0.hasSuffix(".json") }) else {
            report("faults", "could not prepare a cached forecast: \(added.error)\(first.error)", ok: false)
            return
        }
        let cachePath = cacheFolder + "/" + cacheName
        let goodCache = FileManager.default.contents(atPath: cachePath)

        var passed = 0, slowest = 0.0
        var problems: [String] = []
        for mode in modes {
            let simulator = Simulator(simulatorPath, key: key, arguments: mode.arguments)
            environment["RAIN_BASE_URL"] = simulator.baseURL
            let outcome = Stress.run(rainPath, ["refresh"], environment: environment)
            simulator.stop()
            let lines = outcome.error.split(separator: "\n")
            let errorLines = lines.filter { $0.hasPrefix("rain: error: ") }.count
            let hintLines = lines.filter { $0.hasPrefix("rain: hint: ") }.count
            let cacheIntact = mode.status == 0 || FileManager.default.contents(atPath: cachePath) == goodCache
            let oneLine = mode.status == 0 ? lines.isEmpty : errorLines == 1 && hintLines <= 1 && lines.count == errorLines + hintLines
            let inTime = outcome.seconds <= 3.0
            slowest = max(slowest, outcome.seconds)
            if outcome.status == mode.status && oneLine && cacheIntact && inTime {
                passed += 1
            } else {
                problems.append("\(mode.name): exit \(outcome.status) (want \(mode.status)), \(String(format: "%.1f", outcome.seconds)) s, "
                                + "cache \(cacheIntact ? "intact" : "CHANGED"), stderr \(outcome.error.debugDescription)")
            }
            // Put the good forecast back for the next mode (control-chars replaces it).
            _ = FileManager.default.createFile(atPath: cachePath, contents: goodCache)
        }
        for problem in problems { print("  " + problem) }
        report("faults", "\(modes.count) failure modes with timeout_seconds 2: \(passed) with the documented status, one line, "
               + "the cache intact and done within 3 s (slowest \(String(format: "%.2f", slowest)) s)", ok: passed == modes.count)
    }
}
