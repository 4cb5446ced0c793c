#if canImport(Glibc)
import Glibc
#endif

/// The process's real standard streams.
public final class StandardConsole: Console {
    public init() {}

    public func write(_ text: String) { Self.writeAll(text, to: STDOUT_FILENO) }
    public func writeError(_ text: String) { Self.writeAll(text, to: STDERR_FILENO) }

    public func readLine() -> String? { Swift.readLine(strippingNewline: true) }

    public var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    public var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    public var isInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    public var terminalWidth: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        // A closed pipe (`rain | head`) is not worth dying over: the error is dropped.
        FileDescriptor.writeAll(Array(text.utf8), to: descriptor)
    }
}
