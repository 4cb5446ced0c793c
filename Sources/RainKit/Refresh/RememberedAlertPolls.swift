import FoundationEssentials

/// When a feed asked at most so often (MetAlerts: "no more than one poll every 10 mins",
/// metno/weatherapi-docs `doc/TermsOfService.md`) was asked for a place whose new forecast
/// was not written, until when its answer holds the next poll back (`Expires`, a 429's
/// `Retry-After`), and that it counts as failed (its alerts were not kept): the refreshes that do not ask again act as that
/// poll did (`Forecast.alertFeedsThatFailed`), the provider's copies of the feed's alerts
/// kept. A written forecast keeps that itself (`Forecast.alertsAskedAt`); without this file a
/// refresh whose forecast failed (an outage, and cron every 5 minutes) would leave no trace
/// of its poll, and every run would ask MET again.
///
/// `alert-polls.json` beside `quota.json`: `{"polls": [{"place", "at", "expires", "failed"}, ...]}`
/// (`failed`: the feeds' names, `AlertSource`, only where one failed),
/// only polls that may still hold one back (the last hour: `Asking.holds` waits no longer),
/// the newest `maximumCount`. Not the answer's `Last-Modified`: its alerts were not kept, so
/// the next poll must not say it has them. Losing the file costs one poll, so it is written as
/// derived data is, and one that cannot be read as such (damaged, too large) counts as none.
struct RememberedAlertPolls: Sendable, Equatable {
    var polls: [UUID: ForecastService.OfficialAlerts.Asking]

    static let maximumCount = 2_000
    /// Past the last hour no poll holds the next back (`Asking.holds`).
    static let kept: TimeInterval = 3600
    static let limit = RegularFile.Limit(bytes: 256 << 10, kind: LocalizedText(N_("the remembered alert polls")))

    /// The polls `path` remembers; none when it cannot be read as such.
    static func load(_ path: String) -> RememberedAlertPolls {
        guard let bytes = try? RegularFile.read(path, limit: limit), let polls = try? decode(bytes) else { return RememberedAlertPolls(polls: [:]) }
        return polls
    }

    static func decode(_ bytes: [UInt8]) throws(JSONError) -> RememberedAlertPolls {
        let list = try JSONNode.document(bytes).requiredMember("polls")
        let entries = try list.elements { node throws(JSONError) -> (UUID, ForecastService.OfficialAlerts.Asking)? in
            guard let place = UUID(uuidString: try node.requiredString("place")), let at = try node.requiredMember("at").isoTime() else { return nil }
            let expires = try node.member("expires")?.isoTime()
            let failed = try node.member("failed")?.elements { node throws(JSONError) in try node.string().flatMap(AlertSource.init(rawValue:)) } ?? []
            return (place, .init(at: at, expires: expires, failed: Set(failed.compactMap { $0 })))
        }
        return RememberedAlertPolls(polls: Dictionary(entries.compactMap { $0 }) { $1 })
    }

    /// Adds `polls` to those `path` remembers (a place's newest replacing its older one, those
    /// past the last hour at `now` dropped), written atomically, its folder made when missing.
    /// A file that cannot be written costs the next run one poll.
    static func remember(_ polls: [UUID: ForecastService.OfficialAlerts.Asking], at path: String, now: Date) throws(FileError) {
        guard !polls.isEmpty else { return }
        let all = load(path).polls.merging(polls) { $1 }
            .filter { $0.value.at.map { (0..<kept).contains(now.timeIntervalSince($0)) } ?? false }
        let newest = all.sorted { ($0.value.at!, $0.key.uuidString) > ($1.value.at!, $1.key.uuidString) }.prefix(maximumCount)
        let values: [JSONValue] = newest.map { place, asking in
            var members: [String: JSONValue] = ["place": .string(place.lowercasedString()), "at": .string(UTCTimestamp.string(asking.at!))]
            if let expires = asking.expires { members["expires"] = .string(UTCTimestamp.string(expires)) }
            if !asking.failed.isEmpty { members["failed"] = .array(asking.failed.map(\.rawValue).sorted().map { .string($0) }) }
            return .object(members)
        }
        try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
        try AtomicFile.write(JSONValue.object(["polls": .array(values)]).serializedBytes(compactly: true), to: path, durability: .derived, limit: limit)
    }
}
