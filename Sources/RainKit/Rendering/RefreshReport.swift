import Foundation

/// What `rain refresh` prints for its places.
public enum RefreshReport {
    /// `Berlin  24 °C  Partly Cloudy`, plus the age when the forecast shown is not new.
    public static func line(_ outcome: RefreshOutcome, usesColor: Bool, now: Date) -> String {
        guard let forecast = outcome.forecast else { return outcome.location.name.strippingControlCharacters }
        let line = RefreshLine.render(forecast, usesColor: usesColor)
        switch outcome.status {
        case .refreshed: return line
        case .fresh: return line + "  (cached, \(AgeFormatter.string(since: forecast.fetchedAt, now: now)))"
        case .failed: return line + "  (cached, \(AgeFormatter.string(since: forecast.fetchedAt, now: now)))"
        }
    }

    /// One object per place, in order: `id`, `name`, `status` (refreshed, fresh or failed),
    /// `fetched_at` of the forecast now cached (if any), `error` for a failure.
    public static func json(_ outcomes: [RefreshOutcome]) -> String {
        struct Entry: Encodable {
            var id: String
            var name: String
            var status: String
            var fetchedAt: String?
            var error: String?

            enum CodingKeys: String, CodingKey {
                case id, name, status, error
                case fetchedAt = "fetched_at"
            }
        }
        let formatter = ISO8601DateFormatter()
        let entries = outcomes.map { outcome in
            let status = switch outcome.status {
            case .refreshed: "refreshed"
            case .fresh: "fresh"
            case .failed: "failed"
            }
            return Entry(id: outcome.location.idString, name: outcome.location.name, status: status,
                         fetchedAt: outcome.forecast.map { formatter.string(from: $0.fetchedAt) },
                         error: outcome.failure?.description)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(entries)) ?? Data("[]".utf8), as: UTF8.self) + "\n"
    }
}
