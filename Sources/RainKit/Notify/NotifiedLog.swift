import FoundationEssentials

/// What `rain notify` has delivered, kept in `notified.json` so each event goes out once.
/// Entries older than two days are pruned (an alert still in force is kept until it ends).
public struct NotifiedLog: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var placeID: UUID
        public var sentAt: Date
        /// When the event stops mattering (an alert's end); nil for the others.
        public var expires: Date?
    }

    public static let keptFor: TimeInterval = 2 * 86_400
    public static let limit = RegularFile.Limit(bytes: 4 << 20, kind: LocalizedText(N_("the notifications sent")))

    public private(set) var entries: [Entry] = []

    public init() {}

    public func contains(_ id: String) -> Bool { entries.contains { $0.id == id } }

    public mutating func record(_ event: NotifyEvent, at now: Date) {
        entries.removeAll { $0.id == event.id }
        entries.append(Entry(id: event.id, placeID: event.placeID, sentAt: now, expires: event.kind == .alert ? event.ends : nil))
    }

    /// Forgets the rain of a place: after a dry spell the next rain is news again.
    public mutating func forgetRain(at placeID: UUID) {
        entries.removeAll { $0.placeID == placeID && $0.id.hasPrefix("rain:") }
    }

    public mutating func prune(now: Date) {
        entries.removeAll { entry in
            now.timeIntervalSince(entry.sentAt) > Self.keptFor && (entry.expires ?? .distantPast) < now
        }
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
        do {
            var log = NotifiedLog()
            log.entries = try JSONNode.document(bytes).requiredMember("sent").elements { node throws(JSONError) in
                guard let place = try node.requiredMember("place").uuid()?.id else { throw try node.requiredMember("place").error(N_("expected a place ID")) }
                guard let sent = try node.requiredMember("sent_at").isoTime() else { throw node.missing("sent_at") }
                return Entry(id: try node.requiredString("id"), placeID: place, sentAt: sent, expires: try node.member("expires")?.isoTime())
            }
            return log
        } catch {
            throw .unreadableState(path: path, reason: error.isEmpty ? LocalizedText(N_("the file is empty"))
                                       : LocalizedText(N_("not rain's notifications: {reason}"), ["reason": error.text]))
        }
    }

    /// Writes the log to `path` atomically, its folder made when missing.
    public func save(to path: String) throws(FileError) {
        try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
        let sent = entries.map { entry -> JSONValue in
            var members: [String: JSONValue] = ["id": .string(entry.id), "place": .string(entry.placeID.lowercasedString()),
                                                "sent_at": .string(UTCTimestamp.string(entry.sentAt))]
            if let expires = entry.expires { members["expires"] = .string(UTCTimestamp.string(expires)) }
            return .object(members)
        }
        try AtomicFile.write(JSONValue.object(["sent": .array(sent)]).serializedBytes(), to: path)
    }
}
