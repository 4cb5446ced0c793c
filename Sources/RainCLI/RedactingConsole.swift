import RainKit
import RainTerminal

/// The edge every text of a command passes on its way out: each copy of the API key in what is
/// written to standard output or standard error is replaced (`KeyRedaction`), whatever built
/// the text (a URL setting that holds the key, an error quoting an answer, a child's output).
final class RedactingConsole: Console {
    private let base: any Console
    private let redaction: KeyRedaction

    /// `console` with each copy of the key taken out of what it writes, as the last step:
    /// under an `ASCIIConsole`, whose folding ("Źq7…" to "Zq7…") could otherwise make one.
    static func atEdge(of console: any Console, redaction: KeyRedaction) -> any Console {
        guard !(console is RedactingConsole) else { return console }
        if let ascii = console as? ASCIIConsole {
            return ascii.base is RedactingConsole ? ascii : ASCIIConsole(RedactingConsole(ascii.base, redaction: redaction))
        }
        return RedactingConsole(console, redaction: redaction)
    }

    /// Whether `console` already redacts at its edge.
    static func redacts(_ console: any Console) -> Bool {
        console is RedactingConsole || (console as? ASCIIConsole)?.base is RedactingConsole
    }

    private init(_ base: any Console, redaction: KeyRedaction) {
        self.base = base
        self.redaction = redaction
    }

    func write(_ text: String) { base.write(redaction.scrubbing(text)) }
    func writeError(_ text: String) { base.writeError(redaction.scrubbing(text)) }
    func showTransientLine(_ line: String?) { base.showTransientLine(line.map(redaction.scrubbing)) }
    func readLine() -> String? { base.readLine() }
    var isOutputTerminal: Bool { base.isOutputTerminal }
    var isErrorTerminal: Bool { base.isErrorTerminal }
    var isInputTerminal: Bool { base.isInputTerminal }
    var terminalWidth: Int? { base.terminalWidth }
    var terminalHeight: Int? { base.terminalHeight }
    var outputFailure: FileError? { base.outputFailure }
    var outputIsGone: Bool { base.outputIsGone }
}
