/// The values one command line gave a command. Read only through the command's declarations:
/// `parsed[Self.json]`, `try parsed.value(Self.every)`, `parsed[Self.location]`.
struct ParsedValues: Sendable {
    private(set) var flags: Set<String> = []
    private(set) var options: [String: [String]] = [:]
    var arguments: [String: [String]] = [:]
    /// The default command's place stood where a command goes (`rain xyzzy`): a word there
    /// that names no place may have been meant as a command.
    var placeStandsForCommand = false

    mutating func set(_ option: OptionDefinition) { flags.insert(option.long) }

    mutating func add(_ value: String, for option: OptionDefinition) throws(ParseError) {
        if !option.isRepeatable, options[option.long] != nil { throw .repeatedOption(option.synopsis) }
        options[option.long, default: []].append(value)
    }

    subscript(flag: Flag) -> Bool { flags.contains(flag.definition.long) }

    subscript(argument: ArgumentDefinition) -> String? { arguments[argument.name]?.first }

    func values(of argument: ArgumentDefinition) -> [String] { arguments[argument.name] ?? [] }

    /// The option's value converted, or nil when absent; an unconvertible value is a usage error
    /// worded as swift-argument-parser words it, plus what a valid one looks like.
    func value<Value>(_ option: Option<Value>) throws(ParseError) -> Value? {
        try values(option).last
    }

    /// Every value of a repeatable option, converted.
    func values<Value>(_ option: Option<Value>) throws(ParseError) -> [Value] {
        var result: [Value] = []
        for text in options[option.definition.long] ?? [] {
            guard let converted = option.convert(text) else {
                throw .invalidValue(text, for: option.definition.synopsis, expectation: option.expectation)
            }
            result.append(converted)
        }
        return result
    }
}
