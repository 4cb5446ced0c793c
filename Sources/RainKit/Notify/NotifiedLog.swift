import FoundationEssentials

/// What `rain notify` has delivered, kept in `notified.json` so each event goes out once.
/// An entry is forgotten two days after it was told, unless its event is still listed or its
/// alert is in force, and 30 days after it was told whatever it is: an alert in force for
/// longer goes out again once a month. One told more than two days ahead of the clock is
/// forgotten at once.
public struct NotifiedLog: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var placeID: UUID
        /// When the event was told (an entry counted as told through another takes its date).
        public var sentAt: Date
        /// When the event stops mattering (an alert's end); nil for the others.
        public var expires: Date?
    }

    public static let keptFor: TimeInterval = 2 * 86_400
    /// The longest an entry is kept after its event was told, whatever end it gives and
    /// however long it is listed: longer than any alert in force in practice, and a file's
    /// year 9999 still ends. One in force for longer goes out again once a month, a reminder
    /// rather than a flood.
    public static let alertKeptFor: TimeInterval = 30 * 86_400
    public static let limit = RegularFile.Limit(bytes: 4 << 20, kind: LocalizedText(N_("the notifications sent")))

    /// In the order a save that must drop some drops them (`document(within:)`): first those a
    /// run found no longer listed at their place (`rank`), then by when each was told or last
    /// listed again.
    public private(set) var entries: [Entry] = []
    /// When each ID was told: a run of thousands of events asks for each without walking the log.
    private var told: [String: Date] = [:]

    public init() {}

    init(entries: [Entry]) {
        self.entries = entries
        told = Self.toldDates(entries)
    }

    public func contains(_ id: String) -> Bool { told[id] != nil }

    /// When the latest of `ids` in the log was told; nil when none is.
    func toldAt(_ ids: [String]) -> Date? {
        ids.compactMap { told[$0] }.max()
    }

    /// Remembers `event` as told at `date`, by its own ID and those of the identical alerts it
    /// stands for, as the newest entries.
    public mutating func record(_ event: NotifyEvent, at date: Date) {
        for id in event.recordedIDs {
            if told.updateValue(date, forKey: id) != nil { entries.removeAll { $0.id == id } }
            entries.append(Entry(id: id, placeID: event.placeID, sentAt: date, expires: event.kind == .alert ? event.ends : nil))
        }
    }

    /// Ranks the entries for a run at `places` whose events are `listed`: the entries of those
    /// places not listed go first (each group in its order; their events are known to be gone),
    /// those listed last, the others, of places the run did not look at, between. A save keeps
    /// the newest end of the log, so what is no longer listed is dropped first, not an alert
    /// in force told long ago, whether or not its place was in the run. The dates stay: the
    /// pruning reads when each was told.
    mutating func rank(listed: Set<String>, at places: Set<UUID>) {
        var gone: [Entry] = [], unknown: [Entry] = [], seen: [Entry] = []
        for entry in entries {
            if listed.contains(entry.id) {
                seen.append(entry)
            } else if places.contains(entry.placeID) {
                gone.append(entry)
            } else {
                unknown.append(entry)
            }
        }
        entries = gone + unknown + seen
    }

    /// Forgets the rain of a place: after a dry spell the next rain is news again.
    public mutating func forgetRain(at placeID: UUID) {
        remove { $0.placeID == placeID && $0.id.hasPrefix("rain:") }
    }

    /// Forgets what is no longer worth remembering at `now`; the entries of events `listed`
    /// now stay past two days, as alerts in force do, but at most 30 days after they were told.
    public mutating func prune(now: Date, listed: Set<String> = []) {
        remove { entry in
            let age = now.timeIntervalSince(entry.sentAt)
            // Told ahead of the clock by more than two days: a clock put back, or a hand-edited file.
            guard age >= -Self.keptFor else { return true }
            guard age <= Self.alertKeptFor else { return true }
            let inForce = (entry.expires ?? .distantPast) >= now
            return age > Self.keptFor && !inForce && !listed.contains(entry.id)
        }
    }

    private mutating func remove(where shouldBeRemoved: (Entry) -> Bool) {
        let count = entries.count
        entries.removeAll(where: shouldBeRemoved)
        if entries.count != count { told = Self.toldDates(entries) }
    }

    private static func toldDates(_ entries: [Entry]) -> [String: Date] {
        Dictionary(entries.map { ($0.id, $0.sentAt) }, uniquingKeysWith: { _, last in last })
    }
}

extension NotifiedLog {
    /// The log at `path`; empty when there is no file.
    public static func load(_ path: String) throws(NotifyError) -> NotifiedLog {
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(path, limit: limit)
        } catch {
            throw .unreadableState(path: path, reason: error.problem)
        }
        guard let bytes else { return NotifiedLog() }
        return try decode(bytes, path: path)
    }

    /// The log in `bytes`; `path` names the file in errors.
    static func decode(_ bytes: [UInt8], path: String) throws(NotifyError) -> NotifiedLog {
        do {
            return NotifiedLog(entries: try JSONNode.document(bytes).requiredMember("sent").elements { node throws(JSONError) in
                guard let place = try node.requiredMember("place").uuid()?.id else { throw try node.requiredMember("place").error(N_("expected a place ID")) }
                guard let sent = try node.requiredMember("sent_at").isoTime() else { throw node.missing("sent_at") }
                return Entry(id: try node.requiredString("id"), placeID: place, sentAt: sent, expires: try node.member("expires")?.isoTime())
            })
        } catch {
            throw .unreadableState(path: path, reason: error.isEmpty ? LocalizedText(N_("the file is empty"))
                                       : LocalizedText(N_("not rain's notifications: {reason}"), ["reason": error.text]))
        }
    }

    /// Writes the log to `path` atomically and compactly (`AtomicFile.write`, which deletes the
    /// temporary files of rains killed while saving it), its folder made when missing. Only the
    /// newest entries that fit in half of the read limit are written (`keptBytes`): the file
    /// never nears the limit, whatever a run delivered; an event dropped so (the first ranked:
    /// one no longer listed) would at worst go out again.
    public func save(to path: String) throws(FileError) {
        let folder = AtomicFile.parentFolder(of: path)
        try AtomicFile.createFolder(folder)
        try AtomicFile.write(document(within: Self.keptBytes), to: path, limit: Self.limit)
    }

    /// The most bytes of entries a save writes: half the read limit.
    static let keptBytes = limit.bytes / 2

    /// `{"sent":[...]}` with the last entries whose compact text fits in `budget` bytes, in their order.
    func document(within budget: Int) -> [UInt8] {
        var kept: [[UInt8]] = []
        var size = 0
        for entry in entries.reversed() {
            let text = entry.json.serializedBytes(compactly: true).dropLast()  // its newline
            size += text.count + 1
            if size > budget { break }
            kept.append(Array(text))
        }
        var bytes = Array(#"{"sent":["#.utf8)
        bytes.reserveCapacity(size + 12)
        for (index, text) in kept.reversed().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += text
        }
        bytes += Array("]}\n".utf8)
        return bytes
    }
}

extension NotifiedLog.Entry {
    var json: JSONValue {
        var members: [String: JSONValue] = ["id": .string(id), "place": .string(placeID.lowercasedString()),
                                            "sent_at": .string(UTCTimestamp.string(sentAt))]
        if let expires { members["expires"] = .string(UTCTimestamp.string(expires)) }
        return .object(members)
    }
}
