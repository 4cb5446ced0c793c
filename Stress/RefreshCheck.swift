import Foundation

/// Several interactive `rain refresh --all` at once on the same places: the ones that waited use
/// what the first fetched, so each place's forecast and air are fetched once, and none gives up.
enum RefreshCheck {
    static func run() {
        let places = 20, concurrent = small ? 3 : 5
        let home = temporaryFolder("refresh")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let simulator = Simulator(simulatorPath, key: key, arguments: ["--latency-ms", "300"])
        defer { simulator.stop() }
        let environment = simulator.environment(["RAIN_HOME": home, "RAIN_API_KEY": key])
        for index in 0..<places {
            _ = Stress.run(rainPath, ["locations", "add", "p\(index)", "--lat", "\(index)", "--lon", "\(index)"], environment: environment)
        }
        let children = (0..<concurrent).map { _ in Child(rainPath, ["refresh", "--all"], environment: environment) }
        let outcomes = children.map { $0.wait() }
        let requests = simulator.stop().error.split(separator: "\n").filter { $0.hasPrefix("GET ") }
        let forecasts = requests.filter { $0.hasPrefix("GET /forecast/") }.count
        let air = requests.filter { $0.hasPrefix("GET /v1/air-quality") }.count
        let statuses = outcomes.map { String($0.status) }.joined(separator: " ")
        let slowest = outcomes.map(\.seconds).max() ?? 0
        report("refreshes", "\(concurrent) concurrent rain refresh --all on \(places) places: \(forecasts) forecast and \(air) air requests "
               + "of \(requests.count) (each place once: \(places)), exit statuses \(statuses), slowest \(String(format: "%.1f", slowest)) s",
               ok: forecasts == places && air == places && outcomes.allSatisfy { $0.status == 0 })
    }
}
