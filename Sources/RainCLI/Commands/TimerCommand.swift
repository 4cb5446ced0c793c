import RainKit

/// `rain timer [--every 30m] [--install | --uninstall]`
struct TimerCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Print, install or remove the systemd user timer that keeps forecasts fresh and notifies.",
        discussion: """
        rain.service runs 'rain refresh --all --quiet --if-stale', then 'rain notify', with the \
        absolute path of this rain and the folders cron's line would pass; rain.timer starts \
        it every interval, at a delay within it of its own per user and machine, and catches \
        up on a run missed while the machine was off. --install writes both to \
        $XDG_CONFIG_HOME/systemd/user and enables the timer with systemctl --user; without a \
        running user systemd it says so and removes what it wrote.
        """,
        options: [every, install, uninstall]
    )

    static let every = Option<Interval>("every", value: "interval", help: "How often: 5m, 10m, 15m, 20m, 30m, or 1h to 24h (default: 30m).",
                                        completion: .values(["5m", "10m", "15m", "20m", "30m", "1h", "2h", "6h", "12h", "24h"]))
    static let install = Flag("install", help: "Write the units and enable the timer (replacing rain's earlier units).")
    static let uninstall = Flag("uninstall", help: "Disable the timer and remove rain's units.")

    var interval: Interval
    var install: Bool
    var uninstall: Bool

    init(parsed: ParsedValues) throws {
        interval = try parsed.value(Self.every) ?? Interval(seconds: 30 * 60)
        if interval.clockStep == nil { throw ValidationError(SystemdUnits.Problem.unsupported(interval).description) }
        install = parsed[Self.install]
        uninstall = parsed[Self.uninstall]
        if install && uninstall { throw ValidationError("'--install' and '--uninstall' cannot be used together") }
    }

    var needsValidConfiguration: Bool { !uninstall }
    var savesChanges: Bool { install || uninstall }

    func run(_ context: CommandContext) async throws {
        let systemd = UserSystemd(environment: context.environment, home: RainPaths.home(environment: context.environment))
        if uninstall {
            let removed = try systemd.uninstall()
            context.print(removed ? "Removed rain's timer (\(systemd.timerPath), \(systemd.servicePath))." : "rain has no timer installed; nothing to remove.")
            return
        }
        _ = try context.loadSettings()
        let units = try SystemdUnits(every: interval, executable: ProcessIdentity.executablePath, environment: context.scheduledEnvironment)
        if install {
            try systemd.install(units)
            context.print("Installed and started \(systemd.timerPath) (every \(interval)) and \(systemd.servicePath).")
        } else {
            context.console.write("# \(systemd.servicePath)\n\(units.service)\n# \(systemd.timerPath)\n\(units.timer)")
        }
    }
}
