import RainKit

/// How a problem reaches the user: one line, an optional hint, an exit status. `text` is the only
/// place that writes `rain: error:` / `rain: hint:` lines.
struct ErrorReport {
    /// How the line starts: `rain: error:`, `rain: warning:` (something failed, but the command
    /// could go on), or a plain `rain:` notice (`rain: offline: ...`).
    enum Severity {
        case error, warning, notice
    }

    var message: String
    var hint: String?
    var exitCode: ExitCode

    init(message: String, hint: String? = nil, exitCode: ExitCode) {
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
    }

    /// - Parameter subject: what the error is about, put before it (`Berlin: ...`).
    init(_ error: any Error, subject: String? = nil) {
        switch error {
        case let error as any RainError:
            self.init(message: error.description, hint: error.hint, exitCode: ExitCode(error.kind))
        default:
            self.init(message: "\(error)", exitCode: .ioError)
        }
        if let subject { message = "\(subject): \(message)" }
    }

    /// The lines, control characters removed.
    func text(as severity: Severity = .error) -> String {
        let label = switch severity {
        case .error: "error: "
        case .warning: "warning: "
        case .notice: ""
        }
        var text = "rain: \(label)\(message.strippingControlCharacters)\n"
        if let hint { text += "rain: hint: \(hint.strippingControlCharacters)\n" }
        return text
    }

    var text: String { text(as: .error) }
}

extension CommandContext {
    /// Writes a problem to stderr through `ErrorReport`, the one printer.
    func report(_ report: ErrorReport, as severity: ErrorReport.Severity = .error) {
        console.writeError(report.text(as: severity))
    }

    /// Writes `error` (about `subject`, when given) and returns the status it stands for.
    @discardableResult
    func report(_ error: any Error, about subject: String? = nil, as severity: ErrorReport.Severity = .error) -> ExitCode {
        let report = ErrorReport(error, subject: subject)
        self.report(report, as: severity)
        return report.exitCode
    }
}
