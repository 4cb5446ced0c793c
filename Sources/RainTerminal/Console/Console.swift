import RainKit

/// Where everything rain shows goes. The library never prints on its own: commands hand it a
/// console, and tests hand it a `BufferConsole` to read what would have been shown.
public protocol Console: AnyObject, Sendable {
    /// Writes to standard output as is (no newline added).
    func write(_ text: String)
    /// Writes to standard error as is (no newline added), above the transient line if one shows.
    func writeError(_ text: String)
    /// Shows `line` as standard error's transient last line (a spinner's), replacing the one
    /// before; nil erases it. Whatever else is written to standard error meanwhile goes above
    /// it, never onto it.
    func showTransientLine(_ line: String?)
    /// Reads one line from standard input without its newline; nil at end of input.
    func readLine() -> String?
    var isOutputTerminal: Bool { get }
    var isErrorTerminal: Bool { get }
    var isInputTerminal: Bool { get }
    /// Width of the terminal standard output goes to, when it is one.
    var terminalWidth: Int? { get }
    /// Lines of the terminal standard output goes to, when it is one.
    var terminalHeight: Int? { get }
    /// The first failure to write standard output (a full disk, a closed descriptor), if any;
    /// a reader that went away (`rain | head`) is not one.
    var outputFailure: FileError? { get }
    /// Whether nothing written to standard output can be read any more: it failed, or its
    /// reader went away. A command that would write on for ever (`rain watch | head -1`) ends.
    var outputIsGone: Bool { get }
}

extension Console {
    public var outputFailure: FileError? { nil }
    public var terminalHeight: Int? { nil }
    public var outputIsGone: Bool { outputFailure != nil }

    /// Draws the line in place ("\r", the line, erase to its end), or erases it.
    public func showTransientLine(_ line: String?) {
        writeError(line.map { "\r" + $0 + "\u{1B}[K" } ?? "\r\u{1B}[2K")
    }
}
