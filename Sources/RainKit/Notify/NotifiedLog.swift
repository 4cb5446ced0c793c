import FoundationEssentials

/// What `rain notify` has delivered, kept in `notified.json` so each event goes out once.
/// Entries older than two days are pruned (an alert still in force is kept until it ends, for
/// at most 30 days); so is one sent more than two days ahead of the clock.
public struct NotifiedLog: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var placeID: UUID
        public var sentAt: Date
        /// When the event stops mattering (an alert's end); nil for the others.
        public var expires: Date?
    }

    public static let keptFor: TimeInterval = 2 * 86_400
    /// The longest an alert in force is kept, whatever end it gives: longer than any alert
    /// in force in practice, and a file's year 9999 still ends. One in force for longer goes
    /// out again once a month, a reminder rather than a flood.
    public static let alertKeptFor: TimeInterval = 30 * 86_400
    public static let limit = RegularFile.Limit(bytes: 4 << 20, kind: LocalizedText(N_("the notifications sent")))

    /// The least lately seen first: by when each was sent, or seen again in force (`markSeen`).
    public private(set) var entries: [Entry] = []
    /// The entries' IDs: a run of thousands of events asks for each without walking the log.
    private var ids: Set<String> = []

    public init() {}

    init(entries: [Entry]) {
        self.entries = entries
        ids = Set(entries.map(\.id))
    }

    public func contains(_ id: String) -> Bool { ids.contains(id) }

    /// Remembers `event` as sent, by its own ID and those of the identical alerts it stands for.
    public mutating func record(_ event: NotifyEvent, at now: Date) {
        for id in event.recordedIDs {
            if !ids.insert(id).inserted { entries.removeAll { $0.id == id } }
            entries.append(Entry(id: id, placeID: event.placeID, sentAt: now, expires: event.kind == .alert ? event.ends : nil))
        }
    }

    /// Moves the entries of `ids` after the others (each group in its order), as the events
    /// seen again in this run: a save keeps the newest end of the log (`document(within:)`),
    /// so what is no longer listed is dropped first, not an alert in force told long ago.
    /// Their `sentAt` stays, which the pruning reads.
    public mutating func markSeen(_ ids: Set<String>) {
        guard entries.contains(where: { ids.contains($0.id) }) else { return }
        entries = entries.filter { !ids.contains($0.id) } + entries.filter { ids.contains($0.id) }
    }

    /// Forgets the rain of a place: after a dry spell the next rain is news again.
    public mutating func forgetRain(at placeID: UUID) {
        remove { $0.placeID == placeID && $0.id.hasPrefix("rain:") }
    }

    public mutating func prune(now: Date) {
        remove { entry in
            let age = now.timeIntervalSince(entry.sentAt)
            // Sent ahead of the clock by more than two days: a clock put back, or a hand-edited file.
            guard age >= -Self.keptFor else { return true }
            let inForce = (entry.expires ?? .distantPast) >= now
            return age > (inForce ? Self.alertKeptFor : Self.keptFor)
        }
    }

    private mutating func remove(where shouldBeRemoved: (Entry) -> Bool) {
        let count = entries.count
        entries.removeAll(where: shouldBeRemoved)
        if entries.count != count { ids = Set(entries.map(\.id)) }
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
    /// never nears the limit, whatever a run delivered; an event dropped so (the least lately
    /// seen) would at worst go out again.
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
