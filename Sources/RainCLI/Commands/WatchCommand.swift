import Foundation
import RainKit

/// `rain watch [--every 15m] [LOC]`
struct WatchCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep showing a place's forecast, refreshing it on an interval and when the network comes back.",
        discussion: """
        Stays in the foreground until Ctrl-C (or SIGTERM), then exits 0. On a terminal the \
        forecast is redrawn in place; otherwise one line is printed per event (refreshed, \
        offline, back online). While the API cannot be reached, the cached forecast stays on \
        screen with its age.
        """,
        arguments: [place],
        options: [every, verbose]
    )

    static let place = ArgumentDefinition.place(optional: true)
    static let every = Option<Interval>("every", value: "interval", help: "How often to refresh, e.g. 30s, 15m, 1h (default: 15m).",
                                        completion: .values(["30s", "5m", "15m", "30m", "1h"]))
    static let verbose = Flag.verbose

    var reference: String?
    var every: Interval
    var verbose: Bool

    init(parsed: ParsedValues) throws {
        reference = parsed[Self.place]
        every = try parsed.value(Self.every) ?? Interval(seconds: 15 * 60)
        verbose = parsed[Self.verbose]
    }

    func run(_ context: CommandContext) async throws {
        let list = try context.store.load()
        let location = try context.location(reference, in: list)
        let service = try context.makeForecastService(verbose: verbose)
        let inPlace = context.console.isOutputTerminal && TerminalScreen.Kind(environment: context.environment) == .ansi
        let display: WatchDisplay = inPlace ? ScreenWatchDisplay(context: context) : LogWatchDisplay(context: context)
        let events = WatchEvents(every: every, monitor: service.reachabilityMonitor(pollingAtMost: every))
        defer { events.stop() }

        var state = WatchState(location: location, forecast: service.cached(for: location), every: every)
        display.start(state)
        // Refreshes run beside the event loop, so Ctrl-C, SIGTERM and resizes are handled at
        // once even while a request hangs; a tick during a refresh is dropped, not queued.
        var refreshing: Task<Void, Never>?
        let post = events.post
        func startRefresh() {
            guard refreshing == nil else { return }
            refreshing = Task { post(.refreshed(await Self.refresh(location, service: service))) }
        }
        startRefresh()
        for await event in events.stream {
            switch event {
            case .tick:
                startRefresh()
            case .refreshed(let result):
                refreshing = nil
                if case .failure(.busy) = result { state.forecast = service.cached(for: location) ?? state.forecast }
                let changes = state.apply(result, now: Date())
                display.show(state, events: changes)
            case .reachability(let reachability):
                let changes = state.apply(reachability, host: service.host, now: Date())
                display.show(state, events: changes)
                if changes.contains(.cameBack) { startRefresh() }
            case .resize:
                display.show(state, events: [])
            case .stop:
                refreshing?.cancel()
                display.finish()
                return
            }
        }
    }

    private static func refresh(_ location: Location, service: ForecastService) async -> Result<RefreshOutcome, RefreshError> {
        do {
            return .success(try await service.refresh([location], onlyIfStale: false, lockWait: .seconds(10))[0])
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

/// A terminal redrawn in place.
struct ScreenWatchDisplay: WatchDisplay {
    let context: CommandContext

    func start(_ state: WatchState) {
        context.console.write("\u{1B}[?25l")  // hide the cursor
        show(state, events: [])
    }

    func show(_ state: WatchState, events: [WatchState.Event]) {
        let screen = WatchScreen.render(state, width: context.outputWidth, usesColor: context.useColor, now: Date())
        // Home, draw, clear what is left of an earlier, longer screen.
        context.console.write("\u{1B}[H\u{1B}[2J" + screen.replacingOccurrences(of: "\n", with: "\u{1B}[K\n") + "\u{1B}[J")
    }

    func finish() {
        context.console.write("\u{1B}[?25h")
    }
}

/// One line per event, for a pipe, a log file or a dumb terminal.
struct LogWatchDisplay: WatchDisplay {
    let context: CommandContext

    func start(_ state: WatchState) {}

    func show(_ state: WatchState, events: [WatchState.Event]) {
        for event in events {
            context.print(WatchScreen.logLine(event, state: state, now: Date()))
        }
    }

    func finish() {}
}
