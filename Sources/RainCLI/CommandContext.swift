import RainKit
import RainTerminal

/// What a command runs with: where to write, the environment, and the files it works on.
struct CommandContext: Sendable {
    /// Where the command writes: once the configuration is checked, through a
    /// `RedactingConsole` when there is a key.
    var console: any Console
    let environment: [String: String]
    let paths: RainPaths
    /// `--config`, when given.
    let configOverride: String?
    /// `--units` and `--lang`.
    let choices: SettingsLoader.RunChoices
    let useColor: Bool
    /// Colour was asked for with `--color always` (and `NO_COLOR` allows it): output meant for
    /// other programs, such as status lines, is coloured only then.
    let colorAskedFor: Bool
    /// Symbols as ASCII (`--ascii`, or a locale that is not UTF-8); the console is an
    /// `ASCIIConsole` then.
    let asciiOnly: Bool
    /// Standard input is the terminal of this process (not a test's console): questions are
    /// answered with one key.
    let answersWithKeys: Bool
    let hintsGiven = HintsGiven()
    /// The terminal's rows standard error's warnings and notices took, where it is the screen's
    /// terminal (`writeErrorLines`).
    let errorRows = TerminalRowsWritten()
    /// The configuration as checked before the command ran (nil for the commands that run
    /// without a valid one).
    var checkedConfiguration: SettingsLoader.CheckedFile?
    /// The language of messages: English until the configuration is checked and the catalogue read.
    var localization = Localization.english

    var store: LocationsStore { LocationsStore(paths: paths) }

    /// The saved places. A `current_location_id` that names no saved place (a hand edit) is
    /// taken as no current location, with a warning: `rain locations select` (or any change
    /// to the places) mends the file.
    func loadPlaces(from store: LocationsStore? = nil) throws -> LocationList {
        let (list, misspelt) = try (store ?? self.store).loadNotingMisspeltKeys()
        for (key, meant) in misspelt {
            report(ErrorReport(message: localization.tr("{path}: unknown key '{key}'", ["path": paths.defaultsFile, "key": key.strippingControlCharacters]),
                               hint: localization.tr(.didYouMean(meant)), exitCode: .success), as: .warning)
        }
        warnIfCurrentIsMissing(in: list)
        return list
    }

    func warnIfCurrentIsMissing(in list: LocationList) {
        if let id = list.currentID, list.current == nil {
            report(ErrorReport(message: localization.tr("{path}: current_location_id {id} names no saved place; no place is current",
                                                        ["path": paths.defaultsFile, "id": id.uuidString.lowercased()]),
                               hint: localization.tr("choose one: rain locations select LOC"), exitCode: .success), as: .warning)
        }
    }

    /// The units and clock `settings` ask for, in this run's language (read from the same
    /// configuration before the command ran).
    func presentation(_ settings: Settings) -> Presentation {
        Presentation(settings: settings, localization: localization)
    }

    /// The catalogue of this run's language: `--lang`, the checked configuration's `language`,
    /// or the locale's; the catalogue already loaded is not read again.
    func loadLocalization() throws(LocalizationError) -> Localization {
        let locale = checkedConfiguration?.messagesLocale ?? SettingsLoader.messagesLocale(choices: choices, environment: environment)
        return try Localization.load(locale: locale, unlessAlready: localization)
    }

    /// True when a person can be asked a question and answer it.
    var canAsk: Bool { console.isInputTerminal }

    func print(_ line: String = "") { console.write(line + "\n") }
    func printError(_ line: String) { console.writeError(line + "\n") }

    /// A line a program may read back exactly (a path, a crontab line): as it is to a pipe or
    /// file, through the sanitiser to a terminal, where a control character in it (from
    /// RAIN_HOME, say) would act instead of showing.
    func printVerbatim(_ line: String) { print(console.isOutputTerminal ? line.strippingControlCharacters : line) }

    /// Writes JSON text exactly: never transliterated, its non-ASCII characters as `\\u`
    /// escapes when only ASCII may be shown.
    func writeJSON(_ text: String) { console.write(asciiOnly ? ASCIIConsole.escapingJSON(text) : text) }

    /// Asks a yes/no question. On a terminal one key answers it (y or the language's own letter,
    /// or anything else for no), as in the pickers; from other input a line: anything but y, yes
    /// or the language's letter or word is no.
    func confirm(_ question: String) -> Bool {
        let answers = YesNo(localization)
        console.writeError(question + " " + answers.choices + " ")
        if answersWithKeys, let yes = KeyAnswer.yes(console: console, environment: environment, asciiOnly: asciiOnly, answers: answers) {
            return yes
        }
        guard let answer = console.readLine()?.trimmingSpaces else {
            console.writeError("\n")
            return false
        }
        return answers.isYes(line: answer)
    }
}

