import Foundation

/// What `rain refresh` prints for its places.
public enum RefreshReport {
    /// `Berlin  24 °C  Partly Cloudy`, plus the age when the forecast shown is not new.
    public static func line(_ outcome: RefreshOutcome, usesColor: Bool, now: Date) -> String {
        guard let forecast = outcome.forecast else { return outcome.location.name.strippingControlCharacters }
        let line = RefreshLine.render(forecast, usesColor: usesColor)
        if case .refreshed = outcome.status { return line }
        return line + "  (cached, \(AgeFormatter.string(since: forecast.fetchedAt, now: now)))"
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
            if let forecast = outcome.forecast { members["fetched_at"] = .string(ForecastDocument.timestamp(forecast.fetchedAt)) }
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
