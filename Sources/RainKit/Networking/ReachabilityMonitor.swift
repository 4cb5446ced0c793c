import Dispatch
import Synchronization

/// Whether the forecast API's host can be reached.
public enum Reachability: Sendable, Equatable, CustomStringConvertible {
    case online, offline

    public var description: String { self == .online ? "online" : "offline" }
}

/// Knows whether a host can be reached: a one-shot `probe()`, and `start(onChange:)`, which
/// probes in the background (every `offlineInterval` while offline, every `onlineInterval`
/// while online) and reports the first state and every change after it. It is for `rain watch`,
/// which refreshes as soon as the network comes back; no command probes before a fetch (a
/// failed resolve or connect from libcurl is the offline signal, see `ForecastClient`).
public final class ReachabilityMonitor: Sendable {
    public let host: String
    public let port: Int
    public let timeout: Duration
    public let onlineInterval: Duration
    public let offlineInterval: Duration

    private let queue = DispatchQueue(label: "rain.reachability")
    private let queueKey = DispatchSpecificKey<Bool>()
    private let state = Mutex(State())

    private struct State {
        var generation = 0
        var onChange: (@Sendable (Reachability) -> Void)?
        var last: Reachability?
    }

    public init(host: String, port: Int, timeout: Duration = .seconds(2),
                onlineInterval: Duration = .seconds(60), offlineInterval: Duration = .seconds(10)) {
        self.host = host
        self.port = port
        self.timeout = timeout
        self.onlineInterval = onlineInterval
        self.offlineInterval = offlineInterval
        queue.setSpecific(key: queueKey, value: true)
    }

    /// A monitor for the host of `baseURL`, on its port (443 for https, 80 for http, unless given).
    public convenience init(baseURL: String, timeout: Duration = .seconds(2),
                            onlineInterval: Duration = .seconds(60), offlineInterval: Duration = .seconds(10)) {
        self.init(host: ForecastEndpoint.host(of: baseURL), port: ForecastEndpoint.port(of: baseURL),
                  timeout: timeout, onlineInterval: onlineInterval, offlineInterval: offlineInterval)
    }

    /// One probe of `host`:`port`: name resolution, then a TCP connect within `timeout`.
    static func probe(host: String, port: Int, timeout: Duration = .seconds(2)) -> Bool {
        ReachabilityProbe.probe(host: host, port: port, timeout: timeout)
    }

    /// One probe of this monitor's host and port.
    func probe() -> Bool {
        Self.probe(host: host, port: port, timeout: timeout)
    }

    /// Starts probing in the background. `onChange` is called on a private queue with the first
    /// state, then with each change. Starting again replaces the block and starts over.
    public func start(onChange: @escaping @Sendable (Reachability) -> Void) {
        let generation = state.withLock { state in
            state.generation += 1
            state.onChange = onChange
            state.last = nil
            return state.generation
        }
        queue.async { [weak self] in self?.check(generation) }
    }

    /// Stops probing. Once this returns the block is not called again (a probe under way is
    /// waited for, unless `stop()` is called from the block itself).
    public func stop() {
        state.withLock { state in
            state.generation += 1
            state.onChange = nil
        }
        if DispatchQueue.getSpecific(key: queueKey) != true {
            queue.sync {}
        }
    }

    private func check(_ generation: Int) {
        guard state.withLock({ $0.generation == generation }) else { return }
        let now: Reachability = probe() ? .online : .offline
        let report: (@Sendable (Reachability) -> Void)? = state.withLock { state in
            guard state.generation == generation, state.last != now else { return nil }
            state.last = now
            return state.onChange
        }
        report?(now)
        let interval = now == .online ? onlineInterval : offlineInterval
        // Weak: a monitor nobody holds any more stops probing.
        queue.asyncAfter(deadline: .now() + .milliseconds(interval.wholeMilliseconds)) { [weak self] in
            self?.check(generation)
        }
    }
}
