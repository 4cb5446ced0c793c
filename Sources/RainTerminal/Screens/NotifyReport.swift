import RainKit

/// What `rain notify` prints: the events as JSON (`--json`), what would be sent (`--dry-run`),
/// and on a terminal what was sent.
public struct NotifyReport {
    /// Quiet hours are on this machine's clock, whose zone is named.
    public var machineZone: String
    /// The language of the lines (the events' own texts are in it already).
    public var localization: Localization

    public init(machineZone: String, localization: Localization = .english) {
        self.machineZone = machineZone
        self.localization = localization
    }

    public func json(_ round: NotificationRound) -> String {
        JSONValue.array(round.items.map { $0.event.json(status: $0.status.rawValue) }).serialized()
    }

    public func dryRun(_ round: NotificationRound) -> String {
        let words = localization
        guard !round.items.isEmpty else { return words.tr("Nothing to tell: no rain soon, no high chance today, no alerts.") + "\n" }
        let lines = round.items.map { item in
            let summary: KeyValuePairs<String, String> = ["summary": item.event.summary.strippingControlCharacters]
            switch item.status {
            case .new: return words.tr("would send: {summary}", summary) + "\n"
            case .sent: return words.tr("already sent: {summary}", summary) + "\n"
            case .held: return words.tr("held back: {summary}", summary) + "\n"
            }
        }.joined()
        // The quiet hours once, under everything they hold back.
        return lines + (round.items.contains { $0.status == .held } ? quietLine(round) : "")
    }

    public func delivered(_ round: NotificationRound) -> String {
        let sent = round.news.count, held = round.items.filter { $0.status == .held }.count
        let words = localization
        var text = (sent == 0 ? words.tr("Nothing new to tell.") : words.trn("Sent 1 notification.", "Sent {count} notifications.", count: sent)) + "\n"
        if held > 0 { text += words.trn("1 held back:", "{count} held back:", count: held) + "\n" + quietLine(round) }
        return text
    }

    private func quietLine(_ round: NotificationRound) -> String {
        guard let quiet = round.quietHours else { return "" }
        return "  " + localization.tr("quiet hours {hours} on this machine's clock ({zone}) end at {time}",
                                      ["hours": "\(quiet)", "zone": machineZone, "time": quiet.endDescription]) + "\n"
    }
}
