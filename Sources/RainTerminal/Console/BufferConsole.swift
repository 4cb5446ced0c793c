import RainKit
import Synchronization

/// A console that keeps what is written, for tests and for rendering into a string.
public final class BufferConsole: Console {
    private struct State {
        var output = ""
        var error = ""
        var input: [String]
    }

    private let state: Mutex<State>
    public let isOutputTerminal: Bool
    public let isErrorTerminal: Bool
    public let isInputTerminal: Bool
    public let terminalWidth: Int?

    public init(
        input: [String] = [],
        isOutputTerminal: Bool = false,
        isErrorTerminal: Bool = false,
        isInputTerminal: Bool = false,
        terminalWidth: Int? = nil
    ) {
        state = Mutex(State(input: input))
        self.isOutputTerminal = isOutputTerminal
        self.isErrorTerminal = isErrorTerminal
        self.isInputTerminal = isInputTerminal
        self.terminalWidth = terminalWidth
    }

    public var output: String { state.withLock { $0.output } }
    public var error: String { state.withLock { $0.error } }

    public func write(_ text: String) { state.withLock { $0.output += text } }
    public func writeError(_ text: String) { state.withLock { $0.error += text } }

    public func readLine() -> String? {
        state.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() }
    }
}
