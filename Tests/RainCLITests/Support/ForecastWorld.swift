import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// A temporary RAIN_HOME with saved places, a ForecastSimulator on loopback, and the real
/// `rain` binary pointed at it through the environment.
final class ForecastWorld: Sendable {
    static let apiKey = "sim-key-0123456789abcdef"

    let home: String
    let simulator: ForecastSimulator
    let berlin: Location
    let tokyo: Location

    /// The moment the simulator and `rain` (through faketime) take for now; nil: the real clock.
    let now: Date?

    /// A budget no loaded machine runs out of by accident (a test of the budget sets its own).
    static let defaultConfig = #"{"timeout_seconds": 30}"#

    /// - Parameter onRequest: called with each request's log line on the simulator's thread,
    ///   before it answers: a test changes the files at a request, not after a guessed delay.
    init(home: String, behaviour: ForecastSimulator.Behaviour = .normal, config: String = ForecastWorld.defaultConfig,
         now: Date? = nil, openMeteoLimits: ForecastSimulator.OpenMeteoLimits? = nil, latencyMilliseconds: Int = 0,
         pirateWeatherPerSecond: Int? = nil, ipLocationPerMinute: Int? = nil, limiterClock: ForecastSimulator.LimiterClock = .runsOn,
         onRequest: (@Sendable (String) -> Void)? = nil) throws {
        self.home = home
        self.now = now
        simulator = ForecastSimulator(configuration: .init(apiKey: Self.apiKey, behaviour: behaviour, latencyMilliseconds: latencyMilliseconds,
                                                           requestLogger: onRequest, now: now?.timeIntervalSince1970,
                                                           openMeteoLimits: openMeteoLimits,
                                                           pirateWeatherPerSecond: pirateWeatherPerSecond,
                                                           ipLocationPerMinute: ipLocationPerMinute,
                                                           limiterClock: limiterClock))
        try simulator.start()
        writeFile(home + "/config.json", config)
        let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
        berlin = try store.add(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.405)).location
        tokyo = try store.add(name: "Tokyo", coordinate: Coordinate(latitude: 35.68, longitude: 139.65)).location
    }

    deinit { simulator.stop() }

    /// A user with an API key: the Dark Sky-compatible route at the simulator.
    var environment: [String: String] {
        services.merging(["RAIN_HOME": home, "RAIN_BASE_URL": simulator.baseURL, "RAIN_API_KEY": Self.apiKey]) { $1 }
    }

    /// A user with no API key: Open-Meteo at the simulator.
    var keylessEnvironment: [String: String] {
        services.merging(["RAIN_HOME": home, "RAIN_BASE_URL": simulator.baseURL,
                          "RAIN_OPENMETEO_URL": simulator.rootURL + "/v1/forecast"]) { $1 }
    }

    /// The services every user's rain may ask, at the simulator: the geocoder and IP location
    /// (a name no place has is looked up), the official alert feeds (a place in the US or
    /// Norway asks them whenever its forecast is fetched). No test may reach the real ones.
    private var services: [String: String] {
        ["RAIN_GEOCODING_URL": simulator.rootURL + "/v1/search",
         "RAIN_IP_LOCATION_URL": simulator.rootURL + "/json",
         "RAIN_NWS_URL": simulator.rootURL + "/alerts/active",
         "RAIN_METALERTS_URL": simulator.rootURL + "/weatherapi/metalerts/2.0/current.json",
         "RAIN_AIR_QUALITY_URL": simulator.rootURL + "/v1/air-quality",
         "RAIN_ENSEMBLE_URL": simulator.rootURL + "/v1/ensemble"]
    }

    func rain(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> ProcessResult {
        try await run(arguments, environment: environment.merging(extra) { $1 })
    }

    /// `rain` as a user without a key runs it.
    func keylessRain(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> ProcessResult {
        try await run(arguments, environment: keylessEnvironment.merging(extra) { $1 })
    }

    private func run(_ arguments: [String], environment: [String: String]) async throws -> ProcessResult {
        guard let now else { return try await BuiltProduct.run("rain", arguments, environment: environment) }
        return try await BuiltProduct.run("rain", arguments, environment: environment, at: now)
    }

    /// The paths of the requests the simulator received, in order.
    var requestedPaths: [String] { simulator.requests.map(\.path) }

    func start(_ arguments: [String]) -> RunningProcess {
        BuiltProduct.start("rain", arguments, environment: environment)
    }

    /// Runs `rain ARGUMENTS` in a terminal of its own (tmux) of `width` x `height`; the shell
    /// around it prints "rain exited with N" when it ends, and keeps the screen afterwards.
    func terminal(_ arguments: [String], width: Int = 80, height: Int = 24, environment extra: [String: String] = [:],
                  before: String = "") throws -> TmuxSession {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        let variables = environment.merging(["TERM": "xterm-256color"]) { $1 }.merging(extra) { $1 }
            .map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let command = "env \(variables) \(shellQuoted(BuiltProduct.path("rain"))) " + arguments.map(shellQuoted).joined(separator: " ")
        let script = """
        \(before)
        \(command)
        echo "rain exited with $?"
        sleep 600
        """
        return try TmuxSession(folder: home, shellCommand: script, width: width, height: height)
    }

    /// Waits until the simulator has received a request; false after `limit` (a hung test's bound).
    func waitForRequest(limit: Duration = .seconds(30)) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while simulator.requestCount == 0 && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return simulator.requestCount > 0
    }

    func cacheFile(_ location: Location) -> String {
        home + "/cache/forecasts/\(location.idString).json"
    }

    /// Makes the cached forecast of `location` look old, so the next `rain show` refreshes it.
    func ageCache(of location: Location) throws {
        let cache = ForecastCache(directory: home + "/cache/forecasts")
        guard var cached = try cache.load(for: location.id) else { return }
        cached.fetchedAt = Date(timeIntervalSinceNow: -6 * 3600)
        try cache.save(cached)
    }
}

extension TmuxSession {
    /// The visible lines, the trailing blank ones left out.
    func lines() throws -> [String] {
        var lines = try screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
