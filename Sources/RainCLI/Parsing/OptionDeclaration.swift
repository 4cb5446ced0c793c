import RainKit

/// An option a command declares once, as a `static let`, and reads back through the same
/// declaration (`parsed[Self.select]`, `try parsed.value(Self.latitude)`): a misspelt name is a
/// compile error, as with swift-argument-parser's property wrappers.
protocol OptionDeclaration: Sendable {
    var definition: OptionDefinition { get }
}

/// `--yes`: present or not.
struct Flag: OptionDeclaration {
    let definition: OptionDefinition

    init(_ long: String, short: Character? = nil, help: String) {
        definition = OptionDefinition(long: long, short: short, kind: .flag, help: help)
    }
}

/// `--lat <latitude>`: an option with a value, converted to `Value` when read.
struct Option<Value: Sendable>: OptionDeclaration {
    let definition: OptionDefinition
    /// Converts the text given on the command line; nil is a usage error.
    let convert: @Sendable (String) -> Value?
    /// What a valid value looks like, added to the error for an invalid one.
    let expectation: String?

    init(
        _ long: String, short: Character? = nil, value: String, help: String,
        completion: Completion = .none, repeatable: Bool = false, expectation: String? = nil,
        convert: @escaping @Sendable (String) -> Value?
    ) {
        definition = OptionDefinition(
            long: long, short: short, kind: .value(name: value), help: help,
            completion: completion, isRepeatable: repeatable)
        self.convert = convert
        self.expectation = expectation
    }
}

extension Option where Value: CommandLineValue {
    init(
        _ long: String, short: Character? = nil, value: String, help: String,
        completion: Completion = .none, repeatable: Bool = false
    ) {
        self.init(long, short: short, value: value, help: help, completion: completion, repeatable: repeatable,
                  expectation: Value.expectation, convert: Value.init(commandLine:))
    }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// An option whose values are the cases of `Value`; completions offer them.
    init(_ long: String, short: Character? = nil, value: String, help: String) {
        let names = Value.allCases.map(\.rawValue)
        self.init(long, short: short, value: value, help: help, completion: .values(names),
                  expectation: "one of " + names.joined(separator: ", "), convert: Value.init(rawValue:))
    }
}

/// A type an option's text converts to, strictly.
protocol CommandLineValue: Sendable {
    init?(commandLine text: String)
    /// What a valid value looks like, for the error about an invalid one; nil if anything goes.
    static var expectation: String? { get }
}

extension String: CommandLineValue {
    init?(commandLine text: String) { self = text }
    static var expectation: String? { nil }
}

extension Double: CommandLineValue {
    /// Decimal notation only (`-33.87`, `151`, `.5`): no hexadecimal, exponent, `inf` or `nan`,
    /// which `Double(_:)` would take.
    init?(commandLine text: String) {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = parts.joined()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Double(text), value.isFinite else { return nil }
        self = value
    }

    static var expectation: String? { N_("give a decimal number, e.g. -33.87") }
}

extension Int: CommandLineValue {
    /// Decimal digits only, with an optional sign.
    init?(commandLine text: String) {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else { return nil }
        self = value
    }

    static var expectation: String? { N_("give a whole number, e.g. 2") }
}

extension Interval: CommandLineValue {
    init?(commandLine text: String) { self.init(text) }
    static var expectation: String? { N_("give a whole number over 0 then s, m or h, e.g. 15m") }
}
