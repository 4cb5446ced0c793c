import FoundationEssentials

extension NotifyEventFinder {
    /// Each alert not yet expired: "Wind warning for Berlin until Thu 18:00" (the end in the
    /// place's zone; "until Fri 5 Feb 18:00" six days ahead or more), its severity and the start of its description below. An alert is the
    /// same while its title, severity, end and series are (`alertIdentity`); a re-issue that
    /// names the message it replaces (NWS `references`) counts as sent where that one was,
    /// identical alerts of one answer are one (`Forecast.mergingIdenticalAlerts`), sent as each,
    /// and one shown as an alert sent before (`shownAs`: the same title, severity and end as a
    /// person reads them, whatever its ids) was sent.
    func alertEvents(for location: Location, in forecast: Forecast, clock: LocalClock) -> [NotifyEvent] {
        forecast.alerts.filter { ($0.expires ?? .distantFuture) > now }.map { alert in
            let name = location.name.strippingControlCharacters
            // As the screen shows it (blanks as one space): identical alerts merged as shown read alike.
            let title = alert.title.screenSafe
            // A weekday names one day only within the coming week: an end on a day six days on
            // or later (by the place's calendar) gives its date.
            let end = { (end: Date) in clock.localDays(end) - clock.localDays(now) < 6 ? clock.weekdayAndTime(end) : clock.dateAndTime(end) }
            let summary = alert.expires.map { words.tr("{title} for {place} until {time}", ["title": title, "place": name, "time": end($0)]) }
                ?? words.tr("{title} for {place}", ["title": title, "place": name])
            let identity = { (series: String) in "alert:\(location.idString):\(Self.alertIdentity(alert, series: series).fnv1aHash)" }
            let description = (alert.description ?? "").strippingControlCharacters.trimmed
            let severity = alert.severity?.strippingControlCharacters
            let details = [severity.map { Forecast.Alert.severityWords($0, words).capitalizedFirst + "." },
                           description.isEmpty ? nil : String(description.prefix(200))]
            var event = NotifyEvent(
                kind: .alert, id: identity(alert.seriesKey), placeID: location.id, placeName: name,
                summary: summary, body: details.compactMap { $0 }.joined(separator: " "),
                starts: alert.time, units: forecast.units)
            event.ends = alert.expires
            event.severity = severity
            event.regions = alert.regions.map(\.strippingControlCharacters)
            event.uri = alert.uri
            event.sentAs = alert.references.map(identity)
            event.sameAs = alert.sameAs.map(identity)
            event.shownAs = "alert:\(location.idString):\(alert.sameness.fnv1aHash)"
            return event
        }
    }

    /// What makes an alert news: its title, severity and end, and `series`: what stays the same
    /// across its re-issues (MET's event, area and start), else the message's own id or link.
    /// Its start is left out: an update's `onset` or `effective` may move with each re-issue.
    static func alertIdentity(_ alert: Forecast.Alert, series: String) -> String {
        [alert.title.strippingControlCharacters, alert.severity ?? "",
         alert.expires.map { "\($0.timeIntervalSince1970)" } ?? "", series].joined(separator: "|")
    }
}
