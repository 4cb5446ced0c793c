import FoundationEssentials

/// Quotas the services said were used up (a 429 naming a window that lasts past the next
/// minute), remembered in `quota.json` beside `notified.json` until they reset, so cron, the
/// timer and watch send no request a used-up quota would refuse anyway.
///
/// Each belongs to the counter that refused (`source`): the forecast provider with its URL and
/// key, or Open-Meteo's free service, which counts the calls of an IP address across its APIs
/// together (open-meteo/open-meteo `Sources/App/Helper/Vapor/RateLimiter.swift`: one count per
/// address, whatever the API), so a day used up by the air is used up for Open-Meteo's forecast
/// and ensemble too. The file keeps a hash (`source`), never a key or URL; another provider,
/// URL or key has another hash, and a remembered quota is not theirs.
///
/// `{"quotas": [{"service", "window", "resets_at", "source"}, ...], "per_second": [...],
/// "held": [...]}` (the limits a second the servers said, `RememberedSecondLimit`; the alert
/// feeds' 429 holds, `RememberedFeedHold`); a file of one quota's
/// members at its top (what rain wrote before it kept several) is read as that one. Losing the
/// file costs one request (the next refresh asks and is told again), so it is written as
/// derived data is, and a file that cannot be read as one (damaged, too large, not a regular
/// file) counts as none.
struct RememberedQuota: Sendable, Equatable {
    var quota: ExceededQuota
    var source: String

    static let limit = RegularFile.Limit(bytes: 4 << 10, kind: LocalizedText(N_("the remembered quota")))

    /// The counter the forecast provider's requests go to: Open-Meteo's free one for its free
    /// service, else FNV-1a over the provider, its URL and (for a provider that needs one) the
    /// key. Many keys share each hash, so it gives none back.
    static func source(of settings: Settings) -> String {
        if settings.provider == .openMeteo, let free = openMeteoFree(settings.forecastURL) { return free }
        let key = settings.provider.unit.needsKey ? settings.apiKey?.value ?? "" : ""
        return hash(settings.provider.rawValue + "\n" + settings.forecastURL + "\n" + key)
    }

    /// The counter the air's requests (`/v1/air-quality`) go to.
    static func airSource(of settings: Settings) -> String {
        openMeteoFree(settings.airQualityURL) ?? hash("air\n" + settings.airQualityURL)
    }

    /// The counter the ensemble's requests go to.
    static func ensembleSource(of settings: Settings) -> String {
        openMeteoFree(settings.ensembleURL) ?? hash("ensemble\n" + settings.ensembleURL)
    }

    /// Open-Meteo's free service's one counter, where `url` is that service.
    private static func openMeteoFree(_ url: String) -> String? {
        OpenMeteoRateLimit.freeLimits(forURL: url) == nil ? nil : hash("open-meteo free")
    }

    static func hash(_ text: String) -> String {
        let hex = String(text.fnv1a64(), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The quota remembered in `path` for `source` that has not reset at `now`; nil otherwise.
    static func inForce(at path: String, for source: String, now: Date) -> ExceededQuota? {
        load(path).first { $0.source == source && $0.holds(at: now) }?.quota
    }

    /// Not reset at `now`, and resetting within its window's length: a reset further away (a
    /// clock that was once ahead wrote it, or a hand) would block every run for that long.
    func holds(at now: Date) -> Bool {
        let longest = TimeInterval(quota.window.seconds ?? 31 * 86_400)
        return quota.resetsAt > now && quota.resetsAt.timeIntervalSince(now) <= longest
    }

    /// The quotas `path` remembers; none when it cannot be read as such.
    static func load(_ path: String) -> [RememberedQuota] {
        guard let bytes = try? RegularFile.read(path, limit: limit), let quotas = try? decode(bytes) else { return [] }
        return quotas
    }

    /// Only windows worth remembering are read and written: not the minute, which the next run
    /// is past (`ExceededQuota.isWorthRetryingSoon`).
    static func decode(_ bytes: [UInt8]) throws(JSONError) -> [RememberedQuota] {
        let document = try JSONNode.document(bytes)
        guard let list = try document.member("quotas") else { return try one(document).map { [$0] } ?? [] }
        return try list.elements(one).compactMap { $0 }
    }

    private static func one(_ node: JSONNode) throws(JSONError) -> RememberedQuota? {
        guard let window = ExceededQuota.Window(rawValue: try node.requiredString("window")), window != .minute,
              let resetsAt = try node.requiredMember("resets_at").isoTime() else { return nil }
        let quota = ExceededQuota(service: try node.requiredString("service"), window: window, resetsAt: resetsAt)
        return RememberedQuota(quota: quota, source: try node.requiredString("source"))
    }

    private var value: JSONValue {
        .object(["service": .string(quota.service), "window": .string(quota.window.rawValue),
                 "resets_at": .string(UTCTimestamp.string(quota.resetsAt)), "source": .string(source)])
    }

    /// Adds `quotas` to those `path` remembers (a counter's newest replacing its older one,
    /// those reset at `now` dropped), written atomically (its folder made when missing); a
    /// quota of the minute, which the next run is past, is not remembered. A file that cannot
    /// be written costs the next run one request.
    static func remember(_ quotas: [RememberedQuota], at path: String, now: Date) throws(FileError) {
        let added = quotas.filter { !$0.quota.isWorthRetryingSoon }
        guard !added.isEmpty else { return }
        var kept = load(path).filter { old in old.holds(at: now) && !added.contains { $0.source == old.source } }
        for quota in added where !kept.contains(where: { $0.source == quota.source }) { kept.append(quota) }
        try write(kept, perSecond: RememberedSecondLimit.load(path), held: RememberedFeedHold.load(path).filter { $0.holds(at: now) }, to: path)
    }

    /// Writes the file whole: `quotas`, the limits a second (`RememberedSecondLimit`) and the
    /// alert feeds' holds (`RememberedFeedHold`), atomically, its folder made when missing.
    /// Each list is oldest first; past the file's limit the oldest are forgotten first, so
    /// the one just met, which the next run needs, is always kept (the whole write had failed).
    static func write(_ quotas: [RememberedQuota], perSecond: [RememberedSecondLimit], held: [RememberedFeedHold], to path: String) throws(FileError) {
        var (quotas, perSecond, held) = (quotas[...], perSecond[...], held[...])
        var bytes: [UInt8] {
            var members: [String: JSONValue] = ["quotas": .array(quotas.map(\.value))]
            if !perSecond.isEmpty { members["per_second"] = .array(perSecond.map(\.value)) }
            if !held.isEmpty { members["held"] = .array(held.map(\.value)) }
            return JSONValue.object(members).serializedBytes(compactly: true)
        }
        var written = bytes
        while written.count > Self.limit.bytes {
            if quotas.count > 1 { quotas.removeFirst() } else if perSecond.count > 1 { perSecond.removeFirst() }
            else if held.count > 1 { held.removeFirst() } else { break }
            written = bytes
        }
        try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
        try AtomicFile.write(written, to: path, durability: .derived, limit: Self.limit)
    }
}
