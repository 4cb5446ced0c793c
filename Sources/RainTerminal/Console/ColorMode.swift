import RainKit

/// `--color auto|always|never`, decided once per run.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Colour when the output is a terminal, `TERM` is set and not `dumb`, and `NO_COLOR` is
    /// unset or empty.
    case auto
    /// Colour even into a pipe or a dumb terminal; but never with `NO_COLOR` set (rain's rule).
    case always
    case never

    public func usesColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            guard isTerminal else { return false }
            guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return false }
            return true
        }
    }
}
