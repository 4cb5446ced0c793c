import FoundationEssentials

extension NotifyEventFinder {
    /// Each alert not yet expired: "Wind warning for Berlin until Thu 18:00" (the end in the
    /// place's zone), its severity and the start of its description below. An alert is the
    /// same while its title, times and identifier (its own id, else its link) are.
    func alertEvents(for location: Location, in forecast: Forecast, clock: LocalClock) -> [NotifyEvent] {
        forecast.alerts.filter { ($0.expires ?? .distantFuture) > now }.map { alert in
            let name = location.name.strippingControlCharacters
            let title = alert.title.strippingControlCharacters
            let summary = alert.expires.map { words.tr("{title} for {place} until {time}", ["title": title, "place": name, "time": clock.weekdayAndTime($0)]) }
                ?? words.tr("{title} for {place}", ["title": title, "place": name])
            let identity = [title, alert.time.map { "\($0.timeIntervalSince1970)" } ?? "",
                            alert.expires.map { "\($0.timeIntervalSince1970)" } ?? "", alert.id ?? alert.uri ?? ""].joined(separator: "|")
            let description = (alert.description ?? "").strippingControlCharacters.trimmed
            let severity = alert.severity?.strippingControlCharacters
            let details = [severity.map { Forecast.Alert.severityWords($0, words).capitalizedFirst + "." },
                           description.isEmpty ? nil : String(description.prefix(200))]
            var event = NotifyEvent(
                kind: .alert, id: "alert:\(location.idString):\(identity.fnv1aHash)", placeID: location.id, placeName: name,
                summary: summary, body: details.compactMap { $0 }.joined(separator: " "),
                starts: alert.time, units: forecast.units)
            event.ends = alert.expires
            event.severity = severity
            event.regions = alert.regions.map(\.strippingControlCharacters)
            event.uri = alert.uri
            return event
        }
    }
}
