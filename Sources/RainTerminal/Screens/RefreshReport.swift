import FoundationEssentials
import RainKit

/// What `rain refresh` prints for its places.
public enum RefreshReport {
    /// One aligned line per outcome: name, temperature, conditions, and the age when the
    /// forecast shown is not new; a failed place shows its cached forecast,
    /// or a dash and "failed" (offline: "nothing cached").
    /// ```
    /// Berlin          24 °C  Partly Cloudy
    /// San Francisco    9 °C  Fog            (cached, 6 h ago)
    /// Oslo            -2 °C  Snow           (cached, 3 h ago)
    /// Lima                –                 (failed)
    /// Quito               –                 (nothing cached)
    /// ```
    public static func table(_ outcomes: [RefreshOutcome], usesColor: Bool, now: Date, presentation: Presentation = Presentation()) -> String {
        let style = TextStyle(usesColor: usesColor)
        guard !outcomes.isEmpty else { return "" }
        let words = presentation.localization
        let cells = outcomes.map { outcome in
            guard let cached = outcome.forecast else {
                let note = if case .forecast(.offline)? = outcome.failure { words.tr("(nothing cached)") } else { words.tr("(failed)") }
                return ((name: style.bold(outcome.location.name.screenSafe), temperature: MeasureFormat.missing, summary: ""), note)
            }
            if case .refreshed = outcome.status { return (RefreshLine.cells(cached, style: style, presentation: presentation), "") }
            let age = AgeFormatter.string(since: cached.fetchedAt, now: now, localization: words)
            return (RefreshLine.cells(cached, style: style, presentation: presentation), words.tr("(cached, {age})", ["age": age]))
        }
        var temperature = TextTable.Column(title: "", cells: cells.map(\.0.temperature))
        temperature.alignment = .right
        let table = TextTable(columns: [
            TextTable.Column(title: "", cells: cells.map(\.0.name)), temperature,
            TextTable.Column(title: "", cells: cells.map(\.0.summary)), TextTable.Column(title: "", cells: cells.map(\.1)),
        ], showsTitles: false)
        return table.render(width: nil, style: style).joined(separator: "\n") + "\n"
    }

    /// One object per place, in order: `id`, `name`, `status` (refreshed, fresh or failed),
    /// `fetched_at` of the forecast now cached (if any), `error` for a failure.
    public static func json(_ outcomes: [RefreshOutcome]) -> String {
        JSONValue.array(outcomes.map { outcome in
            var members: [String: JSONValue] = [
                "id": .string(outcome.location.idString),
                "name": .string(outcome.location.name),
                "status": .string(status(of: outcome)),
            ]
            if let forecast = outcome.forecast { members["fetched_at"] = .string(UTCTimestamp.string(forecast.fetchedAt)) }
            if let failure = outcome.failure { members["error"] = .string(failure.description) }
            return .object(members)
        }).serialized()
    }

    private static func status(of outcome: RefreshOutcome) -> String {
        switch outcome.status {
        case .refreshed: return "refreshed"
        case .fresh: return "fresh"
        case .failed: return "failed"
        }
    }
}