// MARK: - The configuration

extension CommandContext {
    /// The settings from the configuration file and the environment; the file is not read again
    /// when it was checked before the command ran.
    func loadSettings() throws(ConfigError) -> (settings: Settings, keySource: SettingsLoader.KeySource, fileExists: Bool) {
        let loader = settingsLoader(environment: environment)
        if let checkedConfiguration { return try loader.load(checkedConfiguration) }
        return try loader.load()
    }

    /// A loader of this run's configuration file with `environment`; a file named by
    /// `--config` or `RAIN_CONFIG` must exist.
    func settingsLoader(environment: [String: String]) -> SettingsLoader {
        var loader = Self.settingsLoader(paths: paths, environment: environment, configOverride: configOverride)
        loader.choices = choices
        return loader
    }

    private static func settingsLoader(paths: RainPaths, environment: [String: String], configOverride: String?) -> SettingsLoader {
        let explicit = configOverride != nil || !(environment["RAIN_CONFIG"] ?? "").isEmpty
        return SettingsLoader(paths: paths, environment: environment, configFileIsExplicit: explicit)
    }

    /// What hides this run's API key in every text rain writes: the key the configuration
    /// gives (read as the commands that send it read it), else the key of a file it refuses
    /// (for its mode, its syntax, a missing key file...: `SettingsLoader.keyToHide`), which a
    /// setting or an error may still quote, else RAIN_API_KEY's value even where the
    /// configuration cannot be used. Nil without a key.
    func keyRedaction() -> KeyRedaction? {
        Self.keyRedaction(loader: settingsLoader(environment: environment), checked: checkedConfiguration, environment: environment)
    }

    /// The environment of every program this run starts: without a variable that holds the key.
    func childEnvironment() -> ChildEnvironment {
        ChildEnvironment(environment, hiding: keyRedaction())
    }

    /// `keyRedaction()` where there is no context yet: for what goes wrong with the command
    /// line, which is read before the configuration; `configOverride` is the line's `--config`.
    static func keyRedaction(environment: [String: String], configOverride: String?) -> KeyRedaction? {
        let paths = RainPaths.resolve(environment: environment, configOverride: configOverride)
        return keyRedaction(loader: settingsLoader(paths: paths, environment: environment, configOverride: configOverride),
                            checked: nil, environment: environment)
    }

    private static func keyRedaction(loader: SettingsLoader, checked: SettingsLoader.CheckedFile?,
                                     environment: [String: String]) -> KeyRedaction? {
        let checked = checked ?? (try? loader.checkEverySetting(everyUnknownKey: false))
        if let key = checked.flatMap({ try? loader.load($0) })?.settings.apiKey ?? loader.keyToHide(checked) { return KeyRedaction(key) }
        // A key too short to send (`APIKey.isLongEnough`) is refused wherever it would be sent,
        // and hiding it would garble rain's own text.
        return KeyRedaction(environment["RAIN_API_KEY"].map { $0.trimmed }.flatMap { APIKey.isLongEnough($0) ? APIKey($0) : nil })
    }

    /// Throws when the configuration file named explicitly does not exist or the configuration
    /// is not valid. The key is left to the commands that send it.
    func checkConfiguration() throws(ConfigError) -> SettingsLoader.CheckedFile {
        try settingsLoader(environment: environment).checkFile()
    }
}

// MARK: - Reporting

extension CommandContext {
    /// Writes a problem to stderr through `ErrorReport`, the one printer.
    func report(_ report: ErrorReport, as severity: ErrorReport.Severity = .error) {
        hintsGiven.note(report.hint)
        writeErrorLines(report.text(as: severity))
    }

    /// Counts the rows `report` will take when it is written under the screen about to be drawn
    /// (a lookup's "not saved" note), so the screen leaves them free as it does the rows of
    /// what was said above it: otherwise the note scrolls the screen's first line off.
    func reserveRows(for report: ErrorReport, as severity: ErrorReport.Severity) {
        if console.isErrorTerminal, console.isOutputTerminal, let width = console.terminalWidth {
            errorRows.note(report.text(as: severity), width: width)
        }
    }

    /// Writes a hint on its own (after something said on standard output) to stderr.
    func hint(_ hint: String) {
        hintsGiven.note(hint)
        writeErrorLines(ErrorReport.hintLines(hint))
    }

