import FoundationEssentials
import RainKit

/// How `rain watch` shows its state: a whole screen on a terminal, one line per event elsewhere.
public struct WatchScreen: Sendable {
    public var width: Int
    public var height: Int
    public var usesColor: Bool
    public var now: Date
    /// The zone of this machine's clock, for the times in the status line when several places
    /// (each in its own zone) are shown.
    public var machineTimeZone: ZoneInfo?
    /// The language, units and clock of the screen.
    public var presentation = Presentation()
    /// Whether the screen is drawn in ASCII (its lines are transliterated after; the wind's
    /// arrows are chosen before: `Compass.asciiArrow`).
    public var asciiOnly = false

    public init(width: Int, height: Int, usesColor: Bool, now: Date, machineTimeZone: ZoneInfo?) {
        self.width = width
        self.height = height
        self.usesColor = usesColor
        self.now = now
        self.machineTimeZone = machineTimeZone
    }

    /// At most `height` lines, none wider than `width`: for one place its forecast in a form
    /// that fits, for several one line per place; then a blank line and the status line.
    public func lines(_ state: WatchState) -> [String] {
        if NarrowWindow.isTooNarrow(width) { return NarrowWindow.lines(width: width, height: max(1, height), localization: presentation.localization) }
        let style = TextStyle(usesColor: usesColor)
        let room = max(1, height - 2)
        var body: [String]
        if state.isSinglePlace {
            let location = state.locations[0]
            body = state.forecasts[location.id].map {
                var view = ForecastView(width: width, usesColor: usesColor, now: now)
                view.presentation = presentation
                view.asciiOnly = asciiOnly
                let fitted = view.lines($0, height: room)
                // A forecast made to fit keeps the status line on the window's last line where
                // it leaves a line free (a lone day's row has no title above it). On 80x24 one
                // day left one, and two blank lines stood over the status line: where the blank
                // line over the status line's makes room for more (a second day and its title),
                // the forecast takes it; else the free lines go before its credit, as a blank
                // line does on the whole screen.
                guard fitted.count < room, view.lines($0, height: nil).count > room else { return fitted }
                let taller = view.lines($0, height: room + 1)
                if taller.count == room + 1 { return taller }
                let free = Array(repeating: "", count: room - fitted.count)
                guard let credit = view.creditLine($0), fitted.last == credit else { return fitted + free }
                return fitted.dropLast() + free + [credit]
            } ?? [tr("{name}: no forecast yet", ["name": location.name.screenSafe]).truncated(toDisplayWidth: width)]
        } else {
            let places = state.locations.map {
                PlacesOverview.Place(location: $0, isCurrent: $0.id == state.currentID, forecast: state.forecasts[$0.id])
            }
            var overview = PlacesOverview(width: width, usesColor: usesColor, now: now)
            overview.presentation = presentation
            overview.showsLegend = true
            body = overview.lines(places)
            // The data's credit under the table where a line is left for it, or (as the forecast
            // screen's) from `ForecastView.heightKeepingCredit` on, in place of a place's line.
            let credit = overview.creditLine(places)
            let keepsCredit = credit != nil && (body.count < room || height >= ForecastView.heightKeepingCredit)
            let tableRoom = keepsCredit ? room - 1 : room
            if body.count > tableRoom {
                let hidden = body.count - tableRoom + 1
                let more = tr("… {count} more; a taller window shows them", ["count": String(hidden)])
                body = Array(body.prefix(tableRoom - 1)) + [style.dim(more.truncated(toDisplayWidth: width))]
            }
            // What `*` and `!` (and the AQI column's scales) mean, as under `show --all`, where
            // every place's line is shown and a line is left for it.
            let legend = overview.legend(places, table: body)
            if body.count == places.count + 1, body.count + legend.count + (keepsCredit ? 1 : 0) <= room { body += legend }
            if keepsCredit, let credit { body.append(credit) }
        }
        let status = style.dim(statusLine(state, width: width))
        // The blank line over the status line, unless the forecast took it.
        return height >= 3 ? body + (body.count > room ? [] : [""]) + [status] : Array((body + [status]).suffix(height))
    }

