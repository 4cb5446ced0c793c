import Dispatch
import Foundation
import Synchronization

/// A one-line activity indicator on standard error, drawn only when standard error is a
/// terminal (otherwise it writes nothing at all). It animates on its own thread; `stop()`
/// waits for that thread to finish and erases the line, so nothing is drawn after it returns.
public final class Spinner: Sendable {
    private struct Run: Sendable {
        let stopSignal: DispatchSemaphore
        let finished: DispatchSemaphore
    }

    private struct State {
        var message: String
        var run: Run?
        var frame = 0
    }

    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Erases the current line and returns to its start.
    static let erase = "\r\u{1B}[2K"

    private let console: any Console
    private let interval: Duration
    private let state: Mutex<State>

    public init(console: any Console, message: String, interval: Duration = .milliseconds(100)) {
        self.console = console
        self.interval = interval
        state = Mutex(State(message: message.screenSafe))
    }

    public var isRunning: Bool { state.withLock { $0.run != nil } }

    /// Draws the first frame at once, then animates until `stop()`. Does nothing when
    /// standard error is not a terminal or the spinner already runs.
    public func start() {
        guard console.isErrorTerminal else { return }
        let run = Run(stopSignal: DispatchSemaphore(value: 0), finished: DispatchSemaphore(value: 0))
        let started = state.withLock { state -> Bool in
            guard state.run == nil else { return false }
            state.run = run
            return true
        }
        guard started else { return }
        drawFrame()
        let nanoseconds = interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000
        Thread.detachNewThread { [self] in
            while run.stopSignal.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .timedOut {
                drawFrame()
            }
            run.finished.signal()
        }
    }

    /// Changes the text next to the spinner ("Refreshing 2 of 5…").
    public func update(message: String) {
        state.withLock { $0.message = message.screenSafe }
    }

    /// Stops the animation, waits for its thread, and erases the line. Safe to call twice.
    public func stop() {
        guard let run = state.withLock({ state -> Run? in
            defer { state.run = nil }
            return state.run
        }) else { return }
        run.stopSignal.signal()
        run.finished.wait()
        console.writeError(Self.erase)
    }

    private func drawFrame() {
        let width = max((console.terminalWidth ?? 80) - 3, 10)
        let (symbol, message) = state.withLock { state -> (String, String) in
            defer { state.frame = (state.frame + 1) % Self.frames.count }
            return (Self.frames[state.frame], state.message)
        }
        console.writeError("\r\(symbol) \(message.truncated(toDisplayWidth: width))\u{1B}[K")
    }
}
