import RainKit
import RainTerminal

/// The command line: parses arguments, runs one command, maps its outcome to an exit status.
public enum RainCLI {
    /// Runs rain with `arguments` (without the program name) and returns the exit status.
    /// Output that could not be written makes a successful command fail, as in coreutils,
    /// unless the command saved a change: that stays a success (with a warning naming standard
    /// output), so a script that retries on failure does not make the change twice.
    public static func run(
        _ arguments: [String],
        environment: [String: String],
        console: any Console
    ) async -> Int32 {
        // ASCII from the first word on, errors of a command line that cannot be read included.
        let asciiOnly = asciiAsked(in: arguments) || !OutputCharset.isUTF8(environment: environment)
        let console = asciiOnly ? ASCIIConsole(console) : console
        var savedChanges = false
        let status = await runCommand(arguments, environment: environment, console: console, asciiOnly: asciiOnly,
                                      savedChanges: &savedChanges)
        guard status == ExitCode.success.rawValue, let failure = console.outputFailure else { return status }
        guard !savedChanges else {
            console.writeError(ErrorReport(message: failure.description, hint: "any change it made was saved", exitCode: .success)
                .text(as: .warning))
            return status
        }
        return fail(ErrorReport(failure), console)
    }

    /// Loads libcurl on the calling thread when `arguments` name a command that always
    /// fetches (`RunnableCommand.alwaysFetches`), before `run` gets there; for the program's
    /// main thread, which otherwise waits while the command runs on others. The request then
    /// leaves sooner: the load begins before the concurrency runtime's threads have started.
    public static func prepareTransport(for arguments: [String]) {
        guard case .run(let type, let values, _)? = try? CommandParser(root: RainCommand.self).parse(arguments),
              let command = try? type.init(parsed: values), command.alwaysFetches else { return }
        CurlTransport.load()
    }

    private static func runCommand(
        _ arguments: [String],
        environment: [String: String],
        console: any Console,
        asciiOnly: Bool,
        savedChanges: inout Bool
    ) async -> Int32 {
        let parser = CommandParser(root: RainCommand.self)
        let width = outputWidth(environment: environment, console: console)
        let parsed: ParsedCommandLine
        do {
            parsed = try parser.parse(arguments)
        } catch {
            let words = localization(choices: SettingsLoader.RunChoices(language: languageAsked(in: arguments), asciiOnly: asciiOnly), environment: environment)
            return fail(report(beforeRunning: error.error, of: error.path, arguments, parser: parser, environment: environment, localization: words), console)
        }
        switch parsed {
        case .version:
            console.write(RainVersion.current + "\n")
            return ExitCode.success.rawValue
        case .help(let path):
            console.write(HelpGenerator(path: path, width: width).help)
            return ExitCode.success.rawValue
        case .run(let type, let values, let path):
            let command: any RunnableCommand
            var context: CommandContext
            var preparation: TransportPreparation?
            // Exit waits for libcurl to be set up, whichever way the command ends.
            func finish(_ status: Int32) async -> Int32 {
                await preparation?.finished()
                return status
            }
            do {
                // `rain refesh` parses as a place (of the default command), but is a misspelt command.
                if type == RainCommand.configuration.defaultSubcommand,
                   let misspelt = misspeltCommand(in: arguments, parser: parser, environment: environment) { throw misspelt }
                command = try type.init(parsed: values)
                if command.alwaysFetches { preparation = CurlTransport.prepare() }
                context = try makeContext(values: values, environment: environment, console: console, asciiOnly: asciiOnly)
                try command.validate(in: context)
            } catch {
                let choices = SettingsLoader.RunChoices(language: try? values.value(GlobalOptions.lang),
                                                        asciiOnly: asciiOnly)
                let words = localization(choices: choices, environment: environment)
                return await finish(fail(report(beforeRunning: error, of: path, arguments, parser: parser, environment: environment,
                                                localization: words), console))
            }
            do {
                // The locale's language for what goes wrong with the configuration, then its own.
                context.localization = (try? context.loadLocalization()) ?? .english
                if command.needsValidConfiguration { context.checkedConfiguration = try context.checkConfiguration() }
                context.localization = try context.loadLocalization()
                try await command.run(context)
                savedChanges = command.savesChanges
                return await finish(ExitCode.success.rawValue)
            } catch let status as ExitStatus {
                return await finish(status.code.rawValue)
            } catch {
                return await finish(fail(ErrorReport(error, command: path, localization: context.localization), console))
            }
        }
    }

