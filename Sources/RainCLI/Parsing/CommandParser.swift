import RainKit

/// What a command line asks for.
enum ParsedCommandLine {
    case run(any RunnableCommand.Type, values: ParsedValues, path: [any ParsableCommand.Type])
    case help(path: [any ParsableCommand.Type])
    case version
}

extension ParsedCommandLine {
    /// Whether the line runs, or asks for the help of, `root`'s default command.
    func isDefaultCommand(of root: any ParsableCommand.Type) -> Bool {
        switch self {
        case .run(_, _, let path), .help(let path): return path.count == 2 && path.last == root.configuration.defaultSubcommand
        case .version: return false
        }
    }
}

/// A parse error together with the command it concerns, whose usage goes with the message.
struct CommandLineError: Error {
    var error: any Error
    var path: [any ParsableCommand.Type]
}

/// A word taken as the default command's place that stands for a command: a near miss of its
/// name (`lcoations` in `rain lcoations add Paris`), or its name after options that made it a
/// place (`refresh` in `rain -v refresh`).
struct MisspeltCommand: Error {
    var word: String
    /// The words the place would be: `lcoations add Paris`.
    var place: String
    /// `rain locations add`
    var suggestion: String
    /// The command meant, whose usage goes with the error.
    var path: [any ParsableCommand.Type]
    /// For a near miss of plain words, how to show a place of that name: `rain show wath`.
    var lookup: String?
    /// The word is the command's name, after options that belong after it.
    var isExact: Bool
    /// For a command's name after options it does not take: what parsing them after it says
    /// (`rain --offline refresh`: refresh has no `--offline`).
    var misplaced: CommandLineError?

    /// What to report, and the command whose usage goes with it.
    var report: (error: any Error, path: [any ParsableCommand.Type]) {
        if let misplaced { return (misplaced.error, misplaced.path) }
        let error: ParseError = isExact ? .optionsBeforeCommand(word, suggestion: suggestion)
            : .notACommand(word, suggestion: suggestion, lookup: lookup)
        return (error, path)
    }
}

/// A small table-driven parser with swift-argument-parser's conventions: subcommands by name,
/// options before or after positionals, `--name value` and `--name=value`, combined short
/// flags, `--` ends options, negative numbers are values, `rain help COMMAND` and
/// `rain GROUP help [COMMAND]`, and a word that names no command is an argument of the default
/// subcommand (`rain tokyo` is `rain show tokyo`) when that takes one.
struct CommandParser {
    let root: any ParsableCommand.Type

    func parse(_ tokens: [String]) throws(CommandLineError) -> ParsedCommandLine {
        try attempt(tokens).result.get()
    }

