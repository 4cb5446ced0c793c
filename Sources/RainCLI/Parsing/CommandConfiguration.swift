/// What a command looks like on the command line: its name, help texts, arguments, options and
/// subcommands, as static data in the manner of swift-argument-parser's `CommandConfiguration`.
/// The parser, the help, the usage line and the completion scripts are all made from it.
struct CommandConfiguration: Sendable {
    var commandName: String
    var abstract: String
    var discussion: String = ""
    var arguments: [ArgumentDefinition] = []
    var options: [OptionDefinition] = []
    var subcommands: [any ParsableCommand.Type] = []
    var defaultSubcommand: (any ParsableCommand.Type)? = nil
    /// Overrides the generated usage line (after `rain `) where the generated one would mislead.
    var usage: String? = nil
}

/// A positional argument.
struct ArgumentDefinition: Sendable {
    var name: String
    var help: String
    var isOptional = false
    var isRepeating = false
    /// Values the completion scripts offer.
    var completion: Completion = .none
}

/// A named option: a flag (`--yes`) or an option with a value (`--lat <latitude>`).
struct OptionDefinition: Sendable {
    enum Kind: Sendable, Equatable {
        case flag
        case value(name: String)
    }

    var long: String
    var short: Character? = nil
    var kind: Kind
    var help: String
    /// Values the completion scripts offer.
    var completion: Completion = .none

    static func flag(_ long: String, short: Character? = nil, help: String) -> OptionDefinition {
        OptionDefinition(long: long, short: short, kind: .flag, help: help)
    }

    static func option(
        _ long: String, short: Character? = nil, value: String, help: String, completion: Completion = .none
    ) -> OptionDefinition {
        OptionDefinition(long: long, short: short, kind: .value(name: value), help: help, completion: completion)
    }

    /// `--lat <latitude>` or `--yes`, as messages and help show it.
    var synopsis: String {
        switch kind {
        case .flag: return "--\(long)"
        case .value(let name): return "--\(long) <\(name)>"
        }
    }
}

/// What a shell may offer for an argument or option value.
enum Completion: Sendable, Equatable {
    case none
    case values([String])
    case file
    case locations
}
