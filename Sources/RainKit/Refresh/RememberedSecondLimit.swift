import FoundationEssentials

/// The calls a second a forecast server said it takes of a key (`X-RateLimit-Limit-Second`,
/// Pirate Weather's gateway on every answer and its 429s: `PirateWeatherRateLimiter` in the
/// simulator), kept in `quota.json` beside the used-up quotas (`RememberedQuota`), so the next
/// run (cron's, the timer's, a `refresh --all` right after) paces a batch by it from its first
/// request instead of asking one place first to learn it again (`SecondPacing`).
///
/// One per counter (`RememberedQuota.source`, a hash of the provider, its URL and its key): a
/// paid plan's 4 is its key's, never another's. Each run that hears the server rewrites it
/// when it changed, and forgets it when the server answered without saying one (a mirror no
/// longer behind a gateway), so a stale limit costs at most one run's pace.
///
/// `{"quotas": [...], "per_second": [{"source", "limit"}, ...]}`.
struct RememberedSecondLimit: Sendable, Equatable {
    var source: String
    var limit: Int

    /// The limit `path` remembers for `source`; nil when none (or the file cannot be read).
    static func said(at path: String, for source: String) -> Int? {
        load(path).first { $0.source == source }?.limit
    }

    /// The limits `path` remembers; none when it cannot be read as such.
    static func load(_ path: String) -> [RememberedSecondLimit] {
        guard let bytes = try? RegularFile.read(path, limit: RememberedQuota.limit), let limits = try? decode(bytes) else { return [] }
        return limits
    }

    static func decode(_ bytes: [UInt8]) throws(JSONError) -> [RememberedSecondLimit] {
        guard let list = try JSONNode.document(bytes).member("per_second") else { return [] }
        return try list.elements { node throws(JSONError) in
            let limit = try node.requiredNumber("limit")
            guard let whole = Int(exactly: limit), ForecastClient.plausiblePerSecond.contains(whole) else { return nil }
            return RememberedSecondLimit(source: try node.requiredString("source"), limit: whole)
        }.compactMap { $0 }
    }

    var value: JSONValue {
        .object(["source": .string(source), "limit": .number(Double(limit))])
    }

    /// Keeps `limit` as what the counter `source` takes a second (nil: forgets it), keeping
    /// the file's quotas; writes nothing when the file already says so. A file that cannot be
    /// written costs the next run its first second's pace.
    static func remember(_ limit: Int?, for source: String, at path: String, now: Date) throws(FileError) {
        let kept = load(path)
        guard kept.first(where: { $0.source == source })?.limit != limit else { return }
        var limits = kept.filter { $0.source != source }
        if let limit { limits.append(RememberedSecondLimit(source: source, limit: limit)) }
        try RememberedQuota.write(RememberedQuota.load(path).filter { $0.holds(at: now) }, perSecond: limits,
                                  held: RememberedFeedHold.load(path).filter { $0.holds(at: now) }, to: path)
    }
}
