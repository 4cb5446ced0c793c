import Glibc
import FoundationEssentials
import RainKit
import RainTerminal

/// `rain watch [LOC...] [--all] [--every 15m]`
struct WatchCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep showing forecasts, refreshing them on an interval and when the network comes back.",
        discussion: """
        Stays in the foreground, refreshing on the interval and when the network comes back. \
        On a terminal it takes the whole window (given back on exit): one place's forecast in a \
        form that fits, or one line per place with --all or several LOCs; every time on screen \
        says its zone. q, Esc or Ctrl-C quits (exit 0); Ctrl-L redraws; other keys are ignored, \
        never echoed. Elsewhere (a pipe, a log, TERM=dumb) it prints one line per event \
        (refreshed, offline, back online) until interrupted (exit 0), or until nothing reads \
        them. While the API cannot be reached, the cached forecasts stay on screen with their \
        age. A failure that retrying cannot mend (no key, a refused key) ends watch with its \
        exit status.
        """,
        arguments: [places],
        options: [all, every, verbose]
    )

    static let places = ArgumentDefinition.places
    static let all = Flag("all", short: "a", help: "Watch every saved place, one line each.")
    static let every = Option<Interval>("every", value: "interval", help: "How often to refresh: 1m or more (less for a server on this machine), e.g. 15m, 1h (default: 15m).",
                                        completion: .values(["1m", "5m", "15m", "30m", "1h"]))
    /// Every refresh is a request to the API (and counts against a key's quota); a server on
    /// this machine (a mirror, the ForecastSimulator) may be asked as often as wanted.
    static let minimumInterval = Interval(seconds: 60)
    static let verbose = Flag.verbose

    var references: [String]
    var all: Bool
    var every: Interval
    var verbose: Bool

    init(parsed: ParsedValues) throws {
        references = parsed.values(of: Self.places)
        all = parsed[Self.all]
        every = try parsed.value(Self.every) ?? Interval(seconds: 15 * 60)
        verbose = parsed[Self.verbose]
        if all && !references.isEmpty { throw ValidationError(N_("give either '--all' or locations, not both")) }
    }

    func run(_ context: CommandContext) async throws {
        let list = try context.loadPlaces()
        let locations: [Location]
        do {
            locations = all ? list.locations : references.isEmpty ? [try context.location(nil, in: list)] : try list.resolve(references)
        } catch {
            try context.rethrowHintingQuotes(error, references, command: "rain watch", in: list)
        }
        guard !locations.isEmpty else { throw LocationsError.noLocations }
        let service = try context.makeForecastService(verbose: verbose)
        if every.seconds < Self.minimumInterval.seconds && !ForecastEndpoint.isOnThisMachine(service.settings.forecastURL) {
            throw ValidationError(N_("'--every {every}': give {minimum} or more (every refresh is a request)"), ["every": "\(every)", "minimum": "\(Self.minimumInterval)"])
        }
        // A server on this machine is counted as the free service it stands in for (README),
        // under a minute too.
        context.warnIfOverFreeLimits(places: locations, every: every, choosingFrom: QuotaPlan.watchIntervals, paced: false, settings: service.settings)
        context.sayEnsembleCost(places: locations, settings: service.settings)
        let inPlace = context.console.isOutputTerminal && TerminalScreen.Kind(environment: context.environment) == .ansi
        let presentation = context.presentation(service.settings)
        let display: WatchDisplay = inPlace ? ScreenWatchDisplay(context: context, presentation: presentation) : LogWatchDisplay(context: context, presentation: presentation)
        let events = WatchEvents(every: every, monitor: service.reachabilityMonitor(pollingAtMost: every))
        defer { events.stop() }

        var state = WatchState(locations: locations, currentID: list.currentID, forecasts: locations.map(service.cached(for:)), every: every)
        // Keys first: one pressed while the first frame is drawn (a huge window) counts.
        if inPlace { events.listenToKeys() }
        display.start(state)
        defer { display.finish() }
        // Refreshes run beside the event loop, so Ctrl-C, SIGTERM and resizes are handled at
        // once even while a request hangs; a tick during a refresh is dropped, not queued.
        var refreshing: Task<Void, Never>?
        let post = events.post
        func startRefresh() {
            guard refreshing == nil else { return }
            let asked = state.locations
            refreshing = Task { post(.refreshed(await Self.refresh(asked, service: service))) }
        }
        // Nobody reads what watch writes (`rain watch | head -1`, `rain watch >&-`): it ends at
        // the line that could not be written rather than ask the API on and on for no one.
        func nobodyReads() -> Bool {
            guard context.console.outputIsGone else { return false }
            refreshing?.cancel()
            return true
        }
        startRefresh()
        for await event in events.stream {
            if nobodyReads() { return }
            switch event {
            case .tick:
                // The list as saved now: a place another rain removed is not fetched again,
                // one it added (with --all) or renamed is shown as it is. A list that cannot be
                // read now is the one watch had.
                if let list = try? context.store.load() {
                    let watched = list.stillWatched(state.locations, all: all)
                    if watched.isEmpty {
                        display.finish()
                        throw all ? LocationsError.noLocations : LocationsError.unknown(reference: state.locations[0].name)
                    }
                    if state.watch(watched, current: list.currentID, cached: service.cached(for:)) { display.show(state, events: []) }
                }
                startRefresh()
            case .refreshed(let result):
                refreshing = nil
                if case .failure(.busy) = result {
                    for location in state.locations { state.forecasts[location.id] = service.cached(for: location) ?? state.forecasts[location.id] }
                }
                let changes = state.apply(result, now: Date())
                display.show(state, events: changes)
                if case .success(let outcomes) = result,
                   let failure = outcomes.lazy.compactMap(\.failure).first(where: { $0.kind.isPermanent }) {
                    display.finish()
                    throw failure
                }
            case .reachability(let reachability):
                let changes = state.apply(reachability, host: service.host, now: Date())
                display.show(state, events: changes)
                if changes.contains(.cameBack) { startRefresh() }
            case .resize:
                events.takeResize()
                display.show(state, events: [])
            case .minute:
                display.show(state, events: [])
            case .key(let key):
                switch WatchScreen.action(for: key) {
                case .quit:
                    refreshing?.cancel()
                    return
                case .redraw: display.show(state, events: [])
                case .suspend: Signals.stopProcessGroup()
                case nil: break
                }
            case .stop:
                refreshing?.cancel()
                return
            }
            if nobodyReads() { return }
        }
    }

    private static func refresh(_ locations: [Location], service: ForecastService) async -> Result<[RefreshOutcome], RefreshError> {
        do {
            let outcomes = try await service.refresh(locations, onlyIfStale: false, lockWait: .seconds(10))
            // `"ensemble": true`: the spreads older than 6 hours, after the forecasts.
            // A place the model does not cover was said once, when the watch started.
            await service.keepSpreads(service.spreadsDue(outcomes), sayingUncovered: false)
            return .success(outcomes)
        } catch {
            return .failure(error)
        }
    }
}

