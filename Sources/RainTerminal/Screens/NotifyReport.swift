import RainKit

/// What `rain notify` prints: the events as JSON (`--json`), what would be sent (`--dry-run`),
/// and on a terminal what was sent.
public struct NotifyReport {
    /// Quiet hours are on this machine's clock, whose zone is named.
    public var machineZone: String

    public init(machineZone: String) { self.machineZone = machineZone }

    public func json(_ round: NotificationRound) -> String {
        JSONValue.array(round.items.map { $0.event.json(status: $0.status.rawValue) }).serialized()
    }

    public func dryRun(_ round: NotificationRound) -> String {
        guard !round.items.isEmpty else { return "Nothing to tell: no rain soon, no high chance today, no alerts.\n" }
        let lines = round.items.map { item in
            let summary = item.event.summary.strippingControlCharacters
            switch item.status {
            case .new: return "would send: \(summary)\n"
            case .sent: return "already sent: \(summary)\n"
            case .held: return "held back: \(summary)\n"
            }
        }.joined()
        // The quiet hours once, under everything they hold back.
        return lines + (round.items.contains { $0.status == .held } ? quietLine(round) : "")
    }

    public func delivered(_ round: NotificationRound) -> String {
        let sent = round.news.count, held = round.items.filter { $0.status == .held }.count
        var text = sent == 0 ? "Nothing new to tell.\n" : "Sent \(sent) notification\(sent == 1 ? "" : "s").\n"
        if held > 0 { text += "\(held) held back:\n" + quietLine(round) }
        return text
    }

    private func quietLine(_ round: NotificationRound) -> String {
        guard let quiet = round.quietHours else { return "" }
        return "  quiet hours \(quiet) on this machine's clock (\(machineZone)) end at \(quiet.endDescription)\n"
    }
}
