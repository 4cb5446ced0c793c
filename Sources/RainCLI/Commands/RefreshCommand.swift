import FoundationEssentials
import RainKit
import RainTerminal
import Synchronization

/// `rain refresh [LOC...] [--all] [--quiet] [--if-stale] [--json]`
struct RefreshCommand: RunnableCommand {
    var savesChanges: Bool { true }
    var alwaysFetches: Bool { !ifStale }

    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch new forecasts (the current location's by default) into the cache.",
        discussion: """
        Places are fetched concurrently (at most max_concurrent_requests at once); one that \
        fails does not stop the others, and the exit status is that of the worst failure. Only \
        one refresh runs at a time per RAIN_HOME: with --quiet an overlapping refresh exits 75 \
        at once, otherwise it waits a little. Offline, every place is listed with its cached \
        forecast and its age, or as having nothing cached, and the status is 75 (try later), \
        cached or not. --quiet prints nothing on success or when offline \
        (for cron); real failures still print one line each on stderr.
        """,
        arguments: [places],
        options: [all, ifStale, quiet, json, verbose]
    )

    static let places = ArgumentDefinition.places
    static let all = Flag("all", short: "a", help: "Refresh every saved place.")
    static let ifStale = Flag("if-stale", help: "Skip places whose cached forecast is younger than refresh_interval_minutes.")
    static let quiet = Flag("quiet", short: "q", help: "Print nothing on success or when offline (so not with --json).")
    static let json = Flag("json", help: "Print a JSON array, one object per place: id, name, status, fetched_at, error.")
    static let verbose = Flag.verbose

    var references: [String]
    var all: Bool
    var ifStale: Bool
    var quiet: Bool
    var json: Bool
    var verbose: Bool

    init(parsed: ParsedValues) throws {
        references = parsed.values(of: Self.places)
        all = parsed[Self.all]
        ifStale = parsed[Self.ifStale]
        quiet = parsed[Self.quiet]
        json = parsed[Self.json]
        verbose = parsed[Self.verbose]
        if all && !references.isEmpty { throw ValidationError(N_("give either '--all' or locations, not both")) }
        // --quiet prints nothing, so the JSON asked for would never come.
        if quiet && json {
            throw ValidationError(N_("'{option}' cannot be combined with '{other}'"), ["option": "--json", "other": "--quiet"])
        }
    }

    func run(_ context: CommandContext) async throws {
        let list = try context.loadPlaces()
        let locations: [Location]
        if all {
            locations = list.locations
        } else if references.isEmpty {
            locations = [try context.location(nil, in: list)]
        } else {
            do {
                locations = try list.resolve(references)
            } catch {
                try context.rethrowHintingQuotes(error, references, command: "rain refresh", in: list)
            }
        }
        // Even for cron: a crontab line refreshing nothing is worth a mail.
        guard !locations.isEmpty else {
            if json { context.writeJSON("[]\n") }  // as `locations --json`: a program reads an empty list
            throw LocationsError.noLocations
        }
        let service = try context.makeForecastService(verbose: verbose, quiet: quiet)
        // --quiet must not even draw a spinner: a console that is no terminal gets none.
        let spinner = Spinner(console: quiet ? BufferConsole() : context.console, message: locations.count == 1
                                ? context.localization.tr("Refreshing {name}…", ["name": locations[0].name.strippingControlCharacters])
                                : context.localization.tr("Refreshing {count} places…", ["count": String(locations.count)]))
        var outcomes: [RefreshOutcome]
        // When the first request went: the ensemble's time ends with the forecasts'.
        let started = Mutex<ContinuousClock.Instant?>(nil)
        do {
            var progress: (@Sendable (Int, Int) -> Void)?
            if locations.count > 1 {
                let label = context.localization.tr("Refreshing")
                progress = { done, total in spinner.update(message: ProgressBar.line(label, done: done, total: total)) }
            }
            // More places due than the provider's per-minute limit takes go a minute at a time.
            let willPace: (@Sendable (QuotaPlan) -> Void)? = quiet ? nil : { @Sendable plan in context.sayPacing(plan) }
            outcomes = try await service.refresh(locations, onlyIfStale: ifStale, lockWait: quiet ? .zero : .seconds(10),
                                                 willFetch: { started.withLock { $0 = .now }; spinner.start() }, willPace: willPace, progress: progress,
                                                 keepingForecasts: false)
            spinner.stop()
        } catch {
            spinner.stop()
            throw ExitStatus(code: report(error, locations: locations, service: service, context: context))
        }
        outcomes = leavingOutRemoved(outcomes, context: context)
        await context.keepSpreads(of: outcomes, service: service, quiet: quiet, since: started.withLock { $0 } ?? .now)
        let status = BatchFailureReport(failures: outcomes.filter { $0.failure != nil }, placeCount: outcomes.count).report(to: context)
        if !quiet {
            if json {
                context.writeJSON(RefreshReport.json(outcomes))
            } else {
                context.console.write(RefreshReport.table(outcomes, usesColor: context.useColor, now: Date(), presentation: context.presentation(service.settings)))
            }
        }
        if status != .success { throw ExitStatus(code: status) }
    }

    /// The outcomes of the places still saved: one removed while this refresh fetched it has no
    /// forecast kept, so it is not reported as refreshed; a notice says so instead (`--quiet`
    /// too: it was asked for and is gone).
    private func leavingOutRemoved(_ outcomes: [RefreshOutcome], context: CommandContext) -> [RefreshOutcome] {
        for outcome in outcomes where outcome.wasRemoved {
            context.report(ErrorReport(message: context.localization.tr("{name} was removed meanwhile; its forecast was not kept",
                                                                        ["name": outcome.location.name]),
                                       exitCode: .success), as: .notice)
        }
        return outcomes.filter { !$0.wasRemoved }
    }

    /// Offline, busy or a lock that cannot be taken: nothing was fetched.
    private func report(_ error: RefreshError, locations: [Location], service: ForecastService, context: CommandContext) -> ExitCode {
        switch error {
        case .offline(let host):
            // Every place asked for is accounted for: its cached forecast with its age, or a
            // line saying nothing is cached. Offline is temporary for a refresh, cached or not:
            // 75 tells cron wrappers to try again later.
            let outcomes = locations.map { location in
                RefreshOutcome(location: location, status: .failed(.forecast(.offline(host: host)), cached: service.cached(for: location)?.summary))
            }
            let status = ExitCode.temporaryFailure
            guard !quiet else { return status }
            context.report(error, as: .notice)
            if json {
                context.writeJSON(RefreshReport.json(outcomes))
            } else {
                context.console.write(RefreshReport.table(outcomes, usesColor: context.useColor, now: Date(), presentation: context.presentation(service.settings)))
            }
            return status
        case .busy:
            if !quiet { context.report(error) }
            return .temporaryFailure
        case .lockFile:
            return context.report(error)
        }
    }
}