    /// `parse` with the default command's words apart, not one place's name: what
    /// `rain lcoations add Paris` is when "lcoations" alone is a saved place.
    func parseWordsApart(_ tokens: [String]) throws(CommandLineError) -> ParsedCommandLine {
        try attempt(tokens, joiningWords: false).result.get()
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

    /// The command a line was meant to run when the word taken as the default command's place
    /// is a near miss of a command's name (`rain refesh`, `rain lcoations ad Paris`, whose next
    /// word is corrected too when it is a near miss of a subcommand's), a subcommand's own name
    /// (`rain remove 2` for `rain locations remove 2`), or a command's name after options that
    /// made it a place (`rain -v refresh`). The suggestion is the fullest corrected line that
    /// parses: a command's options after it, global ones where they were. Plain words are a
    /// place's name (`rain tokyo`, `rain lyon`) when they are none of these. Whether the words
    /// name a saved place is the caller's to check, as the parser knows no places.
    func misspeltCommand(in tokens: [String]) -> MisspeltCommand? {
        guard let index = attempt(tokens).placeWordIndex else { return nil }
        let word = tokens[index]
        let before = Array(tokens[..<index]), rest = Array(tokens[(index + 1)...])
        let rain = root.configuration.commandName
        let place = ([word] + rest.prefix { !looksLikeOption($0) }).joined(separator: " ")
        guard var meant = commandWords(meant: word) else {
            // `rain version`: the flag without its dashes.
            guard word.lowercased() == GlobalOptions.version.definition.long else { return nil }
            return MisspeltCommand(word: word, place: place, suggestion: "\(rain) --\(GlobalOptions.version.definition.long)",
                                   path: [root], lookup: nil, isExact: false)
        }
        var remaining = rest[...]
        if meant.count == 1, let command = subcommand(named: meant[0], of: root) {
            // `help` takes command names; a group, its subcommands' names and `help`.
            let commandNames = root.configuration.subcommands.map { $0.configuration.commandName }
            let subcommandNames = command.configuration.subcommands.map { $0.configuration.commandName }
            let words = command is HelpCommand.Type ? commandNames
                : subcommandNames.isEmpty ? [] : subcommandNames + [HelpCommand.configuration.commandName]
            if let next = remaining.first, !looksLikeOption(next), let corrected = closestMatch(to: next, among: words) {
                meant.append(corrected)
                remaining = remaining.dropFirst()
            }
        }
        let whole = meant + remaining
        let isGlobal = onlyGlobalOptions(before)
        let lines = isGlobal ? [before + whole, whole] : [whole + before, whole]
        let results = lines.map { attempt($0).result }
        let fitting = results.firstIndex { if case .success = $0 { true } else { false } }
        let suggested = fitting.map { lines[$0] } ?? (isGlobal ? before + meant : meant)
        let isExact = word == meant[0]
        let fallback = [root] + meant.prefix(1).compactMap { subcommand(named: $0, of: root) }
        var path = meant.first == HelpCommand.configuration.commandName ? [root, HelpCommand.self]
            : path(of: fitting.map { results[$0] } ?? attempt(suggested).result, else: fallback)
        // `rain loc` -> `rain locations`, which runs its default, `list`: the line suggested
        // names the group alone, so the usage under the hint is the group's, as its help's is
        // (`rain --json locations` -> `rain locations --json` is list's, whose option it is).
        if remaining.isEmpty, isGlobal || before.isEmpty, path.count == meant.count + 2, let group = path.dropLast().last, let implied = group.configuration.defaultSubcommand,
           ObjectIdentifier(implied) == ObjectIdentifier(path[path.count - 1]) {
            path.removeLast()
        }
        var misspelt = MisspeltCommand(word: word, place: place, suggestion: ShellWords.commandLine([rain] + suggested),
                                       path: path, lookup: nil, isExact: isExact)
        if isExact, !isGlobal, case .failure(let failure) = results[0] {
            misspelt.misplaced = failure
        }
        // Plain words, or options the command meant does not take, may be a place's.
        if !isExact, meant.count == 1, !rest.contains(where: looksLikeOption) || fitting == nil,
           let show = root.configuration.defaultSubcommand?.configuration.commandName {
            misspelt.lookup = ShellWords.commandLine([rain, show] + before + [word] + rest)
        }
        return misspelt
    }

    /// The command words `word` stands for: a command whose name it is or nearly is
    /// (`refesh`), whose name it begins as no other's does (`loc`: `locations`), or a group's
    /// subcommand whose name it is (`remove`: `locations remove`).
    private func commandWords(meant word: String) -> [String]? {
        let commands = root.configuration.subcommands
        let names = commands.map { $0.configuration.commandName }
        if let name = closestMatch(to: word, among: names, strictly: true) { return [name] }
        let beginning = names.filter { $0.hasPrefix(word.lowercased()) }
        if word.count >= Self.shortestCommandPrefix, beginning.count == 1 { return beginning }
        for group in commands {
            if let sub = group.configuration.subcommands.first(where: { $0.configuration.commandName == word.lowercased() }) {
                return [group.configuration.commandName, sub.configuration.commandName]
            }
        }
        return nil
    }

    /// The fewest letters of a command's name taken for it (`loc`, `ref`); fewer are a place's.
    static let shortestCommandPrefix = 3

    /// Whether `tokens` are global options with their values, which go anywhere.
    private func onlyGlobalOptions(_ tokens: [String]) -> Bool {
        GlobalOptions.leadingCount(in: tokens) >= tokens.count
    }

    private func parses(_ tokens: [String]) -> Bool {
        if case .success = attempt(tokens).result { return true }
        return false
    }

    /// The command a parse runs or is about, or `fallback` when it names none.
    private func path(of result: Result<ParsedCommandLine, CommandLineError>, else fallback: [any ParsableCommand.Type]) -> [any ParsableCommand.Type] {
        switch result {
        case .success(.run(_, _, let path)), .success(.help(let path)): return path
        case .success(.version): return fallback
        case .failure(let error): return error.path.count > 1 ? error.path : fallback
        }
    }

    private func parse(_ tokens: [String], joiningWords: Bool, placeWordIndex: inout Int?) throws(CommandLineError) -> ParsedCommandLine {
        var path: [any ParsableCommand.Type] = [root]
        var values = ParsedValues()
        var positionals: [String] = []
        var optionsEnded = false
        var index = 0
        var helpRequest: [String]?
        /// An option only the default command takes chose it (`rain -v ...`).
        var impliedDefault = false

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
                    if !optionsEnded, positionals.isEmpty, impliedDefault, path.count == 2 { placeWordIndex = index - 1 }
                    if isGroup, let fallback = command.configuration.defaultSubcommand, !fallback.configuration.arguments.isEmpty {
                        if !optionsEnded && path.count == 1 { placeWordIndex = index - 1 }
                        path.append(fallback)
                        positionals.append(token)
                        continue
                    }
                    if isGroup {
                        // `rain locations ad Paris`: the line with the subcommand meant, and its usage
                        // (after `--` no word names a subcommand, so none is suggested).
                        let names = command.configuration.subcommands.map { $0.configuration.commandName }
                        guard !optionsEnded, let name = closestMatch(to: token, among: names),
                              let meant = subcommand(named: name, of: command) else {
                            throw ParseError.unknownCommand(token, suggestion: nil)
                        }
                        var corrected = tokens
                        corrected[index - 1] = name
                        let line = parses(corrected) ? corrected : path.dropFirst().map { $0.configuration.commandName } + [name]
                        path.append(meant)
                        throw ParseError.unknownCommand(token, suggestion: ShellWords.commandLine([root.configuration.commandName] + line))
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
                    descendToDefault(forOption: { $0.long == name }, path: &path, implied: &impliedDefault)
                    guard let option = definition(long: name, in: path.last!) else {
                        // Names compared without their dashes, strictly: `--json` is no near miss of `--lon`.
                        let meant = closestMatch(to: name, among: longNames(of: path.last!), strictly: true)
                        throw ParseError.unknownOption("--" + name, suggestion: meant.map { "--" + $0 })
                    }
                    try record(option, spelled: "--" + name, inlineValue: inlineValue, tokens: tokens, index: &index, into: &values, path: path)
                } else {
                    let letters = Array(token.dropFirst())
                    for (offset, letter) in letters.enumerated() {
                        descendToDefault(forOption: { $0.short == letter }, path: &path, implied: &impliedDefault)
                        guard let option = allOptions(of: path.last!).first(where: { $0.short == letter }) else {
                            // `-json` is `--json` with one dash too few.
                            let long = String(letters)
                            let meant = letters.count > 1 && longNames(of: path.last!).contains(long) ? "--" + long : nil
                            throw ParseError.unknownOption("-\(letter)", suggestion: meant)
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
        values.placeStandsForCommand = placeWordIndex != nil
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
                // `rain help refesh`: the help meant, with help's usage.
                let candidates = path.last!.configuration.subcommands.map { $0.configuration.commandName }
                let suggestion = closestMatch(to: name, among: candidates).map { corrected in
                    ShellWords.commandLine([root.configuration.commandName, HelpCommand.configuration.commandName]
                        + path.dropFirst().map { $0.configuration.commandName } + [corrected])
                }
                throw CommandLineError(error: ParseError.unknownCommand(name, suggestion: suggestion), path: [root, HelpCommand.self])
            }
            path.append(sub)
        }
        return .help(path: path)
    }

    /// `rain --offline` means `rain show --offline`: an option that only the default subcommand
    /// knows selects it, as in swift-argument-parser.
    private func descendToDefault(
        forOption matches: (OptionDefinition) -> Bool, path: inout [any ParsableCommand.Type], implied: inout Bool
    ) {
        var candidate = path
        while !candidate.last!.configuration.options.contains(where: matches),
              let fallback = candidate.last!.configuration.defaultSubcommand {
            candidate.append(fallback)
        }
        if candidate.last!.configuration.options.contains(where: matches) {
            if candidate.count > path.count && path.count == 1 { implied = true }
            path = candidate
        }
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

    /// The long options' names (without dashes) a line at `command` could mean: its own, the
    /// global ones and, where an option would choose it, its default subcommand's (`rain --jsno`
    /// is `rain show --jsno`).
    private func longNames(of command: any ParsableCommand.Type) -> [String] {
        var options = allOptions(of: command)
        var fallback = command.configuration.defaultSubcommand
        while let next = fallback {
            options += next.configuration.options
            fallback = next.configuration.defaultSubcommand
        }
        return options.map(\.long)
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
