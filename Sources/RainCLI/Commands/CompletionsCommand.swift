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
        'rain completions places' prints what the scripts offer for a place: each saved place's \
        name and short ID, one a line.
        """,
        arguments: [shellArgument]
    )

    static let shellArgument = ArgumentDefinition(
        name: "shell", help: "bash, zsh or fish (or places).",
        completion: .values(CompletionScript.Shell.allCases.map(\.rawValue) + [placesWord]))
    private static let placesWord = "places"

    /// A script, or nil for the list of places.
    var shell: CompletionScript.Shell?

    /// Completing must never print errors into a command line being typed.
    var needsValidConfiguration: Bool { false }

    init(parsed: ParsedValues) throws {
        let name = parsed[Self.shellArgument] ?? ""
        if name == Self.placesWord {
            shell = nil
            return
        }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw ParseError.invalidValue(name, for: "<shell>", expectation: "one of " + CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) async throws {
        guard let shell else {
            let list = try context.store.load()
            let names = list.locations.map { $0.name.strippingControlCharacters }
            context.console.write((names + list.locations.map(\.shortID)).map { $0 + "\n" }.joined())
            return
        }
        context.console.write(CompletionScript(root: RainCommand.self).script(for: shell))
    }
}
