import Glibc
import Dispatch
import FoundationEssentials
import RainKit

/// Everything `rain watch` waits for, as one stream: the refresh timer, the turn of each
/// minute (to redraw the clock and ages), the reachability monitor, terminal resizes and the
/// signals that end it.
final class WatchEvents {
    enum Event: Sendable {
        case tick
        case refreshed(Result<[RefreshOutcome], RefreshError>)
        case reachability(Reachability)
        case resize
        case minute
        case stop
    }

    let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let monitor: ReachabilityMonitor
    private let timer: Task<Void, Never>
    private let minutes: Task<Void, Never>
    private let signalSources: [any DispatchSourceSignal]

    init(every: Interval, monitor: ReachabilityMonitor) {
        (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        self.monitor = monitor
        let continuation = self.continuation
        timer = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: every.duration)
                continuation.yield(.tick)
            }
        }
        minutes = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: MinuteBoundary.delay(after: Date()))
                continuation.yield(.minute)
            }
        }
        signalSources = [(SIGINT, Event.stop), (SIGTERM, .stop), (SIGWINCH, .resize)].map { number, event in
            signal(number, SIG_IGN)  // the source, not the default action, handles it now
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(event) }
            source.resume()
            return source
        }
        monitor.start { continuation.yield(.reachability($0)) }
    }

    /// Adds an event from anywhere (the continuation is Sendable; this class is not).
    var post: @Sendable (Event) -> Void {
        let continuation = self.continuation
        return { continuation.yield($0) }
    }

    func stop() {
        monitor.stop()
        timer.cancel()
        minutes.cancel()
        for source in signalSources { source.cancel() }
        for number in [SIGINT, SIGTERM, SIGWINCH] { signal(number, SIG_DFL) }
        continuation.finish()
    }
}
