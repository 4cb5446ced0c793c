import RainKit
import RainTerminal

/// `rain config`: the configuration.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show, locate or create the configuration.",
        subcommands: [ConfigShowCommand.self, ConfigPathCommand.self, ConfigInitCommand.self],
        defaultSubcommand: ConfigShowCommand.self
    )
}

/// `rain config show`
struct ConfigShowCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the settings in effect (the API key shortened to its ends) and what is wrong with them.",
        discussion: """
        Prints every setting it can read, even when some are wrong, then one error (and a hint) \
        per problem on stderr, and exits 78 if there was any: a key file others can read, a bad \
        value, an unknown key, a provider that needs a key without one. A proxy from the environment (https_proxy, http_proxy, all_proxy) \
        is shown with the variable it came from.
        """
    )

    init(parsed: ParsedValues) throws {}

    var needsValidConfiguration: Bool { false }

    func run(_ context: CommandContext) async throws {
        let diagnosis = SettingsDiagnosis(loader: context.settingsLoader(environment: context.environment))
        let machineZone = ZoneInfo.machine(environment: context.environment)
        context.console.write(SettingsReport(diagnosis, paths: context.paths, machineZone: machineZone.name).render())
        if let variable = machineZone.unreadableTZ {
            // glibc reads such a TZ as UTC without a word; quiet hours would be read in it.
            context.report(ErrorReport(message: context.localization.tr("TZ '{value}' names no time zone: the clock is UTC",
                                                                        ["value": variable]), exitCode: .success), as: .warning)
        }
        // Every problem; a hint said once for the problems in a row that share it.
        var reports = diagnosis.problems.map { ErrorReport($0, localization: context.localization) }
        // A provider that needs a key with none (nor a problem with the one given) cannot
        // fetch: the configuration is unusable as every fetching command finds it (78).
        if let settings = diagnosis.settings, settings.provider.unit.needsKey, settings.apiKey == nil,
           !diagnosis.problems.contains(where: \.isAboutTheKey) {
            reports.append(ErrorReport(ForecastError.missingKey, localization: context.localization))
        }
        // notify.places names saved places: checked against them, as notify would.
        if let notify = diagnosis.settings?.notify, let list = try? context.store.load() {
            reports += notify.unresolvedPlaces(in: list).map { name, problem in
                ErrorReport(message: context.localization.tr("notify.places in {path}: {problem}",
                                                             ["path": context.paths.configFile, "problem": problem.message(in: context.localization)]),
                            hint: context.localization.tr("see the places: rain locations"), exitCode: .configuration)
            }
        }
        let hints = reports.map(\.hint)
        for index in reports.indices.dropLast() where hints[index] == hints[index + 1] { reports[index].hint = nil }
        for report in reports { context.report(report) }
        if !reports.isEmpty { throw ExitStatus(code: .configuration) }
    }
}

/// `rain config path`
struct ConfigPathCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "Print the path of the configuration file."
    )

    init(parsed: ParsedValues) throws {}

    var needsValidConfiguration: Bool { false }

    func run(_ context: CommandContext) async throws {
        context.printVerbatim(context.paths.configFile)
    }
}

/// `rain config init`
struct ConfigInitCommand: RunnableCommand {
    var savesChanges: Bool { true }
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write the example configuration to the configuration file (never overwrites)."
    )

    init(parsed: ParsedValues) throws {}

    var needsValidConfiguration: Bool { false }

    func run(_ context: CommandContext) async throws {
        let path = context.paths.configFile
        try ConfigInitializer.write(to: path)
        context.print(context.localization.tr("Wrote {path} with every setting at its default.", ["path": path]))
        context.print(context.localization.tr("Open-Meteo needs no key; for Pirate Weather, set api_key_file or RAIN_API_KEY."))
    }
}