    /// "Offline since 14:05 (UTC+1) · forecast from 2 h ago · refreshing every 15m · q to quit".
    /// Times are in the zone the screen's header uses (the place's, for one place) and say which.
    /// Within `width`, the parts that matter least go first (how often it refreshes, then the
    /// forecast's age), then the first part is cut: "q to quit" stays.
    public func statusLine(_ state: WatchState, width: Int? = nil) -> String {
        var parts: [String] = []
        if let since = state.offlineSince {
            parts.append(tr("Offline since {time}", ["time": labelledTime(since, state: state)]))
        } else if let failure = state.lastFailure {
            parts.append(tr("Last refresh failed: {reason}", ["reason": failure.strippingControlCharacters]))
        }
        let oldest = state.forecasts.values.map(\.fetchedAt).min()
        if let oldest, state.offlineSince != nil || state.lastFailure != nil {
            let age = AgeFormatter.string(since: oldest, now: now, localization: presentation.localization)
            parts.append(state.isSinglePlace ? tr("forecast from {age}", ["age": age]) : tr("oldest forecast from {age}", ["age": age]))
        }
        parts.append(tr("refreshing every {interval}", ["interval": Self.interval(state.every.seconds, presentation.localization)]))
        let quit = tr("q to quit")
        let separator = " · "
        guard let width else { return (parts + [quit]).joined(separator: separator) }
        while parts.count > 1 && (parts + [quit]).joined(separator: separator).displayWidth > width { parts.removeLast() }
        let line = (parts + [quit]).joined(separator: separator)
        guard line.displayWidth > width else { return line }
        let room = width - quit.displayWidth - separator.displayWidth
        guard room >= 4 else { return quit.truncated(toDisplayWidth: width) }
        return parts[0].truncated(toDisplayWidth: room) + separator + quit
    }

    /// "14:05 (UTC+1)" in the place's zone for one place; "13:05 (UTC, this machine)" for several.
    func labelledTime(_ date: Date, state: WatchState) -> String {
        let single = state.isSinglePlace ? state.forecasts[state.locations[0].id] : nil
        let clock = LocalClock(zone: single == nil ? machineTimeZone : single?.forecast.zone,
                               twelveHourClock: presentation.twelveHourClock ?? (single?.forecast.units == .us),
                               localization: presentation.localization)
        let zone = clock.isKnownZone ? clock.offsetLabel(at: date) : "UTC"
        let values: KeyValuePairs = ["time": clock.time(date), "zone": zone]
        return single == nil ? tr("{time} ({zone}, this machine)", values) : "\(clock.time(date)) (\(zone))"
    }

    private func tr(_ message: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        presentation.localization.tr(message, values)
    }

    /// One log line for an event: `2026-12-02T11:41:05Z refreshed Berlin  6 °C  Mostly Cloudy`.
    /// The log stays in English (it is for files and other programs); only the forecast's
    /// temperature and conditions are in the user's units and words.
    public static func logLine(_ event: WatchState.Event, state: WatchState, now: Date, presentation: Presentation = Presentation()) -> String {
        let time = UTCTimestamp.string(now)
        let text: String
        switch event {
        case .refreshed(let location):
            text = state.forecasts[location.id].map { "refreshed \(RefreshLine.render($0, presentation: presentation))" } ?? "refreshed \(location.name.screenSafe)"
        case .wentOffline(let host):
            let oldest = state.forecasts.values.map(\.fetchedAt).min()
            let cached = oldest.map { "; showing the forecast\(state.isSinglePlace ? "" : "s") from \(AgeFormatter.string(since: $0, now: now))" } ?? ""
            text = "offline: cannot reach \(host)\(cached)"
        case .cameBack:
            text = "back online"
        case .failed(let reason):
            let name = state.isSinglePlace ? " of \(state.locations[0].name.screenSafe)" : ""
            text = "refresh\(name) failed: \(reason.strippingControlCharacters)"
        case .busy:
            text = "another rain is refreshing; waiting for the next round"
        }
        return "\(time) \(text)"
    }

    /// An interval in the language's units ("15 min", "2 h", "1 h 30 min", "10 s").
    static func interval(_ seconds: Int, _ localization: Localization) -> String {
        guard seconds % 60 == 0 else { return localization.tr("{seconds} s", ["seconds": String(seconds)]) }
        guard seconds < 3_600 || seconds % 3_600 != 0 else { return localization.tr("{hours} h", ["hours": String(seconds / 3_600)]) }
        return ForecastViewContext.duration(Double(seconds), localization)
    }
}
