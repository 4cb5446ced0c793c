/// `rain completions bash|zsh|fish`
struct CompletionsCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print a shell completion script.",
        discussion: """
        bash: rain completions bash > /etc/bash_completion.d/rain
        zsh:  rain completions zsh > "${fpath[1]}/_rain"
        fish: rain completions fish > ~/.config/fish/completions/rain.fish
        """,
        arguments: [shellArgument]
    )

    static let shellArgument = ArgumentDefinition(name: "shell", help: "bash, zsh or fish.", completion: .values(CompletionScript.Shell.allCases.map(\.rawValue)))

    var shell: CompletionScript.Shell

    init(parsed: ParsedValues) throws {
        let name = parsed[Self.shellArgument] ?? ""
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw ParseError.invalidValue(name, for: "<shell>")
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) async throws {
        context.console.write(CompletionScript(root: RainCommand.self).script(for: shell))
    }
}
