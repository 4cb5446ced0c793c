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
    func enable() throws(TerminalError) {
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        // read() returns as soon as one byte is there.
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSAFLUSH, &raw) == 0 else {
            throw .system("cannot switch the terminal to raw mode", errno)
        }
        isActive = true
    }

    /// Puts the saved settings back (keys typed meanwhile are dropped with the raw input).
    func restore() {
        guard isActive else { return }
        var settings = original
        while tcsetattr(descriptor, TCSAFLUSH, &settings) != 0 && errno == EINTR {}
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
