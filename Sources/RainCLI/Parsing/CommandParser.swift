/// What a command line asks for.
enum ParsedCommandLine {
    case run(any RunnableCommand.Type, values: ParsedValues, path: [any ParsableCommand.Type])
    case help(path: [any ParsableCommand.Type])
    case version
}

/// A parse error together with the command it concerns, whose usage goes with the message.
struct CommandLineError: Error {
    var error: any Error
    var path: [any ParsableCommand.Type]
}

/// A first word taken as a place that looks like a misspelt command (`lcoations` in
/// `rain lcoations add Paris`), and the command it stands for.
struct MisspeltCommand {
    var word: String
    /// `rain locations add`
    var suggestion: String
    /// The command meant, whose usage goes with the error.
    var path: [any ParsableCommand.Type]
}

/// A small table-driven parser with swift-argument-parser's conventions: subcommands by name,
/// options before or after positionals, `--name value` and `--name=value`, combined short
/// flags, `--` ends options, negative numbers are values, `rain help COMMAND` and
/// `rain GROUP help [COMMAND]`, and a word that names no command is an argument of the default
/// subcommand (`rain tokyo` is `rain show tokyo`) when that takes one.
struct CommandParser {
    let root: any ParsableCommand.Type

    func parse(_ tokens: [String]) throws(CommandLineError) -> ParsedCommandLine {
        let joined = attempt(tokens)
        // `rain lcoations add Paris` is a misspelt command, not the place "lcoations add Paris":
        // read without joining words, it fails, and the caller suggests the command.
        if case .success = joined.result, joined.placeWordIndex != nil, misspeltCommand(in: tokens) != nil {
            return try attempt(tokens, joiningWords: false).result.get()
        }
        return try joined.result.get()
    }

    /// A parse and, when a word that names no command was taken as the default subcommand's
    /// argument (`tokyo` in `rain tokyo`), where that word stands.
    private struct Attempt {
        var result: Result<ParsedCommandLine, CommandLineError>
        var placeWordIndex: Int?
    }

    private func attempt(_ tokens: [String], joiningWords: Bool = true) -> Attempt {
        var placeWordIndex: Int?
        do {
            let parsed = try parse(tokens, joiningWords: joiningWords, placeWordIndex: &placeWordIndex)
            return Attempt(result: .success(parsed), placeWordIndex: placeWordIndex)
        } catch {
            return Attempt(result: .failure(error), placeWordIndex: placeWordIndex)
        }
    }

    /// The command a line that went wrong was meant to run, when its first word, taken as a
    /// place, is a misspelt command name and the words after it are that command's: the next
    /// one names one of its subcommands (`rain lcoations add Paris`), or the line has options
    /// and parses with the name spelt right (`rain refesh --all --quiet`). A single word
    /// (`rain tokyo`) is never a command; whether the word is a saved place is the caller's
    /// to check, as the parser knows no places.
    func misspeltCommand(in tokens: [String]) -> MisspeltCommand? {
        guard let index = attempt(tokens).placeWordIndex else { return nil }
        let commands = root.configuration.subcommands
        let commandNames = commands.map { $0.configuration.commandName }
        guard let name = closestMatch(to: tokens[index], among: commandNames),
              let command = subcommand(named: name, of: root) else { return nil }
        var corrected = tokens
        corrected[index] = name
        let rest = tokens[(index + 1)...]
        // `help` takes command names; a group, its subcommands' names and `help`.
        let isHelp = command is HelpCommand.Type
        let subcommandNames = command.configuration.subcommands.map { $0.configuration.commandName }
        let words = isHelp ? commandNames : subcommandNames.isEmpty ? [] : subcommandNames + [HelpCommand.configuration.commandName]
        let correctedAttempt = attempt(corrected)
        let suggestion: String
        if let next = rest.first, words.contains(next) {
            suggestion = "\(root.configuration.commandName) \(name) \(next)"
        } else if rest.contains(where: looksLikeOption), case .success = correctedAttempt.result {
            suggestion = "\(root.configuration.commandName) \(name)"
        } else {
            return nil
        }
        let meant: [any ParsableCommand.Type]
        switch correctedAttempt.result {
        case _ where isHelp: meant = [root, HelpCommand.self]
        case .success(.run(_, _, let path)), .success(.help(let path)): meant = path
        case .success(.version): meant = [root]
        case .failure(let error): meant = error.path
        }
        return MisspeltCommand(word: tokens[index], suggestion: suggestion, path: meant)
    }

