import Glibc
import FoundationEssentials
import RainKit

/// `rain cron [--every 30m] [--install | --uninstall]`
struct CronCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cron",
        abstract: "Print, install or remove the crontab line that keeps forecasts fresh and notifies.",
        discussion: """
        The line runs 'rain refresh --all --quiet --if-stale', then 'rain notify --quiet', with the \
        absolute path of this rain, passes RAIN_HOME, RAIN_CONFIG and the XDG_*_HOME folders \
        when they are set, and never contains the API key. rain refuses to print or install a line while the \
        configuration is invalid, a folder name has a line break, or a folder or URL it would pass holds the key (percent-encoded too). Its minute is chosen per user so that not everyone asks the API at :00. \
        --install replaces rain's own line in your crontab and keeps every other line. cron \
        does not see this shell's environment: a key only in RAIN_API_KEY gets a warning (put \
        it in api_key_file).
        """,
        options: [every, install, uninstall]
    )

    static let every = Option<Interval>.scheduleInterval
    static let install = Flag("install", help: "Add the line to your crontab (replacing rain's earlier line).")
    static let uninstall = Flag("uninstall", help: "Remove rain's line from your crontab.")

    var schedule: CronSchedule
    var every: Interval
    var install: Bool
    var uninstall: Bool

    init(parsed: ParsedValues) throws {
        every = try InstallChoice.interval(parsed)
        do {
            schedule = try CronSchedule(every: every, seed: ProcessIdentity.userName)
        } catch {
            throw ValidationError(error.text)
        }
        (install, uninstall) = try InstallChoice(parsed, install: Self.install, uninstall: Self.uninstall).pair
    }

    /// Removing rain's line works whatever state the configuration is in.
    var needsValidConfiguration: Bool { !uninstall }
    var savesChanges: Bool { install || uninstall }

    func run(_ context: CommandContext) async throws {
        let crontab = Crontab(environment: context.childEnvironment())
        if uninstall {
            // crontab(1) is waited for on a thread of its own, never on a cooperative one.
            guard let table = CrontabEntry.uninstalled(from: try await DetachedThread.run { try crontab.read() }) else {
                context.print(context.localization.tr("Your crontab has no line of rain's; nothing to remove."))
                return
            }
            try await DetachedThread.run { try crontab.write(table) }
            context.print(context.localization.tr("Removed rain's line from your crontab."))
            return
        }
        // A line that would fail on every run is refused, not installed.
        let settings = try context.loadSettings().settings
        let entry = try makeEntry(context)
        if install {
            let table = try await DetachedThread.run { try crontab.read() }
            try await DetachedThread.run { try crontab.write(entry.installed(in: table)) }
            context.print(context.localization.tr("Installed in your crontab:"))
            context.printVerbatim(entry.line)
            for replaced in entry.replacedLines(in: table) {
                context.printError(context.localization.tr("It replaced rain's earlier line (a user has one):") + "\n\(replaced.strippingControlCharacters)")
            }
            if !CronDaemon.isRunning {
                context.report(ErrorReport(message: context.localization.tr("no cron daemon is running, so the line will not run"),
                                           hint: context.localization.tr(LocalizedText(lines: [
                                               LocalizedText(N_("start cron ({commands})"), ["commands": .verbatim("Debian: apt-get install cron; service cron start")]),
                                               LocalizedText(N_("or use: {command}"), ["command": .verbatim("rain timer --install")]),
                                           ])),
                                           exitCode: .success), as: .warning)
            }
            let places = (try? context.loadPlaces().locations) ?? []
            context.warnIfOverFreeLimits(places: places, every: every, paced: true, settings: settings)
            context.sayEnsembleCost(places: places, settings: settings)
        } else {
            context.printVerbatim(entry.line)
        }
        context.warnIfTheKeyOnlyLivesInTheEnvironment(scheduler: .cron)
    }

    private func makeEntry(_ context: CommandContext) throws -> CrontabEntry {
        try CrontabEntry(schedule: schedule, executable: ProcessIdentity.executablePath, environment: context.scheduledEnvironment())
    }
}

/// Facts about this process that the cron line needs.
enum ProcessIdentity {
    static var userName: String {
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return String(getuid())
    }

    /// The running binary, resolved (not argv[0], which may be relative or a link).
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
