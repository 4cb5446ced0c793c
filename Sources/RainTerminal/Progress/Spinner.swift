import Dispatch
import FoundationEssentials
import RainKit
import Synchronization

/// A one-line activity indicator on standard error, drawn only when standard error is a
/// terminal (otherwise it writes nothing at all). It animates on its own thread, which draws
/// under the state lock only while its run is current; `stop()` ends the run and erases the
/// line under that lock, so nothing is drawn after it returns, and it never waits for the
/// thread (it is called from async code).
public final class Spinner: Sendable {
    private final class Run: Sendable {
        let stopSignal = DispatchSemaphore(value: 0)
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
        let run = Run()
        let started = state.withLock { state -> Bool in
            guard state.run == nil else { return false }
            state.run = run
            return true
        }
        guard started else { return }
        drawFrame(of: run)
        let nanoseconds = interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000
        DetachedThread.start { [self] in
            while run.stopSignal.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .timedOut {
                drawFrame(of: run)
            }
        }
    }

    /// Changes the text next to the spinner ("Refreshing 2 of 5…").
    public func update(message: String) {
        state.withLock { $0.message = message.screenSafe }
    }

    /// Stops the animation and erases the line. Safe to call twice.
    public func stop() {
        state.withLock { state in
            guard let run = state.run else { return }
            state.run = nil
            run.stopSignal.signal()
            console.showTransientLine(nil)
        }
    }

    /// Draws the next frame, unless `run` has been stopped. The line never reaches the last
    /// column (a wrapped line could not be erased): in a window of a few columns, the frame alone.
    private func drawFrame(of run: Run) {
        let columns = console.terminalWidth ?? 80
        state.withLock { state in
            guard state.run === run else { return }
            defer { state.frame = (state.frame + 1) % Self.frames.count }
            let frame = Self.frames[state.frame]
            guard columns >= 2 else { return }
            console.showTransientLine(columns >= 6 ? "\(frame) \(state.message.truncated(toDisplayWidth: columns - 3))" : frame)
        }
    }
}
