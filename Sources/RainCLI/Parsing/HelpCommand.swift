/// `rain help [COMMAND...]`, handled by the parser in every group (`rain locations help add`);
/// listed among the subcommands so that help, completions and the man page show it.
struct HelpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "help",
        abstract: "Show help for a command.",
        discussion: "'rain help locations add' is 'rain locations add --help'; 'rain locations help add' too.",
        arguments: [ArgumentDefinition(name: "command", help: "The command to show help for.", isOptional: true, isRepeating: true)],
        usage: "[<command> ...]"
    )
}
