import RainKit
import RainTerminal

/// `rain timer [--every 30m] [--install | --uninstall]`
struct TimerCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Print, install or remove the systemd user timer that keeps forecasts fresh and notifies.",
        discussion: """
        rain.service runs 'rain refresh --all --quiet --if-stale', then 'rain notify --quiet', with the \
        absolute path of this rain and the folders cron's line would pass; rain.timer starts \
        it every interval, at a delay within it of its own per user and machine, and catches \
        up on a run missed while the machine was off. --install writes both to \
        $XDG_CONFIG_HOME/systemd/user and enables the timer with systemctl --user; without a \
        running user systemd it says so and removes what it wrote. Like cron, the timer's \
        runs do not see this shell's environment, and the key is never written into a unit \
        (a folder or URL it would pass that holds the key is refused): a key only in RAIN_API_KEY gets \
        a warning (put it in api_key_file).
        """,
        options: [every, install, uninstall]
    )

    static let every = Option<Interval>.scheduleInterval
    static let install = Flag("install", help: "Write the units and enable the timer (replacing rain's earlier units).")
    static let uninstall = Flag("uninstall", help: "Disable the timer and remove rain's units.")

    var interval: Interval
    var install: Bool
    var uninstall: Bool

    init(parsed: ParsedValues) throws {
        interval = try InstallChoice.interval(parsed)
        if interval.clockStep == nil { throw ValidationError(SystemdUnits.Problem.unsupported(interval).text) }
        (install, uninstall) = try InstallChoice(parsed, install: Self.install, uninstall: Self.uninstall).pair
    }

    var needsValidConfiguration: Bool { !uninstall }
    var savesChanges: Bool { install || uninstall }

    func run(_ context: CommandContext) async throws {
        let systemd = UserSystemd(environment: context.childEnvironment(), variables: context.environment,
                                  home: RainPaths.home(environment: context.environment))
        if uninstall {
            // systemctl is waited for on a thread of its own, never on a cooperative one.
            let removed = try await DetachedThread.run { try systemd.uninstall() }
            if removed {
                context.print(context.localization.tr("Removed rain's timer:"))
                for path in [systemd.timerPath, systemd.servicePath] { context.printVerbatim("  " + path) }
            } else {
                context.print(context.localization.tr("rain has no timer installed; nothing to remove."))
            }
            return
        }
        let settings = try context.loadSettings().settings
        let units = try SystemdUnits(every: interval, executable: ProcessIdentity.executablePath, environment: context.scheduledEnvironment())
        if install {
            do {
                try await DetachedThread.run { try systemd.install(units) }
            } catch UserSystemd.Failure.notRunning(let reason) where context.console.isErrorTerminal {
                // What systemctl said fits the window as one hint line ("rain: hint: " before it).
                let said = context.localization.tr(reason).truncated(toDisplayWidth: max(12, context.outputWidth - 12))
                throw UserSystemd.Failure.notRunning(reason: .verbatim(said))
            }
            // The two paths a line each under the words (on one line they ran to 128-147 columns).
            context.print(context.localization.tr("Installed and started (runs every {interval}):", ["interval": "\(interval)"]))
            for path in [systemd.timerPath, systemd.servicePath] { context.printVerbatim("  " + path) }
            let places = (try? context.loadPlaces().locations) ?? []
            context.warnIfOverFreeLimits(places: places, every: interval, paced: true, settings: settings)
            context.sayEnsembleCost(places: places, settings: settings)
        } else {
            context.console.write("# \(systemd.servicePath)\n\(units.service)\n# \(systemd.timerPath)\n\(units.timer)")
        }
        context.warnIfTheKeyOnlyLivesInTheEnvironment(scheduler: .timer)
    }
}
