import FoundationEssentials
import Glibc
import RainKit
import RainTerminal
import Synchronization

/// `rain notify [LOC... | --all] [--exec CMD] [--json] [--dry-run]`
struct NotifyCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Tell about rain starting soon, a high chance of it today, and weather alerts, once each.",
        discussion: """
        Looks at the forecasts of notify.places (the current location by default), fetching \
        the stale ones first, and finds: rain or snow starting within notify.within_minutes \
        at notify.min_intensity or more; a chance of notify.probability or more later today; \
        alerts not yet expired. Each goes out once as a desktop notification (notify-send on \
        your session bus, found from cron too); rain is news again after a dry spell. In \
        notify.quiet_hours (this machine's clock) only extreme alerts go out; the others wait. \
        With no session bus rain says so and exits 69, marking nothing as sent; a \
        notify-send that has not answered after 25 s is stopped (exit 75). \
        --exec's command gets notify.exec_timeout (60 by default), then it and what it \
        started are stopped (exit 75); its standard output is dropped (redirect it in the \
        command to keep it) and its stderr passed on; when it fails (exit 69), the last lines \
        of its stderr are shown. A command that fails or runs over leaves its event unsent.
        """,
        arguments: [places],
        options: [all, exec, json, dryRun, quiet, verbose]
    )

    static let places = ArgumentDefinition.places
    static let all = Flag("all", short: "a", help: "Look at every saved place.")
    static let exec = Option<String>("exec", value: "command",
                                     help: "Run COMMAND with /bin/sh -c for each event instead: the event as JSON on its standard input, RAIN_NOTIFY_SUMMARY, RAIN_NOTIFY_BODY and RAIN_NOTIFY_PLACE set; its output is dropped, its stderr shown; stopped after notify.exec_timeout (60).")
    static let json = Flag("json", help: "Print the events as a JSON array (see docs/notify-json.md); send nothing.")
    static let dryRun = Flag("dry-run", short: "n", help: "Say what would be sent; send nothing.")
    static let quiet = Flag("quiet", short: "q", help: "Say nothing when offline or when no desktop is there to show notifications (for cron and the timer).")
    static let verbose = Flag.verbose

    var references: [String]
    var all: Bool
    var command: String?
    var json: Bool
    var dryRun: Bool
    var quiet: Bool
    var verbose: Bool

    init(parsed: ParsedValues) throws {
        references = parsed.values(of: Self.places)
        all = parsed[Self.all]
        command = try parsed.value(Self.exec)
        json = parsed[Self.json]
        dryRun = parsed[Self.dryRun]
        quiet = parsed[Self.quiet]
        verbose = parsed[Self.verbose]
        if all && !references.isEmpty { throw ValidationError(N_("give either '--all' or locations, not both")) }
        // --json and --dry-run send nothing: an --exec beside them would silently not run.
        if command != nil, let other = json ? "--json" : dryRun ? "--dry-run" : nil {
            throw ValidationError(N_("'--exec' and '{other}' cannot be used together: '{other}' sends nothing"), ["other": other])
        }
        if command?.trimmed.isEmpty == true { throw ValidationError(N_("'--exec' needs a command")) }
    }

    var savesChanges: Bool { !json && !dryRun }

    func run(_ context: CommandContext) async throws {
        let settings = try context.loadSettings().settings
        let locations = try places(settings.notify, context)
        guard !locations.isEmpty else {
            if json { context.writeJSON("[]\n") }
            throw LocationsError.noLocations
        }
        let service = try context.makeForecastService(verbose: verbose, quiet: quiet)
        let display = await service.forecastsForDisplay(of: locations, offline: false, lockWait: .seconds(10))
        var status = BatchFailureReport(failures: display.failures, placeCount: locations.count)
            .report(to: context) { $0.newest == nil ? .error : .warning }
        let forecasts = zip(locations, display.forecasts).compactMap { location, cached in cached.map { (location, $0.forecast) } }
        if case .offline? = display.problem {
            // Offline is "try later" for notify, whatever is cached (as for refresh).
            if !quiet { _ = context.reportBatchProblem(display.problem!, hasForecasts: !forecasts.isEmpty, using: "using") }
            status = .worse(status, .temporaryFailure)
        } else if let problem = display.problem {
            status = .worse(status, context.reportBatchProblem(problem, hasForecasts: !forecasts.isEmpty, using: "using"))
        }
        // Nothing to judge from: no "nothing to tell", which would be a guess.
        guard !forecasts.isEmpty else {
            if json { context.writeJSON("[]\n") }
            throw ExitStatus(code: status == .success ? .noInput : status)
        }
        let machineZone = ZoneInfo.machine(environment: context.environment)
        let notifier = NotifyService(settings: settings.notify, logFile: context.paths.notifiedFile,
                                     machineZone: machineZone.zone, now: Date(),
                                     presentation: context.presentation(settings))
        let report = NotifyReport(machineZone: machineZone.name, localization: context.localization)
        if json {
            context.writeJSON(report.json(try notifier.round(forecasts)))
        } else if dryRun {
            context.console.write(report.dryRun(try notifier.round(forecasts)))
        } else {
            let round: NotificationRound
            do {
                round = try await deliver(forecasts, with: notifier, context, timeLimit: .seconds(settings.notify.execTimeout))
            } catch NotifyError.noSessionBus where quiet, NotifyError.noNotificationService where quiet {
                // As offline: the events wait for a run that finds a desktop, and cron mails
                // nothing every half hour to a user who has logged out.
                throw ExitStatus(code: .unavailable)
            }
            if context.console.isOutputTerminal { context.console.write(report.delivered(round)) }
        }
        if status != .success { throw ExitStatus(code: status) }
    }

    /// The LOCs given, every place with --all, else notify.places.
    private func places(_ settings: NotifySettings, _ context: CommandContext) throws -> [Location] {
        let list = try context.loadPlaces()
        if all { return list.locations }
        if !references.isEmpty {
            do {
                return try list.resolve(references)
            } catch {
                try context.rethrowHintingQuotes(error, references, command: "rain notify", in: list)
            }
        }
        switch settings.places {
        case .current: return [try context.location(nil, in: list)]
        case .all: return list.locations
        case .named(let names):
            do {
                return try list.resolve(names)
            } catch {
                throw CommandFailure(LocalizedText(N_("notify.places in {path}: {problem}"),
                                                   ["path": .verbatim(context.paths.configFile), "problem": error.text]),
                                     hint: LocalizedText(N_("see the places: rain locations")), kind: .configuration)
            }
        }
    }

    /// Delivers the events; a signal that ends rain meanwhile (SIGTERM at shutdown, Ctrl-C,
    /// SIGHUP) is passed on to the group of the program that runs (notify-send or the command)
    /// and to those of jobs earlier commands left in the background (what of them still runs
    /// when rain has gone is killed by each group's watchdog), and what was delivered before it
    /// is saved, so that it does not go out again; then rain ends as the signal would have it.
    /// One ignored when rain started (nohup's SIGHUP) stays ignored. Those jobs run beside the
    /// next events and are stopped before rain exits, if their time is not up before.
    private func deliver(_ forecasts: [(Location, Forecast)], with notifier: NotifyService, _ context: CommandContext,
                         timeLimit: Duration) async throws -> NotificationRound {
        let checkpoint = DeliveryCheckpoint()
        let running = Mutex<Int32>(0)
        let leftovers = LeftoverGroups()
        let subscription = Signals.subscribe(Signals.ending) { signal in
            guard !Signals.wasIgnoredAtStart(signal) else { return }
            let group = running.withLock { $0 }
            if group > 0 { kill(-group, signal) }
            leftovers.pass(signal)
            checkpoint.saveNow()
            Signals.terminate(with: signal)
        }
        defer { subscription.cancel() }
        let deliver = delivery(context, timeLimit: timeLimit, leftovers: leftovers) { group in running.withLock { $0 = group } }
        let round: Result<NotificationRound, any Error>
        do {
            round = .success(try await notifier.deliver(forecasts, checkpoint: checkpoint, through: deliver))
        } catch {
            round = .failure(error)
        }
        _ = try? await DetachedThread.run { leftovers.stopAll() }
        return try round.get()
    }

    /// Sends one event: to --exec's command, else to the desktop, whose bus is looked for at
    /// the first event (no event, no need for a bus). The command's standard output is its own
    /// business (ntfy's answer, say) and is dropped, so that rain's output stays rain's and cron
    /// mails nothing for a delivery that worked; what it writes to stderr is passed on, line by
    /// line without control characters. Either program runs in a process group of its own (so
    /// that its time limit can end all of it), which `running` is told of while it runs (0
    /// when none does). Each waits for its program on a thread of its own, never on a
    /// cooperative one. Whatever delivers it, an event leaves rain with the key taken out of
    /// its texts, and no program is given a variable that holds the key.
    private func delivery(_ context: CommandContext, timeLimit: Duration, leftovers: LeftoverGroups,
                          running: @escaping @Sendable (Int32) -> Void) -> @Sendable (NotifyEvent) async throws -> Void {
        let redaction = context.keyRedaction()
        if let command {
            let notifier = CommandNotifier(command: command, environment: context.childEnvironment(), timeLimit: timeLimit,
                                           redaction: redaction)
            return { event in
                let event = redaction.map(event.redacted(by:)) ?? event
                try await DetachedThread.run {
                    defer { running(0) }
                    let said = try notifier.send(event, leftovers: leftovers, started: running)
                    let lines = said.error.split(separator: "\n").map { String($0).strippingControlCharacters }
                    if !lines.isEmpty { context.console.writeError(lines.map { $0 + "\n" }.joined()) }
                }
            }
        }
        let desktop = Mutex<DesktopNotifier?>(nil)
        return { event in
            let event = redaction.map(event.redacted(by:)) ?? event
            let notifier = try desktop.withLock { found throws(NotifyError) in
                if found == nil { found = try DesktopNotifier(environment: context.environment, hiding: redaction) }
                return found!
            }
            try await DetachedThread.run {
                defer { running(0) }
                try notifier.send(event, leftovers: leftovers, started: running)
            }
        }
    }
}
