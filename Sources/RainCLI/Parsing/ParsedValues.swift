/// The values one command line gave a command, by option long name and argument name.
struct ParsedValues: Sendable {
    var flags: Set<String> = []
    var options: [String: [String]] = [:]
    var arguments: [String: [String]] = [:]
    /// How each option value was written, for messages (`--lat <latitude>`).
    var optionSynopses: [String: String] = [:]

    func flag(_ long: String) -> Bool { flags.contains(long) }

    /// The last value given for the option (a repeated option wins last, as with most tools).
    func value(_ long: String) -> String? { options[long]?.last }

    func argument(_ name: String) -> String? { arguments[name]?.first }

    func arguments(_ name: String) -> [String] { arguments[name] ?? [] }

    /// The option's value converted, or nil when absent; an unconvertible value is a usage error
    /// worded as swift-argument-parser words it.
    func value<Value: LosslessStringConvertible>(_ long: String, as type: Value.Type) throws -> Value? {
        guard let text = value(long) else { return nil }
        guard let converted = Value(text) else {
            throw ParseError.invalidValue(text, for: optionSynopses[long] ?? "--\(long)")
        }
        return converted
    }
}
