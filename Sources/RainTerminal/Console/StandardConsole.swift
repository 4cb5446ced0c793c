#if canImport(Glibc)
import Glibc
#endif
import RainKit
import Synchronization

/// The process's real standard streams.
public final class StandardConsole: Console {
    private let failure = Mutex<FileError?>(nil)
    private let readerLeft = Atomic<Bool>(false)
    /// Whether standard error shows a transient line; its lock orders every write there.
    private let transientLine = Mutex(false)

    public init() {}

    public func write(_ text: String) {
        guard let code = Self.writeAll(text, to: STDOUT_FILENO) else { return }
        if code == EPIPE {
            readerLeft.store(true, ordering: .relaxed)
            return
        }
        // EBADF: closed when rain started (`rain >&-`; the descriptor then holds /dev/null
        // opened for reading only, so that no file rain opens can take its place).
        let failure = code == EBADF ? FileError(path: "standard output", reason: "it is closed") : FileError(path: "standard output", errno: code)
        self.failure.withLock { $0 = $0 ?? failure }
    }

    public var outputFailure: FileError? { failure.withLock { $0 } }

    public var outputIsGone: Bool { readerLeft.load(ordering: .relaxed) || outputFailure != nil }

    public func writeError(_ text: String) {
        transientLine.withLock { shown -> Void in
            guard shown else {
                Self.writeAll(text, to: STDERR_FILENO)
                return
            }
            // The spinner's line goes first (it comes back with its next frame), so that a line
            // written meanwhile (a -v request, a warning) starts on a line of its own.
            shown = false
            TerminalState.showsTransientLine(false)
            Self.writeAll("\r\u{1B}[2K" + text, to: STDERR_FILENO)
        }
    }

    public func showTransientLine(_ line: String?) {
        transientLine.withLock { shown in
            if let line {
                Self.writeAll("\r" + line + "\u{1B}[K", to: STDERR_FILENO)
            } else if shown {
                Self.writeAll("\r\u{1B}[2K", to: STDERR_FILENO)
            }
            shown = line != nil
            TerminalState.showsTransientLine(shown)
        }
    }

    public func readLine() -> String? { Swift.readLine(strippingNewline: true) }

    public var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    public var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    public var isInputTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    public var terminalWidth: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    public var terminalHeight: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    /// The errno of a failed write. A closed pipe (`rain | head`) is not worth dying over.
    @discardableResult
    private static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { FileDescriptor.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
