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
    public var machineTimeZone: String

    public init(width: Int, height: Int, usesColor: Bool, now: Date, machineTimeZone: String) {
        self.width = width
        self.height = height
        self.usesColor = usesColor
        self.now = now
        self.machineTimeZone = machineTimeZone
    }

    /// At most `height` lines, none wider than `width`: for one place its forecast in a form
    /// that fits, for several one line per place; then a blank line and the status line.
    public func lines(_ state: WatchState) -> [String] {
        if NarrowWindow.isTooNarrow(width) { return NarrowWindow.lines(width: width, height: max(1, height)) }
        let style = TextStyle(usesColor: usesColor)
        let room = max(1, height - 2)
        var body: [String]
        if state.isSinglePlace {
            let location = state.locations[0]
            body = state.forecasts[location.id].map {
                ForecastView(width: width, usesColor: usesColor, now: now).lines($0, height: room)
            } ?? ["\(location.name.screenSafe): no forecast yet".truncated(toDisplayWidth: width)]
        } else {
            let places = state.locations.map {
                PlacesOverview.Place(location: $0, isCurrent: $0.id == state.currentID, forecast: state.forecasts[$0.id])
            }
            body = PlacesOverview(width: width, usesColor: usesColor, now: now).lines(places)
            if body.count > room {
                let hidden = body.count - room + 1
                body = Array(body.prefix(room - 1)) + [style.dim("… \(hidden) more; a taller window shows them".truncated(toDisplayWidth: width))]
            }
        }
        let status = style.dim(statusLine(state).truncated(toDisplayWidth: width))
        return height >= 3 ? body + [""] + [status] : Array((body + [status]).suffix(height))
    }

    /// "Offline since 14:05 (UTC+1) · forecast from 2 h ago · refreshing every 15m · q to quit".
    /// Times are in the zone the screen's header uses (the place's, for one place) and say which.
    public func statusLine(_ state: WatchState) -> String {
        var parts: [String] = []
        if let since = state.offlineSince {
            parts.append("Offline since \(labelledTime(since, state: state))")
        } else if let failure = state.lastFailure {
            parts.append("Last refresh failed: \(failure.strippingControlCharacters)")
        }
        let oldest = state.forecasts.values.map(\.fetchedAt).min()
        if let oldest, state.offlineSince != nil || state.lastFailure != nil {
            parts.append("\(state.isSinglePlace ? "forecast" : "oldest forecast") from \(AgeFormatter.string(since: oldest, now: now))")
        }
        parts.append("refreshing every \(state.every)")
        parts.append("q to quit")
        return parts.joined(separator: " · ")
    }

    /// "14:05 (UTC+1)" in the place's zone for one place; "13:05 (UTC, this machine)" for several.
    func labelledTime(_ date: Date, state: WatchState) -> String {
        let single = state.isSinglePlace ? state.forecasts[state.locations[0].id] : nil
        let clock = LocalClock(timeZoneIdentifier: single?.forecast.timeZone ?? machineTimeZone,
                               units: single?.forecast.units ?? .si)
        let zone = clock.isKnownZone ? clock.offsetLabel(at: date) : "UTC"
        return "\(clock.time(date)) (\(zone)\(single == nil ? ", this machine" : ""))"
    }

    /// One log line for an event: `2026-12-02T11:41:05Z refreshed Berlin  6 °C  Mostly Cloudy`.
    public static func logLine(_ event: WatchState.Event, state: WatchState, now: Date) -> String {
        let time = UTCTimestamp.string(now)
        let text: String
        switch event {
        case .refreshed(let location):
            text = state.forecasts[location.id].map { "refreshed \(RefreshLine.render($0))" } ?? "refreshed \(location.name.screenSafe)"
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
}
