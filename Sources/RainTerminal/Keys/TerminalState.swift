#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What rain has changed on the terminal right now, kept where a signal handler can read it:
/// the alternate screen with the cursor hidden (`rain watch`, the pickers), raw input (the
/// pickers, one-key answers) and a transient line on standard error (the spinner). The code
/// that makes a change records it here and records its undoing; `restore()` undoes whatever is
/// recorded using only async-signal-safe calls, so every way out of the process (a signal
/// that ends it, a crash, Ctrl-Z) gives the terminal back as it found it (`Signals`).
package enum TerminalState {
    /// The descriptor showing the alternate screen with the cursor hidden; -1 when none.
    private static let screen = Atomic<Int32>(-1)
    /// The descriptor in raw mode; -1 when none. Its settings before are in `original`.
    private static let rawDescriptor = Atomic<Int32>(-1)
    /// Written only while `rawDescriptor` is -1, read by `restore()` while it is not.
    nonisolated(unsafe) private static let original = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// A line standard error shows for now (the spinner's), erased before anything else is
    /// written there and when the process ends.
    private static let transientLine = Atomic<Bool>(false)

    static let leaveScreen: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    static let enterScreen: StaticString = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J"
    static let eraseLine: StaticString = "\r\u{1B}[2K"

    /// Makes the state before a signal handler can first read it.
    static func prepare() {
        _ = screen.load(ordering: .sequentiallyConsistent)
        _ = rawDescriptor.load(ordering: .sequentiallyConsistent)
        _ = transientLine.load(ordering: .sequentiallyConsistent)
        _ = original
    }

    static func enteredScreen(on descriptor: Int32) {
        Signals.install()
        screen.store(descriptor, ordering: .sequentiallyConsistent)
    }

    static func leftScreen() {
        screen.store(-1, ordering: .sequentiallyConsistent)
    }

    static func enteredRawMode(on descriptor: Int32, from settings: termios) {
        Signals.install()
        if rawDescriptor.load(ordering: .sequentiallyConsistent) == -1 { original.pointee = settings }
        rawDescriptor.store(descriptor, ordering: .sequentiallyConsistent)
    }

    static func leftRawMode() {
        rawDescriptor.store(-1, ordering: .sequentiallyConsistent)
    }

    package static func showsTransientLine(_ shown: Bool) {
        if shown { Signals.install() }
        transientLine.store(shown, ordering: .sequentiallyConsistent)
    }

    /// Undoes every recorded change: erases the transient line, leaves the alternate screen
    /// showing the cursor, puts back the terminal's settings. Async-signal-safe (`write`,
    /// `tcsetattr`); what it undid stays recorded, for `retake()` after a stop.
    static func restore() {
        if transientLine.load(ordering: .sequentiallyConsistent) { write(STDERR_FILENO, eraseLine) }
        let screen = screen.load(ordering: .sequentiallyConsistent)
        if screen >= 0 { write(screen, leaveScreen) }
        let raw = rawDescriptor.load(ordering: .sequentiallyConsistent)
        if raw >= 0 { _ = tcsetattr(raw, TCSAFLUSH, original) }
    }

    /// After a stop (Ctrl-Z, SIGTSTP) and `fg`: takes the terminal again as `restore()` found
    /// it (raw mode, the alternate screen); the screen's owner redraws on SIGCONT.
    /// Async-signal-safe.
    static func retake() {
        let raw = rawDescriptor.load(ordering: .sequentiallyConsistent)
        if raw >= 0 {
            var settings = original.pointee
            RawMode.makeRaw(&settings)
            _ = tcsetattr(raw, TCSANOW, &settings)
        }
        let screen = screen.load(ordering: .sequentiallyConsistent)
        if screen >= 0 { write(screen, enterScreen) }
    }

    /// Writes a static string without allocating (callable from a signal handler).
    private static func write(_ descriptor: Int32, _ text: StaticString) {
        var offset = 0
        while offset < text.utf8CodeUnitCount {
            let written = Glibc.write(descriptor, text.utf8Start + offset, text.utf8CodeUnitCount - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
