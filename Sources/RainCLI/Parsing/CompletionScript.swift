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
    private struct Entry {
        var path: [String]
        var subcommands: [(name: String, abstract: String)]
        var options: [OptionDefinition]
        var argumentCompletion: Completion
        /// The path a word that names no subcommand leads to (`rain tokyo` is `rain show tokyo`).
        var shorthand: String?

        var key: String { path.joined(separator: " ") }
    }

    private var entries: [Entry] {
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

    private var name: String { root.configuration.commandName }

    /// Every spelling of an option that takes a value, anywhere in the tree: the word after it
    /// is that value, never a command.
    private var valueOptionSpellings: [String] {
        var seen = Set<String>()
        return entries.flatMap(\.options).flatMap { option -> [String] in
            guard case .value = option.kind else { return [] }
            return ["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])
        }.filter { seen.insert($0).inserted }
    }

    /// The saved places' names and short IDs, one a line, from rain itself.
    private var placesCommand: String { "command \(name) completions places 2>/dev/null" }

    func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return bash
        case .zsh: return zsh
        case .fish: return fish
        }
    }

    private func words(of entry: Entry) -> [String] {
        var result = entry.subcommands.map(\.name)
        if case .values(let values) = entry.argumentCompletion { result += values }
        return result
    }

    private func optionWords(of entry: Entry) -> [String] {
        entry.options.flatMap { ["--\($0.long)"] + ($0.short.map { ["-\($0)"] } ?? []) }
    }

    private func valueWords(_ completion: Completion) -> [String]? {
        if case .values(let values) = completion { return values }
        return nil
    }

    /// The shell code (bash and zsh alike) that walks the words before the cursor to the command
    /// being completed, `at` (not `path`, which zsh ties to PATH).
    private func pathWalk(words: String, from first: String, to last: String) -> String {
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
    private func optionValueCases(action: (Completion) -> String) -> String {
        entries.flatMap { entry in
            entry.options.compactMap { option -> String? in
                guard case .value = option.kind else { return nil }
                let spellings = (["--\(option.long)"] + (option.short.map { ["-\($0)"] } ?? [])).map { "\"\(entry.key) \($0)\"" }
                return "        \(spellings.joined(separator: "|"))) \(action(option.completion)) ;;"
            }
        }.joined(separator: "\n")
    }

    private var bash: String {
        let valueCases = optionValueCases { completion in
            switch completion {
            case .file: #"COMPREPLY=($(compgen -f -- "$cur")); return"#
            case .values(let values): #"words="\#(values.joined(separator: " "))""#
            case .locations: "places=1"
            case .none: "return"
            }
        }
        let commandCases = entries.map { entry in
            "        \"\(entry.key)\") words=\"\(words(of: entry).joined(separator: " "))\"; options=\"\(optionWords(of: entry).joined(separator: " "))\"\(entry.argumentCompletion == .locations ? "; places=1" : "") ;;"
        }.joined(separator: "\n")
        return """
        # bash completion for \(name); generated by '\(name) completions bash'
        _\(name)() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
            local words="" options="" places=0 candidate
        \(pathWalk(words: "COMP_WORDS", from: "1", to: "COMP_CWORD"))
            ((skip)) || prev=""
            case "$at $prev" in
        \(valueCases)
                *)
                    case "$at" in
        \(commandCases)
                    esac
                    [[ "$cur" == -* ]] && words="$options" && places=0 ;;
            esac
            COMPREPLY=()
            # Names are matched ignoring case and completed quoted the way the word is: New\\ York
            # bare, New York after an opening quote (the shell closes it).
            local typed="${cur//\\\\/}"
            typed="${typed#[\\"\\']}"
            typed="${typed,,}"
            for candidate in $words; do
                [[ "${candidate,,}" == "$typed"* ]] && COMPREPLY+=("$candidate")
            done
            if ((places)); then
                while IFS= read -r candidate; do
                    [[ "${candidate,,}" == "$typed"* ]] || continue
        \(Self.bashQuoting)
                    COMPREPLY+=("$candidate")
                done < <(\(placesCommand))
            fi
        }
        complete -F _\(name) \(name)

        """
    }

    /// Quotes `$candidate` for where `$cur` starts: inside "...", inside '...', or bare.
    private static let bashQuoting = #"""
                case "$cur" in
                    \"*)
                        candidate="${candidate//\\/\\\\}"
                        candidate="${candidate//\"/\\\"}"
                        candidate="${candidate//\$/\\\$}"
                        candidate="${candidate//\`/\\\`}" ;;
                    \'*) candidate="${candidate//\'/\'\\\'\'}" ;;
                    *) printf -v candidate '%q' "$candidate" ;;
                esac
    """#

    private var zsh: String {
        let valueCases = optionValueCases { completion in
            switch completion {
            case .file: "_files; return"
            case .values(let values): "candidates=(\(values.joined(separator: " ")))"
            case .locations: "places=1"
            case .none: "return"
            }
        }
        let commandCases = entries.map { entry in
            "        \"\(entry.key)\") candidates=(\(words(of: entry).joined(separator: " "))); options=(\(optionWords(of: entry).joined(separator: " ")))\(entry.argumentCompletion == .locations ? "; places=1" : "") ;;"
        }.joined(separator: "\n")
        return """
        #compdef \(name)
        # zsh completion for \(name); generated by '\(name) completions zsh'
        _\(name)() {
            local prev="${words[CURRENT-1]}" places=0
            local -a candidates options names
        \(pathWalk(words: "words", from: "2", to: "CURRENT"))
            ((skip)) || prev=""
            case "$at $prev" in
        \(valueCases)
                *)
                    case "$at" in
        \(commandCases)
                    esac
                    if [[ "$PREFIX" == -* ]]; then candidates=($options); places=0; fi ;;
            esac
            compadd -- $candidates
            if ((places)); then
                names=("${(@f)$(\(placesCommand))}")
                # Names are matched ignoring case; compadd quotes what it inserts.
                compadd -M 'm:{[:lower:]}={[:upper:]}' -- ${names:#}
            fi
        }
        if [[ "${funcstack[1]}" == "_\(name)" ]]; then
            _\(name) "$@"
        else
            compdef _\(name) \(name)
        fi

        """
    }

    private var fish: String {
        let childCases = entries.filter { $0.path.count > 1 }.map { "'\($0.key)'" }.joined(separator: " ")
        let shorthandCases = entries.compactMap { entry in
            entry.shorthand.map { "            case '\(entry.key)'\n                set path '\($0)'" }
        }.joined(separator: "\n")
        var lines = [
            "# fish completion for \(name); generated by '\(name) completions fish'",
            "function __\(name)_path",
            "    set -l path \(name)",
            "    set -l skip 0",
            "    for word in (commandline -opc)[2..-1]",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        switch $word",
            "            case \(valueOptionSpellings.joined(separator: " "))",
            "                set skip 1",
            "                continue",
            "            case '-*'",
            "                continue",
            "        end",
            "        switch \"$path $word\"",
            "            case \(childCases)",
            "                set path \"$path $word\"",
            "            case '*'",
            "                switch $path",
            shorthandCases,
            "                end",
            "        end",
            "    end",
            "    echo $path",
            "end",
            "function __\(name)_at",
            "    contains -- (__\(name)_path) $argv",
            "end",
            "complete -c \(name) -f",
        ]
        for entry in entries {
            let condition = "__\(name)_at '\(entry.key)'"
            for sub in entry.subcommands {
                lines.append("complete -c \(name) -n \"\(condition)\" -a \(sub.name) -d '\(fishEscaped(sub.abstract))'")
            }
            for option in entry.options {
                var line = "complete -c \(name) -n \"\(condition)\" -l \(option.long)"
                if let short = option.short { line += " -s \(short)" }
                switch option.completion {
                case .file: line += " -r -F"
                case .values(let values): line += " -x -a '\(values.joined(separator: " "))'"
                case .locations: line += " -x -a '(\(placesCommand))'"
                case .none: if case .value = option.kind { line += " -x" }
                }
                lines.append(line + " -d '\(fishEscaped(option.help))'")
            }
            if let values = valueWords(entry.argumentCompletion) {
                lines.append("complete -c \(name) -n \"\(condition)\" -a '\(values.joined(separator: " "))'")
            }
            if entry.argumentCompletion == .locations {
                lines.append("complete -c \(name) -n \"\(condition)\" -a '(\(placesCommand))' -d 'saved place'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func fishEscaped(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'")
    }
}
