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
        let parser = CommandParser(root: RainCommand.self)
        // ASCII from the first word on, errors of a command line that cannot be read included.
        let asked = parser.presentation(askedIn: arguments)
        let asciiOnly = asked.asciiOnly || !OutputCharset.isUTF8(environment: environment)
        let console = asciiOnly ? ASCIIConsole(console) : console
        var savedChanges = false
        let status = await runCommand(arguments, parser: parser, environment: environment, console: console,
                                      choices: SettingsLoader.RunChoices(language: asked.language, asciiOnly: asciiOnly),
                                      configuration: asked.configuration, savedChanges: &savedChanges)
        guard status == ExitCode.success.rawValue, let failure = console.outputFailure else { return status }
        guard !savedChanges else {
            console.writeError(ErrorReport(message: failure.description, hint: "any change it made was saved", exitCode: .success)
                .text(as: .warning))
            return status
        }
        return fail(ErrorReport(failure), console)
    }

    /// `choices` and `configuration` (`--config`) are the line's own, read before it is parsed
    /// (`CommandParser.presentation`).
    private static func runCommand(
        _ arguments: [String],
        parser: CommandParser,
        environment: [String: String],
        console: any Console,
        choices: SettingsLoader.RunChoices,
        configuration: String?,
        savedChanges: inout Bool
    ) async -> Int32 {
        let asciiOnly = choices.asciiOnly
        let width = outputWidth(environment: environment, console: console)
        let parsed: ParsedCommandLine
        let wordsBeforeRunning = { localization(choices: choices, environment: environment) }
        // The line is read before the configuration: what it quotes (a value it gives) may be the key.
        let keyBeforeRunning = { CommandContext.keyRedaction(environment: environment, configOverride: configuration) }
        do {
            parsed = try parser.parse(arguments)
        } catch {
            return fail(report(parsing: error.error, of: error.path, arguments, parser: parser, environment: environment,
                               localization: wordsBeforeRunning()), console, hiding: keyBeforeRunning)
        }
        // `rain refesh` (and `rain refesh -h`) parse as a place of the default command.
        if parsed.isDefaultCommand(of: RainCommand.self), let misread = misread(arguments, parser: parser, environment: environment) {
            return fail(ErrorReport(misread.error, command: misread.path, localization: wordsBeforeRunning()), console,
                        hiding: keyBeforeRunning)
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
            var preparation: ClientPreparation?
            // Exit waits for the client's preparation, whichever way the command ends.
            func finish(_ status: Int32) async -> Int32 {
                await preparation?.finished()
                return status
            }
            do {
                command = try type.init(parsed: values)
                if command.alwaysFetches { preparation = ForecastClient.prepare() }
                context = try makeContext(values: values, environment: environment, console: console, asciiOnly: asciiOnly)
                try command.validate(in: context)
            } catch {
                let choices = SettingsLoader.RunChoices(language: try? values.value(GlobalOptions.lang),
                                                        asciiOnly: asciiOnly)
                let words = localization(choices: choices, environment: environment)
                // (Whether the line misread a command was asked above.)
                return await finish(fail(ErrorReport(error, command: path, localization: words), console, hiding: keyBeforeRunning))
            }
            do {
                // The locale's language for what goes wrong with the configuration, then its own.
                context.localization = (try? context.loadLocalization()) ?? .english
                if command.needsValidConfiguration { context.checkedConfiguration = try context.checkConfiguration() }
                if let redaction = context.keyRedaction() { context.console = RedactingConsole.atEdge(of: context.console, redaction: redaction) }
                context.localization = try context.loadLocalization()
                try await command.run(context)
                savedChanges = command.savesChanges
                return await finish(ExitCode.success.rawValue)
            } catch let status as ExitStatus {
                return await finish(status.code.rawValue)
            } catch {
                var report = ErrorReport(error, command: path, localization: context.localization)
                if let hint = report.hint, context.hintsGiven.contains(hint) { report.hint = nil }
                // A configuration that could not be checked may still hold the key (in a URL).
                return await finish(fail(report, context.console, hiding: context.keyRedaction))
            }
        }
    }

    /// Writes `report` through the one printer and returns its status.
    private static func fail(_ report: ErrorReport, _ console: any Console) -> Int32 {
        console.writeError(report.text)
        return report.exitCode.rawValue
    }

    /// `fail`, the key `redaction` gives taken out at the edge when `console` does not already
    /// (every error of a run but a failed write of its output, which quotes nothing).
    private static func fail(_ report: ErrorReport, _ console: any Console, hiding redaction: () -> KeyRedaction?) -> Int32 {
        guard !RedactingConsole.redacts(console), let redaction = redaction() else { return fail(report, console) }
        return fail(report, RedactingConsole.atEdge(of: console, redaction: redaction))
    }

    /// What to say about a line that does not parse. A usage error of a line whose place is a
    /// misspelt command says what was meant (see `misread`); every other error keeps its own
    /// kind and status.
    private static func report(
        parsing error: any Error, of command: [any ParsableCommand.Type], _ arguments: [String],
        parser: CommandParser, environment: [String: String], localization: Localization
    ) -> ErrorReport {
        if (error as? any RainError)?.kind == .usage, let misread = misread(arguments, parser: parser, environment: environment) {
            return ErrorReport(misread.error, command: misread.path, localization: localization)
        }
        return ErrorReport(error, command: command, localization: localization)
    }

    /// What a line whose place is a misspelt command (see `CommandParser.misspeltCommand`)
    /// comes to: nil when it is none, or when its words name a saved place, which always wins
    /// (when only its first word does, the words after it are the mistake); else the error
    /// that says what was meant.
    private static func misread(_ arguments: [String], parser: CommandParser, environment: [String: String]) -> CommandLineError? {
        guard let misspelt = parser.misspeltCommand(in: arguments),
              let list = try? LocationsStore(paths: RainPaths.resolve(environment: environment)).load() else { return nil }
        func isSaved(_ reference: String) -> Bool {
            do {
                _ = try list.resolve(reference)
                return true
            } catch LocationsError.unknown {
                return false
            } catch {
                return true  // several places have it
            }
        }
        if isSaved(misspelt.place) { return nil }
        if misspelt.place != misspelt.word, isSaved(misspelt.word) {
            do {
                _ = try parser.parseWordsApart(arguments)
                return nil
            } catch {
                return error
            }
        }
        let (error, path) = misspelt.report
        return CommandLineError(error: error, path: path)
    }

    /// The language of what goes wrong before a command runs: `--lang` when it was read, else
    /// the locale's (the configuration is not read for a command line that cannot run); English
    /// when its catalogue cannot be read.
    private static func localization(choices: SettingsLoader.RunChoices, environment: [String: String]) -> Localization {
        (try? Localization.load(locale: SettingsLoader.messagesLocale(choices: choices, environment: environment))) ?? .english
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
        if let columns = TerminalDimension.parse(environment["COLUMNS"]) { return columns }
        return 80
    }
}
