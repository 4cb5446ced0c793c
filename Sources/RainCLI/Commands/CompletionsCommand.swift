import RainKit

/// `rain completions bash|zsh|fish`, and `rain completions places` for the scripts.
struct CompletionsCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print a shell completion script.",
        discussion: """
        The scripts complete commands, options, option values and saved places by name or ID \
        (names with spaces included); 'make install' puts them where the shells look. By hand:
        bash: rain completions bash > /etc/bash_completion.d/rain
        zsh:  rain completions zsh > /usr/local/share/zsh/site-functions/_rain
        fish: rain completions fish > ~/.config/fish/completions/rain.fish
        'rain completions places [WORD]' prints what the scripts offer for a place: each saved \
        place whose name begins with WORD, ignoring case and accents ('zur' offers Zürich), and \
        each short ID that does, one a line; --removable leaves out the current location.
        """,
        arguments: [shellArgument, wordArgument],
        options: [removable, unaccented],
        // What people type; WORD and the flags are for the scripts.
        usage: "<shell>"
    )

    static let shellArgument = ArgumentDefinition(
        name: "shell", help: "bash, zsh or fish (or places).",
        completion: .values(CompletionScript.Shell.allCases.map(\.rawValue) + [placesWord]))
    static let wordArgument = ArgumentDefinition(
        name: "word", help: "With places: the word being completed (all places when left out).", isOptional: true)
    static let removable = Flag("removable", help: "With places: leave out the current location, which cannot be removed.")
    static let unaccented = Flag(
        "unaccented", help: "With places: a name that WORD matches only with accents ignored is printed without them ('zur' gives Zurich), for shells that match only up to case (fish).")
    private static let placesWord = "places"

    /// A script, or nil for the list of places.
    var shell: CompletionScript.Shell?
    var word: String
    var removable: Bool
    var unaccented: Bool

    /// Completing must never print errors into a command line being typed.
    var needsValidConfiguration: Bool { false }

    init(parsed: ParsedValues) throws {
        let name = parsed[Self.shellArgument] ?? ""
        word = parsed[Self.wordArgument] ?? ""
        removable = parsed[Self.removable]
        unaccented = parsed[Self.unaccented]
        if name == Self.placesWord {
            shell = nil
            return
        }
        if let word = parsed[Self.wordArgument] {
            throw ParseError.unexpectedArgument(word)
        }
        if removable || unaccented {
            throw ValidationError("'--removable' and '--unaccented' go with 'places'")
        }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw ParseError.invalidValue(name, for: "<shell>", expectation: "one of " + CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) async throws {
        guard let shell else {
            let completions = try context.store.load().completions(of: word, removable: removable)
            context.console.write(completions.map { completion in
                guard unaccented, completion.unaccented != completion.text else { return completion.text + "\n" }
                // fish shows what follows a tab as the candidate's description: the saved name.
                return completion.unaccented + "\t" + completion.text + "\n"
            }.joined())
            return
        }
        context.console.write(CompletionScript(root: RainCommand.self).script(for: shell))
    }
}