/// Where `rain watch` shows things.
protocol WatchDisplay {
    func start(_ state: WatchState)
    func show(_ state: WatchState, events: [WatchState.Event])
    func finish()
}

/// The whole terminal, through `TerminalScreen`: the alternate screen, redrawn to the window's
/// size on every change and every resize, given back on exit.
final class ScreenWatchDisplay: WatchDisplay {
    private let context: CommandContext
    private let presentation: Presentation
    private let screen: TerminalScreen
    private var started = false

    init(context: CommandContext, presentation: Presentation) {
        self.context = context
        self.presentation = presentation
        screen = TerminalScreen(descriptor: STDOUT_FILENO, environment: context.environment, asciiOnly: context.asciiOnly,
                                redaction: context.keyRedaction())
    }

    func start(_ state: WatchState) {
        screen.enter()
        started = true
        show(state, events: [])
    }

    func show(_ state: WatchState, events: [WatchState.Event]) {
        let size = screen.size(environment: context.environment)
        var view = WatchScreen(width: screen.renderWidth(for: size.width), height: size.height, usesColor: context.useColor,
                               now: Date(), machineTimeZone: ZoneInfo.machine(environment: context.environment).zone)
        view.presentation = presentation
        view.asciiOnly = context.asciiOnly
        // The screen is drawn past the console, so --ascii is applied here.
        let lines = context.asciiOnly ? view.lines(state).map(ASCIIConsole.transliterate) : view.lines(state)
        screen.draw(lines, height: size.height)
    }

    func finish() {
        guard started else { return }
        started = false
        screen.leave()
    }
}

/// One line per event, for a pipe, a log file or a dumb terminal.
struct LogWatchDisplay: WatchDisplay {
    let context: CommandContext
    let presentation: Presentation

    func start(_ state: WatchState) {}

    func show(_ state: WatchState, events: [WatchState.Event]) {
        for event in events {
            context.print(WatchScreen.logLine(event, state: state, now: Date(), presentation: presentation))
        }
    }

    func finish() {}
}
