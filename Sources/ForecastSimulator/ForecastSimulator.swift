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
        var listener: Listener?
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
            if let listener = run.listener { throw .alreadyRunning(port: listener.port) }
            guard let address = Socket.LoopbackAddress(host: configuration.host) else {
                throw .nonLoopbackHost(configuration.host)
            }
            let listener: Listener
            if configuration.port == 0, run.lastPort != 0,
               let again = try? Listener(address: address, host: configuration.host, port: run.lastPort, state: state) {
                listener = again
            } else {
                listener = try Listener(address: address, host: configuration.host, port: configuration.port, state: state)
            }
            listener.run()
            run.listener = listener
            run.lastPort = listener.port
            return listener.port
        }
    }

    /// Closes the listener and every connection (hanging and dripping ones too) and returns
    /// when no thread of the server touches a socket any more. Safe to call twice.
    public func stop() {
        let listener = run.withLock { run -> Listener? in
            defer { run.listener = nil }
            return run.listener
        }
        listener?.shutdown()
    }

    /// The bound port while running; after `stop()` the last one; 0 before the first start.
    public var port: UInt16 {
        run.withLock { $0.listener?.port ?? $0.lastPort }
    }

    /// True between `start()` and `stop()`.
    public var isRunning: Bool {
        run.withLock { $0.listener != nil }
    }

    /// `http://127.0.0.1:PORT/forecast/` (`http://[::1]:PORT/forecast/` for ::1): append
    /// `KEY/LAT,LON`.
    public var baseURL: String {
        rootURL + "/forecast/"
    }

    /// `http://127.0.0.1:PORT` without a trailing slash (Open-Meteo paths start with /v1/).
    public var rootURL: String {
        let host: String
        switch Socket.LoopbackAddress(host: configuration.host) {
        case .ipv6: host = "[::1]"
        case .ipv4(let raw): host = configuration.host == "localhost" ? "127.0.0.1" : Self.dotted(raw)
        case nil: host = configuration.host
        }
        return "http://\(host):\(port)"
    }

    /// Changes the behaviour for the following requests (the running server included).
    public func setBehaviour(_ behaviour: Behaviour) {
        state.setBehaviour(behaviour)
    }

    /// The next `count` requests get `behaviour`; then the behaviour set before applies again.
    public func failFirst(_ count: Int, with behaviour: Behaviour) {
        state.failFirst(count, with: behaviour)
    }

    public func setLatency(milliseconds: Int) {
        state.setLatency(milliseconds: milliseconds)
    }

    /// Requests received on any path since the start or `resetRecordedRequests()`.
    public var requestCount: Int { state.requestCount }

    /// The requests received, oldest first (the last 10 000).
    public var requests: [RecordedRequest] { state.requests }

    public func resetRecordedRequests() {
        state.resetRecordedRequests()
    }

    private static func dotted(_ networkOrder: UInt32) -> String {
        let value = UInt32(bigEndian: networkOrder)
        return [24, 16, 8, 0].map { String((value >> $0) & 0xFF) }.joined(separator: ".")
    }
}
