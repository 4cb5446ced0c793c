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
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe (`rain | head`) is not worth dying over
            }
            offset += written
        }
    }
}