    /// Writes whole lines to stderr, counting the rows they take where stderr and stdout are one
    /// terminal (`fittingHeight` leaves them out).
    func writeErrorLines(_ text: String) {
        Self.writeErrorLines(text, to: console, counting: errorRows)
    }

    static func writeErrorLines(_ text: String, to console: any Console, counting rows: TerminalRowsWritten) {
        if console.isErrorTerminal, console.isOutputTerminal, let width = console.terminalWidth { rows.note(text, width: width) }
        console.writeError(text)
    }

    /// Writes `error` (about `subject`, when given) and returns the status it stands for.
    @discardableResult
    func report(_ error: any Error, about subject: String? = nil, as severity: ErrorReport.Severity = .error) -> ExitCode {
        let report = ErrorReport(error, subject: subject, localization: localization)
        self.report(report, as: severity)
        return report.exitCode
    }
}

// MARK: - Forecasts and places

extension CommandContext {
    /// The forecast service for the settings in effect; with `verbose`, requests are logged to stderr.
    /// `quiet` (`--quiet`): a feed that failed is not said.
    func makeForecastService(verbose: Bool, places: ForecastService.Places = .saved, quiet: Bool = false) throws -> ForecastService {
        let console = self.console, localization = self.localization, rows = errorRows
        var service = ForecastService(settings: try loadSettings().settings, places: places, verbose: requestLog(verbose: verbose), warn: { text in
            Self.writeErrorLines(ErrorReport(message: localization.tr(text), exitCode: .success).text(as: .warning), to: console, counting: rows)
        })
        service.saysFeedProblems = !quiet
        return service
    }

    /// Where `--verbose` sends one line per request: stderr; nil without it.
    func requestLog(verbose: Bool) -> (@Sendable (String) -> Void)? {
        guard verbose else { return nil }
        let console = self.console, rows = errorRows
        return { line in Self.writeErrorLines(ErrorReport(message: line, exitCode: .success).text(as: .notice), to: console, counting: rows) }
    }

    /// The place LOC means, or the current location when there is no LOC.
    func location(_ reference: String?, in list: LocationList) throws -> Location {
        if let reference { return try list.resolve(reference) }
        guard !list.locations.isEmpty else { throw LocationsError.noLocations }
        guard let current = list.current else { throw LocationsError.noCurrentLocation }
        return current
    }

    /// One line for a problem that kept every place from being refreshed (`show --all`,
    /// `notify`); the status it stands for.
    func reportBatchProblem(_ problem: DisplayForecast.Problem, hasForecasts: Bool, using: String = "showing") -> ExitCode {
        let cachedNote = !hasForecasts ? ""
            : using == "using" ? localization.tr("; using the cached forecasts") : localization.tr("; showing the cached forecasts")
        let severity: ErrorReport.Severity = hasForecasts ? .warning : .error
        var line: ErrorReport
        switch problem {
        case .offline(let host):
            line = ErrorReport(message: ErrorReport.offlinePrefix + localization.tr("cannot reach {host}", ["host": host]) + cachedNote,
                               exitCode: hasForecasts ? .temporaryFailure : .noInput)
            line.isOffline = true
            self.report(line, as: .notice)
            return line.exitCode
        case .busy:
            line = ErrorReport(RefreshError.busy)
        case .refreshLock(let error):
            line = ErrorReport(error)
        case .failed(let failure):
            line = ErrorReport(failure, subject: "could not refresh")
        case .offlineRequested:
            return .success
        }
        line.message += cachedNote
        self.report(line, as: severity)
        return line.exitCode
    }

    /// Columns for a forecast: the terminal's, else `COLUMNS`, else 80.
    var outputWidth: Int { RainCLI.outputWidth(environment: environment, console: console) }

    /// The width every line is cut to: the terminal's; for other output `COLUMNS` when it was
    /// exported (shells set it without exporting it), else none: a pipe gets whole lines.
    var fittingWidth: Int? {
        console.terminalWidth ?? TerminalDimension.parse(environment["COLUMNS"])
    }

    /// The lines a screen should fit in: the terminal's, less the rows the warnings written to
    /// it took; for other output `LINES` when it was exported (digits only, read as `COLUMNS`
    /// is), else none: a pipe gets the whole screen.
    var fittingHeight: Int? {
        if let lines = console.terminalHeight { return max(1, lines - errorRows.count) }
        return TerminalDimension.parse(environment["LINES"])
    }
}
