#if canImport(Glibc)
import Glibc
#endif

/// The terminal on a file descriptor switched to raw input (no line editing, no echo, no
/// signals from Ctrl-C/Ctrl-Z, no flow control) and back. `restore()` puts back exactly the
/// settings found by `enable(on:)`; it may be called any number of times.
final class RawMode {
    let descriptor: Int32
    private let original: termios
    private(set) var isActive = false

    /// Saves the current settings of `descriptor`; nil when it is not a terminal.
    init?(descriptor: Int32) {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return nil }
        self.descriptor = descriptor
        original = settings
    }

    /// Switches to raw input. Output processing stays on, so "\n" still starts a new line.
    /// Recorded in `TerminalState`, so that a signal or a crash puts the settings back too.
    /// At once, keeping what was typed: a `q` pressed before the screen was up (a huge window
    /// takes a while to draw) is read as the first key, not discarded (`TCSAFLUSH`).
    func enable() throws(TerminalError) {
        var raw = original
        Self.makeRaw(&raw)
        TerminalState.enteredRawMode(on: descriptor, from: original)
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
            if !isActive { TerminalState.leftRawMode() }
            throw .system("cannot switch the terminal to raw mode", errno)
        }
        isActive = true
    }

    /// Raw input: no line editing, no echo, no signals from keys, no flow control, one byte at
    /// a time. Only changes fields (callable from a signal handler).
    static func makeRaw(_ settings: inout termios) {
        settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        settings.c_cflag |= tcflag_t(CS8)
        // read() returns as soon as one byte is there.
        withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
    }

    /// Puts the saved settings back (keys typed meanwhile are dropped with the raw input).
    func restore() {
        guard isActive else { return }
        var settings = original
        while tcsetattr(descriptor, TCSAFLUSH, &settings) != 0 && errno == EINTR {}
        TerminalState.leftRawMode()
        isActive = false
    }

    deinit { restore() }
}

/// What went wrong with the terminal.
package struct TerminalError: Error, CustomStringConvertible {
    package var description: String

    static func system(_ what: String, _ code: Int32) -> TerminalError {
        TerminalError(description: "\(what): \(String(cString: strerror(code)))")
    }
}
