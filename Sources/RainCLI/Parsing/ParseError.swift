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
    /// `rain lcoations add Paris`, `rain refesh`: the first word is no command and no saved
    /// place but a near miss of a command; `lookup` shows a place of those words.
    case notACommand(String, suggestion: String, lookup: String?)
    /// `rain -v refresh`: a command's name after options, which made it a place's.
    case optionsBeforeCommand(String, suggestion: String)

    var kind: ErrorKind { .usage }

    var hint: String? { hint(in: .english) }

    var description: String { message(in: .english) }

    /// "did you mean ...?" for a near miss, on a hint line as rain's own typo hints are.
    func hint(in localization: Localization) -> String? {
        switch self {
        case .unknownOption(_, let suggestion?), .unknownCommand(_, let suggestion?), .optionsBeforeCommand(_, let suggestion):
            return localization.tr("did you mean '{suggestion}'?", ["suggestion": suggestion])
        case .notACommand(_, let suggestion, let lookup):
            let meant = localization.tr("did you mean '{suggestion}'?", ["suggestion": suggestion])
            guard let lookup else { return meant }
            return meant + "\n" + localization.tr("or, for a place of that name: {command}", ["command": lookup])
        default:
            return nil
        }
    }

    /// The line in the user's language; option names, commands and values stay as typed.
    func message(in localization: Localization) -> String {
        let words = localization
        switch self {
        case .unknownOption(let option, _):
            return words.tr("unknown option '{option}'", ["option": option])
        case .missingValue(let synopsis):
            return words.tr("missing value for '{option}'", ["option": synopsis])
        case .unexpectedValue(let option):
            return words.tr("the option '{option}' does not take a value", ["option": option])
        case .unexpectedArgument(let argument):
            return words.tr("unexpected argument '{argument}'", ["argument": argument])
        case .missingArgument(let name):
            return words.tr("missing expected argument '<{name}>'", ["name": name])
        case .unknownCommand(let name, _):
            return words.tr("unknown command '{command}'", ["command": name])
        case .invalidValue(let value, let synopsis, nil):
            return words.tr("the value '{value}' is invalid for '{option}'", ["value": value, "option": synopsis])
        case .invalidValue(let value, let synopsis, let expectation?):
            return words.tr("the value '{value}' is invalid for '{option}': {expectation}",
                            ["value": value, "option": synopsis, "expectation": Self.expectation(expectation, in: words)])
        case .repeatedOption(let synopsis):
            return words.tr("the option '{option}' can be given only once", ["option": synopsis])
        case .notACommand(let word, _, _):
            return words.tr("'{word}' is not a command or a saved place", ["word": word])
        case .optionsBeforeCommand(let command, _):
            return words.tr("'{command}' is a command: its options go after it", ["command": command])
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