    private func parse(_ tokens: [String], joiningWords: Bool, placeWordIndex: inout Int?) throws(CommandLineError) -> ParsedCommandLine {
        var path: [any ParsableCommand.Type] = [root]
        var values = ParsedValues()
        var positionals: [String] = []
        var optionsEnded = false
        var index = 0
        var helpRequest: [String]?

        do {
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                let command = path.last!
                if optionsEnded || !looksLikeOption(token) {
                    let isGroup = !command.configuration.subcommands.isEmpty
                    if !optionsEnded, isGroup, token == HelpCommand.configuration.commandName {
                        helpRequest = Array(tokens[index...])
                        break
                    }
                    if !optionsEnded, positionals.isEmpty, let sub = subcommand(named: token, of: command) {
                        path.append(sub)
                        continue
                    }
                    if isGroup, let fallback = command.configuration.defaultSubcommand, !fallback.configuration.arguments.isEmpty {
                        if !optionsEnded && path.count == 1 { placeWordIndex = index - 1 }
                        path.append(fallback)
                        positionals.append(token)
                        continue
                    }
                    if isGroup {
                        let names = command.configuration.subcommands.map { $0.configuration.commandName }
                        throw ParseError.unknownCommand(token, suggestion: closestMatch(to: token, among: names))
                    }
                    positionals.append(token)
                    continue
                }
                if token == "--" {
                    optionsEnded = true
                    continue
                }
                if token.hasPrefix("--") {
                    let body = token.dropFirst(2)
                    let name = String(body.prefix { $0 != "=" })
                    let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                    descendToDefault(forOption: { $0.long == name }, path: &path)
                    guard let option = definition(long: name, in: path.last!) else {
                        let names = allOptions(of: command).map { "--" + $0.long }
                        throw ParseError.unknownOption("--" + name, suggestion: closestMatch(to: "--" + name, among: names))
                    }
                    try record(option, spelled: "--" + name, inlineValue: inlineValue, tokens: tokens, index: &index, into: &values, path: path)
                } else {
                    let letters = Array(token.dropFirst())
                    for (offset, letter) in letters.enumerated() {
                        descendToDefault(forOption: { $0.short == letter }, path: &path)
                        guard let option = allOptions(of: path.last!).first(where: { $0.short == letter }) else {
                            throw ParseError.unknownOption("-\(letter)", suggestion: nil)
                        }
                        let isLast = offset == letters.count - 1
                        if case .value = option.kind, !isLast {
                            // -c FILE only: a value option must end a group of short flags.
                            let rest = String(letters[(offset + 1)...])
                            try record(option, spelled: "-\(letter)", inlineValue: rest, tokens: tokens, index: &index, into: &values, path: path)
                            break
                        }
                        try record(option, spelled: "-\(letter)", inlineValue: nil, tokens: tokens, index: &index, into: &values, path: path)
                    }
                }
            }
        } catch {
            throw CommandLineError(error: error, path: path)
        }

