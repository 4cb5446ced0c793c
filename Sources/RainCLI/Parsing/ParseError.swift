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

    var hint: String? { hint(in: .english) }

    var description: String { message(in: .english) }

    func hint(in localization: Localization) -> String? {
        guard case .notACommand(_, let suggestion) = self else { return nil }
        return localization.tr("did you mean '{command}'?", ["command": suggestion])
    }

    /// The line in the user's language; option names, commands and values stay as typed.
    func message(in localization: Localization) -> String {
        let words = localization
        switch self {
        case .unknownOption(let option, nil):
            return words.tr("Unknown option '{option}'.", ["option": option])
        case .unknownOption(let option, let suggestion?):
            return words.tr("Unknown option '{option}'. Did you mean '{suggestion}'?", ["option": option, "suggestion": suggestion])
        case .missingValue(let synopsis):
            return words.tr("Missing value for '{option}'", ["option": synopsis])
        case .unexpectedValue(let option):
            return words.tr("The option '{option}' does not take a value", ["option": option])
        case .unexpectedArgument(let argument):
            return words.tr("Unexpected argument '{argument}'", ["argument": argument])
        case .missingArgument(let name):
            return words.tr("Missing expected argument '<{name}>'", ["name": name])
        case .unknownCommand(let name, nil):
            return words.tr("Unknown command '{command}'.", ["command": name])
        case .unknownCommand(let name, let suggestion?):
            return words.tr("Unknown command '{command}'. Did you mean '{suggestion}'?", ["command": name, "suggestion": suggestion])
        case .invalidValue(let value, let synopsis, nil):
            return words.tr("The value '{value}' is invalid for '{option}'", ["value": value, "option": synopsis])
        case .invalidValue(let value, let synopsis, let expectation?):
            return words.tr("The value '{value}' is invalid for '{option}': {expectation}",
                            ["value": value, "option": synopsis, "expectation": Self.expectation(expectation, in: words)])
        case .repeatedOption(let synopsis):
            return words.tr("The option '{option}' can be given only once", ["option": synopsis])
        case .notACommand(let word, _):
            return words.tr("'{word}' is not a command or a saved place", ["word": word])
        }
    }
}

extension ParseError {
    /// What a value must be, in the user's language: a marked text (`N_`), or "one of" a list of
    /// the values as typed.
    static func expectation(_ text: String, in localization: Localization) -> String {
        let oneOf = "one of "
        guard text.hasPrefix(oneOf) else { return localization.tr(text) }
        return localization.tr("one of {values}", ["values": String(text.dropFirst(oneOf.count))])
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
