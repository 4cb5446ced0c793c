import Foundation

/// How `rain watch` shows its state: a whole screen on a terminal, one line per event elsewhere.
public enum WatchScreen {
    /// The forecast and a status line, for redrawing a terminal in place.
    public static func render(_ state: WatchState, width: Int, usesColor: Bool, now: Date) -> String {
        let style = TextStyle(usesColor: usesColor)
        var text = state.forecast.map { ForecastView(width: width, usesColor: usesColor, now: now).render($0) }
            ?? "\(state.location.name.strippingControlCharacters): no forecast yet\n"
        text += "\n" + style.dim(statusLine(state, now: now).truncated(toDisplayWidth: width)) + "\n"
        return text
    }

    public static func statusLine(_ state: WatchState, now: Date) -> String {
        var parts: [String] = []
        if let since = state.offlineSince {
            parts.append("Offline since \(clockTime(since))")
        } else if let failure = state.lastFailure {
            parts.append("Last refresh failed: \(failure.strippingControlCharacters)")
        }
        if let forecast = state.forecast, state.offlineSince != nil || state.lastFailure != nil {
            parts.append("forecast from \(AgeFormatter.string(since: forecast.fetchedAt, now: now))")
        }
        parts.append("refreshing every \(state.every)")
        parts.append("Ctrl-C to quit")
        return parts.joined(separator: " · ")
    }

    /// "14:05" on this machine's clock.
    static func clockTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    /// One log line for an event: `2026-12-02T11:41:05Z refreshed Berlin: 6 °C Mostly Cloudy`.
    public static func logLine(_ event: WatchState.Event, state: WatchState, now: Date) -> String {
        let time = ISO8601DateFormatter().string(from: now)
        let name = state.location.name.strippingControlCharacters
        let text: String
        switch event {
        case .refreshed:
            text = state.forecast.map { "refreshed \(RefreshLine.render($0))" } ?? "refreshed \(name)"
        case .wentOffline(let host):
            let cached = state.forecast.map { "; showing the forecast from \(AgeFormatter.string(since: $0.fetchedAt, now: now))" } ?? ""
            text = "offline: cannot reach \(host)\(cached)"
        case .cameBack:
            text = "back online"
        case .failed(let reason):
            text = "refresh of \(name) failed: \(reason.strippingControlCharacters)"
        case .busy:
            text = "another rain is refreshing; waiting for the next round"
        }
        return "\(time) \(text)"
    }
}
