/// What a command looks like on the command line: its name, help texts, arguments, options and
/// subcommands, as static data in the manner of swift-argument-parser's `CommandConfiguration`.
/// The parser, the help, the usage line, the man page and the completion scripts are all made
/// from it.
struct CommandConfiguration: Sendable {
    var commandName: String
    var abstract: String
    var discussion: String
    var arguments: [ArgumentDefinition]
    var options: [OptionDefinition]
    var subcommands: [any ParsableCommand.Type]
    var defaultSubcommand: (any ParsableCommand.Type)?
    /// Overrides the generated usage line (after `rain `) where the generated one would mislead.
    var usage: String?

    /// `options` are the command's own declarations (`static let` on the command), which its
    /// `init(parsed:)` reads back: each option is spelled once.
    init(
        commandName: String, abstract: String, discussion: String = "",
        arguments: [ArgumentDefinition] = [], options: [any OptionDeclaration] = [],
        subcommands: [any ParsableCommand.Type] = [], defaultSubcommand: (any ParsableCommand.Type)? = nil,
        usage: String? = nil
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options.map(\.definition)
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.usage = usage
    }
}

/// A positional argument. Declared once as a `static let` of its command, which reads it back
/// with `parsed[argument]` or `parsed.values(of: argument)`.
struct ArgumentDefinition: Sendable {
    var name: String
    var help: String
    var isOptional = false
    var isRepeating = false
    /// A name of several words needs no quotes: the words left for it are one value.
    var joinsWords = false
    /// Values the completion scripts offer.
    var completion: Completion = .none
}

/// A named option as the parser, help and completions see it: a flag (`--yes`) or an option
/// with a value (`--lat <latitude>`). Commands declare `Flag`s and `Option`s, which carry one.
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
    /// Whether the option may be given more than once (its values collect); a single-value
    /// option given twice is a usage error.
    var isRepeatable = false

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
    /// Saved places but the current location (`locations remove`).
    case removableLocations
}
