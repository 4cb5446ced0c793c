import RainKit
import Synchronization

/// How a problem reaches the user: one line, an optional hint, for a usage error the usage of
/// the command meant, and an exit status. `text` is the only place that writes `rain: error:` /
/// `rain: hint:` / `Usage:` lines, and every piece of them goes through the one sanitiser
/// (`strippingControlCharacters`): a command line, a file or a server cannot put control
/// characters on the terminal through an error.
struct ErrorReport {
    /// How the line starts: `rain: error:`, `rain: warning:` (something failed, but the command
    /// could go on), or a plain `rain:` notice (`rain: offline: ...`).
    enum Severity {
        case error, warning, notice
    }

    /// What follows a usage error, as swift-argument-parser prints it: the usage line of the
    /// command the user meant and where its help is.
    struct Usage {
        /// `Usage: rain locations add <name> [--pick <n>] ...`, wrapped to 80 columns.
        var lines: String
        /// `rain locations add`
        var command: String

        init(lines: String, command: String) {
            self.lines = lines
            self.command = command
        }

        init(of path: [any ParsableCommand.Type]) {
            let help = HelpGenerator(path: path, width: 80)
            self.init(lines: help.usage(labelled: "Usage: "), command: help.commandName)
        }
    }

    var message: String
    var hint: String?
    var exitCode: ExitCode
    /// Only for usage errors.
    var usage: Usage?
    /// The language of the words around the message (where the help is).
    var localization = Localization.english
    /// The message says that rain is offline, in any language (its English starts "offline: ").
    var isOffline = false

    init(message: String, hint: String? = nil, exitCode: ExitCode, usage: Usage? = nil) {
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
        self.usage = usage
    }

    /// - Parameters:
    ///   - subject: what the error is about, put before it (`Berlin: ...`).
    ///   - command: the command the error concerns; a usage error is followed by its usage.
    init(_ error: any Error, subject: String? = nil, command: [any ParsableCommand.Type]? = nil, localization: Localization = .english) {
        switch error {
        case let error as any RainError:
            self.init(message: localization.tr(error.text), hint: error.hintText.map { localization.tr($0) }, exitCode: ExitCode(error.kind))
            if error.kind == .usage, let command { usage = Usage(of: command) }
        default:
            self.init(message: "\(error)", exitCode: .ioError)
        }
        self.localization = localization
        isOffline = subject == nil && "\(error)".hasPrefix(Self.offlinePrefix)
        if let subject { message = "\(subject): \(message)" }
    }

    /// The lines, control characters removed.
    func text(as severity: Severity = .error) -> String {
        // Being offline is a state of the machine, not a mistake: "rain: offline: cannot reach
        // HOST" reads the same whatever command found it (still with its exit status).
        let severity = severity == .error && (isOffline || message.hasPrefix(Self.offlinePrefix)) ? .notice : severity
        let label = switch severity {
        case .error: "error: "
        case .warning: "warning: "
        case .notice: ""
        }
        // A message of several lines (the candidates of an ambiguous name) goes on under its
        // first, indented as the usage's continuation is.
        let messageLines = message.split(separator: "\n", omittingEmptySubsequences: true).map { String($0).strippingControlCharacters }
        var text = "rain: \(label)\(Self.trimmedEnd(messageLines.first ?? ""))\n"
        for line in messageLines.dropFirst() { text += "  \(line)\n" }
        text += hint.map(Self.hintLines) ?? ""
        if let usage, severity == .error {
            text += usage.lines.split(separator: "\n").map { "\(String($0).strippingControlCharacters)\n" }.joined()
            let help = localization.tr("See '{command} --help' for more information.", ["command": usage.command])
            text += "  \(help.strippingControlCharacters)\n"
        }
        return text
    }

    var text: String { text(as: .error) }

    /// `words` at the end of the message's first line, before the ":" that leads to its data
    /// lines (a quota's service, a server's words), so they stay words and the data stays whole.
    mutating func appendToFirstLine(_ words: String) {
        guard let end = message.firstIndex(of: "\n") else { return message += words }
        let first = message[..<end]
        guard first.hasSuffix(":") else { return message = first + words + message[end...] }
        message = Self.trimmedEnd(String(first.dropLast())) + words + ":" + message[end...]
    }

    static let offlinePrefix = "offline: "

    /// `rain: hint: ...` lines: a hint may have lines of its own (what a tool said, then what to
    /// do), each a hint line, and a command to type indented under them (`commandLine`).
    static func hintLines(_ hint: String) -> String {
        hint.split(separator: "\n").map { line in
            let line = String(line)
            if line.hasPrefix(LocalizedText.commandIndent) { return line.strippingControlCharacters + "\n" }
            return "rain: hint: \(line.strippingControlCharacters)\n"
        }.joined()
    }

    private static func trimmedEnd(_ line: String) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }
}


/// The hints a run has given so far: the error that ends a command leaves out one a warning
/// gave before it (a dangling current location's, then "no current location is selected").
final class HintsGiven: Sendable {
    private let hints = Mutex(Set<String>())

    func note(_ hint: String?) {
        guard let hint else { return }
        hints.withLock { _ = $0.insert(hint) }
    }

    func contains(_ hint: String) -> Bool { hints.withLock { $0.contains(hint) } }
}
