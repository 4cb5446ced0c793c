import FoundationEssentials

/// The events of one `rain notify` run and what becomes of each: new (to deliver now), sent
/// before, or held back by quiet hours.
public struct NotificationRound: Sendable {
    public enum Status: String, Sendable {
        case new, sent, held
    }

    public struct Item: Sendable {
        public var event: NotifyEvent
        public var status: Status
    }

    public var items: [Item]
    /// The quiet hours in force now, when they are.
    public var quietHours: QuietHours?

    public var news: [NotifyEvent] { items.filter { $0.status == .new }.map(\.event) }
}
