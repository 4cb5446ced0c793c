import RainKit

/// What can be wrong with a command line, worded as swift-argument-parser words it. A usage
/// error like any other: `ErrorReport` prints it with the usage of the command it concerns, exit 64.
enum ParseError: RainError, Equatable {
    case unknownOption(String, suggestion: String?)
    case missingValue(String)
    case unexpectedValue(String)
    case unexpectedArgument(String)
    case missingArgument(String)
    case unknownCommand(String, suggestion: String?)
    case invalidValue(String, for: String, expectation: String? = nil)
    case repeatedOption(String)
    /// `rain lcoations add Paris`: the first word is no command and no saved place, and the
    /// words after it are a command's.
    case notACommand(String, suggestion: String)

    var kind: ErrorKind { .usage }

    var hint: String? {
        guard case .notACommand(_, let suggestion) = self else { return nil }
        return "did you mean '\(suggestion)'?"
    }

    var description: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            return "Unknown option '\(option)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .missingValue(let synopsis):
            return "Missing value for '\(synopsis)'"
        case .unexpectedValue(let option):
            return "The option '\(option)' does not take a value"
        case .unexpectedArgument(let argument):
            return "Unexpected argument '\(argument)'"
        case .missingArgument(let name):
            return "Missing expected argument '<\(name)>'"
        case .unknownCommand(let name, let suggestion):
            return "Unknown command '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .invalidValue(let value, let synopsis, let expectation):
            return "The value '\(value)' is invalid for '\(synopsis)'" + (expectation.map { ": \($0)" } ?? "")
        case .repeatedOption(let synopsis):
            return "The option '\(synopsis)' can be given only once"
        case .notACommand(let word, _):
            return "'\(word)' is not a command or a saved place"
        }
    }
}

/// The closest candidate within a small edit distance, for "Did you mean ...?".
func closestMatch(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= max(2, word.count / 3) }
    return scored.min { $0.1 < $1.1 }?.0
}

private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