    /// Writes `report` through the one printer and returns its status.
    private static func fail(_ report: ErrorReport, _ console: any Console) -> Int32 {
        console.writeError(report.text)
        return report.exitCode.rawValue
    }

    /// What to say about an error found before `command` ran (parsing, `init(parsed:)`,
    /// `validate`). A line whose place is a misspelt command that names no saved place says
    /// so, with the usage of the command meant (a usage error); every other error keeps its
    /// own kind and status.
    private static func report(
        beforeRunning error: any Error, of command: [any ParsableCommand.Type], _ arguments: [String],
        parser: CommandParser, environment: [String: String], localization: Localization
    ) -> ErrorReport {
        let misspelt = error as? MisspeltCommand
            ?? ((error as? any RainError)?.kind == .usage ? misspeltCommand(in: arguments, parser: parser, environment: environment) : nil)
        if let misspelt {
            return ErrorReport(misspelt.error, command: misspelt.path, localization: localization)
        }
        return ErrorReport(error, command: command, localization: localization)
    }

    /// The command a line's place stands for (see `CommandParser.misspeltCommand`), unless its
    /// first word or its words name a saved place, which always wins.
    private static func misspeltCommand(in arguments: [String], parser: CommandParser, environment: [String: String]) -> MisspeltCommand? {
        guard let misspelt = parser.misspeltCommand(in: arguments),
              isNoSavedPlace(misspelt.word, environment: environment),
              misspelt.place == misspelt.word || isNoSavedPlace(misspelt.place, environment: environment) else { return nil }
        return misspelt
    }

    /// Whether `--ascii` is on a command line that may not parse (before `--`).
    private static func asciiAsked(in arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--ascii")
    }

    /// `--lang`'s value on a command line that did not parse (`--lang de`, `--lang=de`; the last
    /// one before `--`), so that its error is in the language asked for.
    private static func languageAsked(in arguments: [String]) -> String? {
        var language: String?
        for (index, argument) in zip(arguments.indices, arguments) {
            if argument == "--" { break }
            if argument == "--lang", index + 1 < arguments.count { language = arguments[index + 1] }
            if argument.hasPrefix("--lang=") { language = String(argument.dropFirst("--lang=".count)) }
        }
        return language.flatMap { SettingsLoader.isLanguageCode($0) ? $0 : nil }
    }

    /// The language of what goes wrong before a command runs: `--lang` when it was read, else
    /// the locale's (the configuration is not read for a command line that cannot run); English
    /// when its catalogue cannot be read.
    private static func localization(choices: SettingsLoader.RunChoices, environment: [String: String]) -> Localization {
        (try? Localization.load(locale: SettingsLoader.messagesLocale(choices: choices, environment: environment))) ?? .english
    }

    /// True when `word` is known to name no saved place (a store that cannot be read proves nothing).
    private static func isNoSavedPlace(_ word: String, environment: [String: String]) -> Bool {
        guard let list = try? LocationsStore(paths: RainPaths.resolve(environment: environment)).load() else { return false }
        do {
            _ = try list.resolve(word)
            return false
        } catch LocationsError.unknown {
            return true
        } catch {
            return false
        }
    }

    private static func makeContext(values: ParsedValues, environment: [String: String], console: any Console,
                                    asciiOnly: Bool) throws -> CommandContext {
        let colorMode = try values.value(GlobalOptions.color) ?? .auto
        let useColor = colorMode.usesColor(isTerminal: console.isOutputTerminal, environment: environment)
        let configOverride = try values.value(GlobalOptions.config)
        return CommandContext(
            console: console,
            environment: environment,
            paths: RainPaths.resolve(environment: environment, configOverride: configOverride),
            configOverride: configOverride,
            choices: SettingsLoader.RunChoices(units: try values.value(GlobalOptions.units), language: try values.value(GlobalOptions.lang),
                                               asciiOnly: asciiOnly),
            useColor: useColor,
            colorAskedFor: colorMode == .always && useColor,
            asciiOnly: asciiOnly,
            answersWithKeys: console is StandardConsole && console.isInputTerminal
        )
    }

    /// The manual page, rain.1, from the command tables; `documentFolder` is where
    /// config.example.json and forecast-json.md are installed, `date` the title line's.
    public static func manualPage(documentFolder: String, date: String) -> String {
        ManualPage(root: RainCommand.self, version: RainVersion.current, documentFolder: documentFolder, date: date).text
    }

    /// Columns to fit output to: the terminal's, else `COLUMNS`, else 80.
    static func outputWidth(environment: [String: String], console: any Console) -> Int {
        if let width = console.terminalWidth { return width }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }
}
