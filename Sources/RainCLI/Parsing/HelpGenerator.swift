/// Help and usage text made from the command tables, in swift-argument-parser's layout:
/// OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, wrapped to `width`.
struct HelpGenerator {
    let path: [any ParsableCommand.Type]
    let width: Int

    private var command: any ParsableCommand.Type { path.last! }
    private var configuration: CommandConfiguration { command.configuration }

    /// "rain locations add"
    var commandName: String { path.map { $0.configuration.commandName }.joined(separator: " ") }

    var usage: String {
        if let usage = configuration.usage { return "\(commandName) \(usage)" }
        var parts = [commandName]
        if !configuration.subcommands.isEmpty && !(command is any RunnableCommand.Type) {
            parts.append("<subcommand>")
        }
        for argument in configuration.arguments {
            var text = "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
            if argument.isOptional { text = "[\(text)]" }
            parts.append(text)
        }
        for option in configuration.options {
            parts.append("[\(option.synopsis)]")
        }
        return parts.joined(separator: " ")
    }

    /// The usage after `label`, wrapped with the continuation lines under the command's first
    /// word, as swift-argument-parser wraps it ("USAGE: " in the help, "Usage: " after an error).
    func usage(labelled label: String) -> String {
        wrap(label + usage, indent: 0, hanging: label.count)
    }

    var help: String {
        var sections: [String] = []
        sections.append(wrap("OVERVIEW: " + configuration.abstract, indent: 0, hanging: 0))
        if !configuration.discussion.isEmpty {
            sections.append(configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { wrap(String($0), indent: 0, hanging: 0) }.joined(separator: "\n"))
        }
        sections.append(usage(labelled: "USAGE: "))
        if !configuration.arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + rows(configuration.arguments.map { ("<\($0.name)>", $0.help) }))
        }
        let options = configuration.options + GlobalOptions.definitions
        sections.append("OPTIONS:\n" + rows(options.map { option in
            let names = (option.short.map { "-\($0), " } ?? "") + option.synopsis
            return (names, option.help)
        }))
        if !configuration.subcommands.isEmpty {
            let entries = configuration.subcommands.map { sub in
                let isDefault = configuration.defaultSubcommand.map { $0 == sub } ?? false
                return (sub.configuration.commandName + (isDefault ? " (default)" : ""), sub.configuration.abstract)
            }
            let helpCommand = ([path.first!.configuration.commandName, "help"] + path.dropFirst().map { $0.configuration.commandName })
                .joined(separator: " ")
            sections.append("SUBCOMMANDS:\n" + rows(entries) + "\n\n"
                + wrap("  See '\(helpCommand) <subcommand>' for detailed help.", indent: 0, hanging: 2))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private func rows(_ entries: [(String, String)]) -> String {
        let labelWidth = 24
        return entries.map { label, text in
            let head = "  " + label
            if head.count < labelWidth + 2 {
                let line = head + String(repeating: " ", count: labelWidth + 2 - head.count) + text
                return wrap(line, indent: 0, hanging: labelWidth + 2)
            }
            return head + "\n" + wrap(String(repeating: " ", count: labelWidth + 2) + text, indent: 0, hanging: labelWidth + 2)
        }.joined(separator: "\n")
    }

    /// Greedy word wrap; continuation lines start with `hanging` spaces.
    private func wrap(_ text: String, indent: Int, hanging: Int) -> String {
        let text = InstalledDocuments.pointing(text)
        let limit = max(width, 40)
        var lines: [String] = []
        var line = String(repeating: " ", count: indent)
        var lineHasWord = false
        let leading = text.prefix { $0 == " " }
        line += leading
        for word in text.dropFirst(leading.count).split(separator: " ", omittingEmptySubsequences: false) {
            if lineHasWord && line.count + 1 + word.count > limit {
                lines.append(line)
                line = String(repeating: " ", count: hanging) + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

private func == (lhs: any ParsableCommand.Type, rhs: any ParsableCommand.Type) -> Bool {
    ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
}
