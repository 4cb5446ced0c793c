import FoundationEssentials

/// A quota the forecast provider said was used up (a 429 naming a window that lasts past the
/// next minute), remembered in `quota.json` beside `notified.json` until it resets, so cron,
/// the timer and watch send no request a used-up quota would refuse anyway.
///
/// It belongs to one source: the provider, its URL and its key. The file keeps a hash of the
/// three (`source`), never the key or the URL themselves; another provider, URL or key has
/// another hash, and the remembered quota is not theirs. Losing the file costs one request (the
/// next refresh asks and is told again), so it is written as derived data is, and a file that
/// cannot be read as one (damaged, too large, not a regular file) counts as none.
struct RememberedQuota: Sendable, Equatable {
    var quota: ExceededQuota
    var source: String

    static let limit = RegularFile.Limit(bytes: 4 << 10, kind: LocalizedText(N_("the remembered quota")))

    /// The source a quota is remembered for: FNV-1a over the provider, its URL and (for a
    /// provider that needs one) the key. Many keys share each hash, so it gives none back.
    static func source(of settings: Settings) -> String {
        let key = settings.provider.unit.needsKey ? settings.apiKey?.value ?? "" : ""
        let text = settings.provider.rawValue + "\n" + settings.forecastURL + "\n" + key
        let hex = String(text.fnv1a64(), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The quota remembered in `path` for `source` that has not reset at `now`; nil otherwise.
    static func inForce(at path: String, for source: String, now: Date) -> ExceededQuota? {
        guard let bytes = try? RegularFile.read(path, limit: limit), let remembered = try? decode(bytes),
              remembered.source == source, remembered.quota.resetsAt > now else { return nil }
        return remembered.quota
    }

    /// Only windows worth remembering are read and written: not the minute, which the next run
    /// is past (`ExceededQuota.isWorthRetryingSoon`).
    static func decode(_ bytes: [UInt8]) throws(JSONError) -> RememberedQuota? {
        let document = try JSONNode.document(bytes)
        guard let window = ExceededQuota.Window(rawValue: try document.requiredString("window")), window != .minute,
              let resetsAt = try document.requiredMember("resets_at").isoTime() else { return nil }
        let quota = ExceededQuota(service: try document.requiredString("service"), window: window, resetsAt: resetsAt)
        return RememberedQuota(quota: quota, source: try document.requiredString("source"))
    }

    var document: [UInt8]? {
        guard !quota.isWorthRetryingSoon else { return nil }
        return JSONValue.object(["service": .string(quota.service), "window": .string(quota.window.rawValue),
                                 "resets_at": .string(UTCTimestamp.string(quota.resetsAt)), "source": .string(source)])
            .serializedBytes(compactly: true)
    }

    /// Writes it to `path` atomically (its folder made when missing); a quota of the minute,
    /// which the next run is past, is not remembered. Best effort: a file that cannot be
    /// written costs the next run one request.
    func save(to path: String) {
        guard let document else { return }
        try? AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
        try? AtomicFile.write(document, to: path, durability: .derived, limit: Self.limit)
    }
}
