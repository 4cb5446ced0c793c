import Synchronization

/// A loopback HTTP/1.1 server that answers like Pirate Weather (Dark Sky format) with
/// deterministic, fresh forecasts, and can be told to be slow, fail or send broken bodies.
///
///     let simulator = ForecastSimulator(configuration: .init(apiKey: "secret"))
///     try simulator.start()
///     defer { simulator.stop() }
///     // GET \(simulator.baseURL)secret/52.52,13.405?units=si
public final class ForecastSimulator: Sendable {
    private struct RunState {
        var server: LoopbackServer<SimulatorState>?
        /// The server stopped last, kept until a restart: its port refuses connections meanwhile,
        /// and no other server is given it.
        var stopped: LoopbackServer<SimulatorState>?
        var lastPort: UInt16 = 0
    }

    public let configuration: Configuration
    private let state: SimulatorState
    private let run = Mutex(RunState())

    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        self.state = SimulatorState(configuration: configuration)
    }

    deinit {
        stop()
    }

    /// Starts listening and returns the bound port. With `port` 0, a restart after `stop()`
    /// tries the previous port first (so `baseURL` stays valid), then any free port.
    @discardableResult
    public func start() throws -> UInt16 {
        try run.withLock { run throws(SimulatorError) -> UInt16 in
            if let server = run.server { throw .alreadyRunning(port: server.port) }
            run.stopped = nil  // its port free again for the restart
            let server: LoopbackServer<SimulatorState>
            if configuration.port == 0, run.lastPort != 0,
               let again = try? LoopbackServer(host: configuration.host, port: run.lastPort, name: "forecast-simulator", handler: state) {
                server = again
            } else {
                server = try LoopbackServer(host: configuration.host, port: configuration.port, name: "forecast-simulator", handler: state)
            }
            run.server = server
            run.lastPort = server.port
            return server.port
        }
    }

    /// Closes the listener and every connection (hanging and dripping ones too) and returns
    /// when no thread of the server touches a socket any more. Safe to call twice.
    public func stop() {
        let server = run.withLock { run -> LoopbackServer<SimulatorState>? in
            defer { run.server = nil }
            return run.server
        }
        guard let server else { return }
        server.stop()
        run.withLock { run in if run.server == nil { run.stopped = server } }
    }

    /// The bound port while running; after `stop()` the last one; 0 before the first start.
    public var port: UInt16 {
        run.withLock { $0.server?.port ?? $0.lastPort }
    }

    /// True between `start()` and `stop()`.
    public var isRunning: Bool {
        run.withLock { $0.server != nil }
    }

    /// `http://127.0.0.1:PORT/forecast/` (`http://[::1]:PORT/forecast/` for ::1): append
    /// `KEY/LAT,LON`.
    public var baseURL: String {
        rootURL + "/forecast/"
    }

    /// `http://127.0.0.1:PORT` without a trailing slash (Open-Meteo paths start with /v1/).
    public var rootURL: String {
        "http://\(Socket.LoopbackAddress(host: configuration.host)?.urlHost ?? configuration.host):\(port)"
    }

    /// Changes the behaviour for the following requests (the running server included).
    public func setBehaviour(_ behaviour: Behaviour) {
        state.setBehaviour(behaviour)
    }

    /// The next `count` requests get `behaviour`; then the behaviour set before applies again.
    public func failFirst(_ count: Int, with behaviour: Behaviour) {
        state.failFirst(count, with: behaviour)
    }

    /// How the air-quality route (`/v1/air-quality`) answers: it has behaviours of its own,
    /// and its requests are not in `requests` or `requestCount` (they are in `airRequests`).
    public func setAirBehaviour(_ behaviour: Behaviour, latencyMilliseconds: Int = 0) {
        state.setAirBehaviour(behaviour, latencyMilliseconds: latencyMilliseconds)
    }

    public var airRequests: [RecordedRequest] { state.airRequests }

    public func setLatency(milliseconds: Int) {
        state.setLatency(milliseconds: milliseconds)
    }

    /// Requests received on any path since the start or `resetRecordedRequests()`.
    public var requestCount: Int { state.requestCount }

    /// The requests received, oldest first (the last 10 000).
    public var requests: [RecordedRequest] { state.requests }

    /// Weighted Open-Meteo forecast calls the limiter counted (`Configuration.openMeteoLimits`),
    /// per minute of the simulator's clock (unix seconds / 60); empty without a limiter.
    public var openMeteoCallsByMinute: [Int: Double] { state.openMeteoCallsByMinute }

    /// The forecast requests Pirate Weather's per-second limiter let through in each second of
    /// the simulator's clock (unix seconds), and how many it refused with 429
    /// (`Configuration.pirateWeatherPerSecond`); empty and 0 without a limiter.
    public var pirateWeatherAnsweredBySecond: [Int: Int] { state.pirateWeatherCounts.answeredBySecond }
    public var pirateWeatherRefusals: Int { state.pirateWeatherCounts.refused }

    public func resetRecordedRequests() {
        state.resetRecordedRequests()
    }
}
