import Glibc
import FoundationEssentials
import RainKit
import RainTerminal
import Synchronization

/// Everything `rain watch` waits for, as one stream: the refresh timer, the turn of each
/// minute (to redraw the clock and ages), the reachability monitor, terminal resizes and the
/// signals that end it (SIGINT and SIGTERM, through `Signals`, their one owner: every one of
/// them ends watch with status 0; SIGHUP and SIGQUIT end it as they end any program, the
/// terminal given back first) and, on a full screen, the keys typed (`listenToKeys()`).
final class WatchEvents {
    enum Event: Sendable {
        case tick
        case refreshed(Result<[RefreshOutcome], RefreshError>)
        case reachability(Reachability)
        case resize
        case minute
        case key(KeyPress)
        case stop
    }

    let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let monitor: ReachabilityMonitor
    private let timer: Task<Void, Never>
    private let minutes: Task<Void, Never>
    private let signals: Signals.Subscription
    private var keys: KeyListener?
    /// A `.resize` is in the stream and not yet taken (`takeResize()`): a storm of resizes
    /// (a window dragged, thousands of SIGWINCHes) is one redraw at the size it ends at,
    /// never a queue of redraws that keeps `q` and SIGTERM waiting behind it.
    private let resizeQueued = ResizeFlag()

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
        // SIGCONT: continued after a stop, the screen taken again and drawn anew.
        let resizeQueued = self.resizeQueued
        signals = Signals.subscribe([SIGINT, SIGTERM, SIGWINCH, SIGCONT]) { signal in
            if signal == SIGINT || signal == SIGTERM {
                continuation.yield(.stop)
            } else if resizeQueued.raise() {
                continuation.yield(.resize)
            }
        }
        monitor.start { continuation.yield(.reachability($0)) }
    }

    /// Called as a `.resize` is handled, before the size is read: a resize after this one
    /// is a new event.
    func takeResize() { resizeQueued.lower() }

    /// Adds an event from anywhere (the continuation is Sendable; this class is not).
    var post: @Sendable (Event) -> Void {
        let continuation = self.continuation
        return { continuation.yield($0) }
    }

    /// Keys from the terminal of standard input, in raw mode so none is echoed; none when it
    /// is no terminal, not this process's to read, or refuses raw mode (Ctrl-C still ends watch).
    func listenToKeys() {
        guard let listener = KeyListener() else { return }
        let continuation = continuation
        do {
            try listener.start { keys in
                for key in keys { continuation.yield(.key(key)) }
            }
            self.keys = listener
        } catch {}
    }

    func stop() {
        keys?.stop()
        keys = nil
        monitor.stop()
        timer.cancel()
        minutes.cancel()
        signals.cancel()
        continuation.finish()
    }
}

/// Whether a resize waits in `WatchEvents`' stream.
private final class ResizeFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    /// Raises it; true when it was down (the resize is to be posted).
    func raise() -> Bool { !raised.exchange(true, ordering: .acquiringAndReleasing) }

    func lower() { raised.store(false, ordering: .releasing) }
}