        if let helpRequest {
            return try helpPath(for: helpRequest, from: path)
        }
        if values[GlobalOptions.help] {
            return .help(path: path)
        }
        if values[GlobalOptions.version] {
            return .version
        }
        while !(path.last! is any RunnableCommand.Type) {
            guard let fallback = path.last!.configuration.defaultSubcommand else { break }
            path.append(fallback)
        }
        guard let runnable = path.last! as? any RunnableCommand.Type else {
            return .help(path: path)
        }
        do {
            values.arguments = try assign(positionals, to: runnable.configuration.arguments, joiningWords: joiningWords)
        } catch {
            throw CommandLineError(error: error, path: path)
        }
        return .run(runnable, values: values, path: path)
    }

    private func helpPath(for names: [String], from start: [any ParsableCommand.Type]) throws(CommandLineError) -> ParsedCommandLine {
        var path = start
        if names == [HelpCommand.configuration.commandName] {
            return .help(path: [root, HelpCommand.self])
        }
        for name in names {
            guard let sub = subcommand(named: name, of: path.last!) else {
                let candidates = path.last!.configuration.subcommands.map { $0.configuration.commandName }
                throw CommandLineError(
                    error: ParseError.unknownCommand(name, suggestion: closestMatch(to: name, among: candidates)),
                    path: path)
            }
            path.append(sub)
        }
        return .help(path: path)
    }

    /// `rain --offline` means `rain show --offline`: an option that only the default subcommand
    /// knows selects it, as in swift-argument-parser.
    private func descendToDefault(
        forOption matches: (OptionDefinition) -> Bool, path: inout [any ParsableCommand.Type]
    ) {
        var candidate = path
        while !candidate.last!.configuration.options.contains(where: matches),
              let fallback = candidate.last!.configuration.defaultSubcommand {
            candidate.append(fallback)
        }
        if candidate.last!.configuration.options.contains(where: matches) { path = candidate }
    }

    /// `-5m`, `-33.87` and `-.5` are values (no option is spelt with a digit), so
    /// `--every -5m` is an invalid value, not a missing one.
    private func looksLikeOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), let second = token.dropFirst().first else { return false }
        return !(second.isNumber || second == ".")
    }

    private func subcommand(named name: String, of command: any ParsableCommand.Type) -> (any ParsableCommand.Type)? {
        command.configuration.subcommands.first { $0.configuration.commandName == name }
    }

    private func allOptions(of command: any ParsableCommand.Type) -> [OptionDefinition] {
        command.configuration.options + GlobalOptions.definitions
    }

    private func definition(long name: String, in command: any ParsableCommand.Type) -> OptionDefinition? {
        allOptions(of: command).first { $0.long == name }
    }

    /// Whether the word after an option that takes a value is another option rather than that
    /// value: `--lat -inf` is an invalid latitude, not a missing one, as `-inf` is no option.
    private func isOption(_ token: String, in command: any ParsableCommand.Type) -> Bool {
        guard looksLikeOption(token) else { return false }
        if token.hasPrefix("--") { return true }
        let shorts = Set(allOptions(of: command).compactMap(\.short))
        return token.dropFirst().allSatisfy(shorts.contains)
    }

    private func record(
        _ option: OptionDefinition, spelled: String, inlineValue: String?,
        tokens: [String], index: inout Int, into values: inout ParsedValues, path: [any ParsableCommand.Type]
    ) throws(ParseError) {
        switch option.kind {
        case .flag:
            if inlineValue != nil { throw .unexpectedValue(spelled) }
            values.set(option)
        case .value:
            if let inlineValue {
                try values.add(inlineValue, for: option)
                return
            }
            guard index < tokens.count, !isOption(tokens[index], in: path.last!) else {
                throw .missingValue(option.synopsis)
            }
            try values.add(tokens[index], for: option)
            index += 1
        }
    }

    /// The words to each argument; the words left for a last argument that `joinsWords` are
    /// its value with a space between them (`rain new york`).
    private func assign(_ positionals: [String], to definitions: [ArgumentDefinition], joiningWords: Bool) throws(ParseError) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var remaining = positionals[...]
        for (index, definition) in definitions.enumerated() {
            if joiningWords, definition.joinsWords, index == definitions.count - 1, remaining.count > 1 {
                result[definition.name] = [remaining.joined(separator: " ")]
                remaining = []
            } else if definition.isRepeating {
                result[definition.name] = Array(remaining)
                if remaining.isEmpty && !definition.isOptional { throw .missingArgument(definition.name) }
                remaining = []
            } else if let value = remaining.popFirst() {
                result[definition.name] = [value]
            } else if !definition.isOptional {
                throw .missingArgument(definition.name)
            }
        }
        if let extra = remaining.first { throw .unexpectedArgument(extra) }
        return result
    }
}
