/// Shell completion scripts made from the same command tables the parser uses. All three
/// shells find the command being completed the same way (subcommands by name, the word after an
/// option that takes a value skipped, a word that names no command meaning the default
/// subcommand, as the parser does) and ask `rain completions places` for the saved places.
struct CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    let root: any ParsableCommand.Type

    /// One entry per command: its path, subcommands, options, and what its arguments complete to.
    struct Entry {
        var path: [String]
        var subcommands: [(name: String, abstract: String)]
        var options: [OptionDefinition]
        var argumentCompletion: Completion
        /// The path a word that names no subcommand leads to (`rain tokyo` is `rain show tokyo`).
        var shorthand: String?

        var key: String { path.joined(separator: " ") }
    }

    var entries: [Entry] {
        var result: [Entry] = []
        func visit(_ command: any ParsableCommand.Type, path: [String]) {
            let configuration = command.configuration
            var argumentCompletion = configuration.arguments.first?.completion ?? .none
            var shorthand: String?
            if let fallback = configuration.defaultSubcommand, let argument = fallback.configuration.arguments.first {
                argumentCompletion = argument.completion
                shorthand = (path + [fallback.configuration.commandName]).joined(separator: " ")
            }
            result.append(Entry(
                path: path,
                subcommands: configuration.subcommands.map { ($0.configuration.commandName, $0.configuration.abstract) },
                options: configuration.options + GlobalOptions.definitions,
                argumentCompletion: argumentCompletion,
                shorthand: shorthand))
            for sub in configuration.subcommands {
                if sub == HelpCommand.self {
                    visitHelp(command, path: path + [sub.configuration.commandName])
                } else {
                    visit(sub, path: path + [sub.configuration.commandName])
                }
            }
        }
        // `rain help locations add`: under help, the group's commands again, without options.
        func visitHelp(_ group: any ParsableCommand.Type, path: [String]) {
            let commands = group.configuration.subcommands.filter { $0 != HelpCommand.self }
            result.append(Entry(
                path: path,
                subcommands: commands.map { ($0.configuration.commandName, $0.configuration.abstract) },
                options: GlobalOptions.definitions,
                argumentCompletion: .none))
            for sub in commands where !sub.configuration.subcommands.isEmpty {
                visitHelp(sub, path: path + [sub.configuration.commandName])
            }
        }
        visit(root, path: [root.configuration.commandName])
        return result
    }

    var name: String { root.configuration.commandName }

    /// Every spelling of an option that takes a value, anywhere in the tree: the word after it
    /// is that value, never a command.
    var valueOptionSpellings: [String] {
        var seen = Set<String>()
        return entries.flatMap(\.options).flatMap { option -> [String] in
            guard case .value = option.kind else { return [] }
            return ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
        }.filter { seen.insert($0).inserted }
    }

    /// The saved places whose names (ignoring case and accents) or short IDs begin with `word`,
    /// one a line, from rain itself: the shells' own matching knows no accents. `flags` is shell
    /// code that expands to rain's options (`--removable`, `--keep-typed`) or to nothing.
    func placesCommand(flags: String, word: String) -> String {
        "command \(name) completions places \(flags) -- \(word) 2>/dev/null"
    }

    /// 1 for places, 2 for places that may be removed, 0 for no places: what the bash and zsh
    /// scripts keep in `places`.
    static func placesLevel(_ completion: Completion) -> Int? {
        switch completion {
        case .locations: 1
        case .removableLocations: 2
        default: nil
        }
    }

    func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return bash
        case .zsh: return zsh
        case .fish: return fish
        }
    }

    func words(of entry: Entry) -> [String] {
        var result = entry.subcommands.map(\.name)
        if case .values(let values) = entry.argumentCompletion { result += values }
        return result
    }

    func optionWords(of entry: Entry) -> [String] {
        entry.options.flatMap { ["--\($0.long)"] + ($0.short.map { ["-\($0)"] } ?? []) }
    }

    func valueWords(_ completion: Completion) -> [String]? {
        if case .values(let values) = completion { return values }
        return nil
    }

    /// The shell code (bash and zsh alike) that walks the words before the cursor to the command
    /// being completed, `at` (not `path`, which zsh ties to PATH).
    func pathWalk(words: String, from first: String, to last: String) -> String {
        let childCases = entries.filter { $0.path.count > 1 }.map { "\"\($0.key)\"" }.joined(separator: "|")
        let shorthandCases = entries.compactMap { entry in entry.shorthand.map { "\"\(entry.key)\") at=\"\($0)\" ;;" } }
            .joined(separator: "\n                    ")
        return """
            local at="\(name)" word i skip=0
            for ((i = \(first); i < \(last); i++)); do
                word="${\(words)[i]}"
                if ((skip)); then skip=0; continue; fi
                case "$word" in
                    \(valueOptionSpellings.joined(separator: "|"))) skip=1; continue ;;
                    -*) continue ;;
                esac
                case "$at $word" in
                    \(childCases)) at="$at $word" ;;
                    *) case "$at" in
                    \(shorthandCases)
                    esac ;;
                esac
            done
        """
    }

    /// `"rain watch --every") <action> ;;` for every option that takes a value, per command.
    func optionValueCases(action: (Completion) -> String) -> String {
        entries.flatMap { entry in
            entry.options.compactMap { option -> String? in
                guard case .value = option.kind else { return nil }
                let spellings = (["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])).map { "\"\(entry.key) \($0)\"" }
                return "        \(spellings.joined(separator: "|"))) \(action(option.completion)) ;;"
            }
        }.joined(separator: "\n")
    }
}
