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

    /// "did you mean ...?" for a near miss, on a hint line as rain's own typo hints are.
    var hintText: LocalizedText? {
        switch self {
        case .unknownOption(_, let suggestion?), .unknownCommand(_, let suggestion?), .optionsBeforeCommand(_, let suggestion):
            return Self.meant(suggestion)
        case .notACommand(_, let suggestion, let lookup):
            guard let lookup else { return Self.meant(suggestion) }
            return LocalizedText(lines: [Self.meant(suggestion), LocalizedText(N_("or, for a place of that name: {command}"), ["command": .verbatim(lookup)])])
        default:
            return nil
        }
    }

    private static func meant(_ suggestion: String) -> LocalizedText { .didYouMean(suggestion) }

    /// The line; option names, commands and values stay as typed.
    var text: LocalizedText {
        switch self {
        case .unknownOption(let option, _):
            return LocalizedText(N_("unknown option '{option}'"), ["option": .verbatim(option)])
        case .missingValue(let synopsis):
            return LocalizedText(N_("missing value for '{option}'"), ["option": .verbatim(synopsis)])
        case .unexpectedValue(let option):
            return LocalizedText(N_("the option '{option}' does not take a value"), ["option": .verbatim(option)])
        case .unexpectedArgument(let argument):
            return LocalizedText(N_("unexpected argument '{argument}'"), ["argument": .verbatim(argument)])
        case .missingArgument(let name):
            return LocalizedText(N_("missing expected argument '<{name}>'"), ["name": .verbatim(name)])
        case .unknownCommand(let name, _), .notACommand(let name, _, _):
            // `rain refesh` in the voice of `rain locations lst`: the hint says what else it may be.
            return LocalizedText(N_("unknown command '{command}'"), ["command": .verbatim(name)])
        case .invalidValue(let value, let synopsis, nil):
            return LocalizedText(N_("the value '{value}' is invalid for '{option}'"), ["value": .verbatim(value), "option": .verbatim(synopsis)])
        case .invalidValue(let value, let synopsis, let expectation?) where synopsis.hasPrefix("-"):
            // `'--every x': give ...`, in the words of '--pick 0' and '--hours 0': the option as
            // typed, then what it takes, in one line.
            let option = synopsis.prefix { $0 != " " }
            return LocalizedText(N_("'{option} {value}': {expectation}"),
                                 ["option": .verbatim(String(option)), "value": .verbatim(value), "expectation": Self.expectation(expectation)])
        case .invalidValue(let value, let synopsis, let expectation?):
            return LocalizedText(N_("'{value}' is not a valid {option}: {expectation}"),
                                 ["value": .verbatim(value), "option": .verbatim(synopsis), "expectation": Self.expectation(expectation)])
        case .repeatedOption(let synopsis):
            return LocalizedText(N_("the option '{option}' can be given only once"), ["option": .verbatim(synopsis)])
        case .optionsBeforeCommand(let command, _):
            return LocalizedText(N_("'{command}' is a command: its options go after it"), ["command": .verbatim(command)])
        }
    }
}

extension ParseError {

    /// What a value must be: a marked text (`N_`), or "one of" a list of the values as typed.
    static func expectation(_ text: String) -> LocalizedText {
        let oneOf = "one of "
        guard text.hasPrefix(oneOf) else { return LocalizedText(text) }
        return LocalizedText(N_("one of {values}"), ["values": .verbatim(String(text.dropFirst(oneOf.count)))])
    }
}
