import FoundationEssentials

/// An alert feed's 429 `Retry-After`, kept in `quota.json` beside the used-up quotas
/// (`RememberedQuota`) until it ends, so the next run (cron's, a minute later) asks that feed
/// nothing before then, for any place. MET asks a client that gets a 429 to "limit traffic
/// immediately" (metno/weatherapi-docs `doc/TermsOfService.md`, "Throttling and traffic
/// shaping"), and throttles the client (its User-Agent, its address), not a place; a refresh
/// already asks no more after one (`OfficialAlerts.refusals`). A 429 without `Retry-After`
/// holds a feed polled at most so often for its `minimumInterval` (`refusalHolds()`).
///
/// One per counter (`source`): a hash of the feed, its URL and the contact rain names itself
/// with. At most an hour (as `OfficialAlerts.Asking.holds`): a wait further off (a clock once
/// ahead, a date in the year 9999) would keep every place from its alerts that long.
///
/// `{"quotas": [...], "held": [{"source", "until"}, ...]}`.
struct RememberedFeedHold: Sendable, Equatable {
    var source: String
    var until: Date

    static let longest: TimeInterval = 3600

    /// The counter of `feed`'s requests as `settings` send them.
    static func source(of feed: any AlertFeed, in settings: Settings) -> String {
        RememberedQuota.hash("alerts\n" + feed.displayName + "\n" + feed.url(in: settings) + "\n" + (settings.alertsContact ?? ""))
    }

    /// A hold of `retryAfter` seconds from `now`, at most `longest`.
    init(source: String, retryAfter: Int, now: Date) {
        self.init(source: source, until: now.addingTimeInterval(min(TimeInterval(retryAfter), Self.longest)))
    }

    init(source: String, until: Date) {
        self.source = source
        self.until = until
    }

    /// Not over at `now`, and ending within `longest`.
    func holds(at now: Date) -> Bool {
        until > now && until.timeIntervalSince(now) <= Self.longest
    }

    /// The whole seconds left at `now` of the hold `path` keeps for `source`; nil when none holds.
    static func secondsLeft(at path: String, for source: String, now: Date) -> Int? {
        guard let hold = load(path).first(where: { $0.source == source && $0.holds(at: now) }) else { return nil }
        return max(1, Int(hold.until.timeIntervalSince(now).rounded(.up)))
    }

    /// The holds `path` keeps; none when it cannot be read as such.
    static func load(_ path: String) -> [RememberedFeedHold] {
        guard let bytes = try? RegularFile.read(path, limit: RememberedQuota.limit), let holds = try? decode(bytes) else { return [] }
        return holds
    }

    static func decode(_ bytes: [UInt8]) throws(JSONError) -> [RememberedFeedHold] {
        guard let list = try JSONNode.document(bytes).member("held") else { return [] }
        return try list.elements { node throws(JSONError) -> RememberedFeedHold? in
            guard let until = try node.requiredMember("until").isoTime() else { return nil }
            return RememberedFeedHold(source: try node.requiredString("source"), until: until)
        }.compactMap { $0 }
    }

    var value: JSONValue {
        .object(["source": .string(source), "until": .string(UTCTimestamp.string(until))])
    }

    /// Adds `holds` to those `path` keeps (a counter's newest replacing its older one, those
    /// over at `now` dropped: a `Retry-After` of 0 holds nothing), keeping the file's quotas
    /// and limits a second. A file that cannot be written costs the next run one request.
    static func remember(_ holds: [RememberedFeedHold], at path: String, now: Date) throws(FileError) {
        let holds = holds.filter { $0.until > now }
        guard !holds.isEmpty else { return }
        let kept = load(path).filter { old in old.holds(at: now) && !holds.contains { $0.source == old.source } }
        try RememberedQuota.write(RememberedQuota.load(path).filter { $0.holds(at: now) }, perSecond: RememberedSecondLimit.load(path),
                                  held: kept + holds, to: path)
    }
}
