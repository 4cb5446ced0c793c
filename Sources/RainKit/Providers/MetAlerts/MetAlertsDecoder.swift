import FoundationEssentials

/// Reads a MetAlerts GeoJSON answer (metno/weatherapi-docs `doc/metalerts/geojson.md`): each
/// feature's `when.interval` is its start and end (ISO 8601 with an offset), its `properties`
/// hold `id` (the CAP identifier), `type`, `eventAwarenessName` (a phrase of MET's own: "Heavy
/// rain", "Extremely heavy rain ongoing"), `awareness_level` ("2; yellow; Moderate"),
/// `riskMatrixColor`, `severity`, `geographicDomain` (land or marine), `area`, `title` (the CAP
/// headline: "Heavy rain, yellow level, AREA, START, END"), `incidentName` (a storm's name, for
/// extreme weather), `description`, `consequences`, `instruction` and `web`.
///
/// Left out: a `status` other than "Actual" (a test); messages that end an alert rather than
/// warn (`doc/metalerts/CAP-v2-profile.md`, "Update/Cancel practice as used at MET"): a
/// `Cancel` of one sent by mistake, and an all-clear, an `Update` that downgrades an alert with
/// `severity` Minor and the colour green ("Minor is only used for downgrade and Cancel
/// warnings"); an Update replaces the alert it updates in the feed (`geojson.md`, `type`), so the
/// alert is gone from the answer once it has ended; and a sea area's (`geographicDomain`
/// marine): rain's places are on land, and MET warns the land of the same weather itself.
enum MetAlertsDecoder {
    static func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try ForecastError.decoding(body) { root throws(JSONError) in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            return try root.requiredMember("features").elements { feature throws(JSONError) -> Forecast.Alert? in
                let properties = try feature.requiredMember("properties")
                let status = try properties.string("status")
                guard status == nil || status == "Actual" else { return nil }
                let level = try properties.string("awareness_level")?.split(separator: ";").map { String($0).trimmed } ?? []
                let colour = try properties.string("riskMatrixColor") ?? (level.count > 1 ? level[1] : nil)
                let severity = try properties.string("severity")
                guard try properties.string("type") != "Cancel", severity != "Minor", colour?.lowercased() != "green",
                      try properties.string("geographicDomain") != "marine" else { return nil }
                var interval: [Date?] = []
                if let when = try feature.member("when"), let times = try when.member("interval") {
                    interval = try times.elements { time throws(JSONError) in try time.isoTime() }
                }
                let ending = try properties.member("eventEndingTime")?.isoTime()
                let words = [try properties.string("description"), try properties.string("consequences"), try properties.string("instruction")]
                    .compactMap { $0?.trimmed }.filter { !$0.isEmpty }
                return Forecast.Alert(
                    title: try title(of: properties, colour: colour), severity: severity,
                    regions: try properties.string("area").map { [$0] } ?? [], time: interval.first ?? nil,
                    expires: interval.count > 1 ? interval[1] : ending,
                    description: words.isEmpty ? nil : words.joined(separator: " "), uri: try properties.string("web"),
                    id: try properties.string("id"), series: try series(of: properties, start: interval.first ?? nil))
            }.compactMap { $0 }
        }
    }

    /// What MET's re-issues of one alert share: its event ("rain"), area and start. Each message
    /// has an identifier of its own ("WMO organisation ID.YYYYMMDDHHMMSS.WARNINGID", the time of
    /// issue in it: `doc/metalerts/CAP-v2-profile.md`, `identifier`), and the GeoJSON answer
    /// carries no `references` (`doc/metalerts/geojson.md`'s property table), so the message id
    /// cannot tell a routine re-issue from a new alert. The level and end are told apart by the
    /// title and the end themselves.
    private static func series(of properties: JSONNode, start: Date?) throws(JSONError) -> String? {
        let named = try properties.string("event"), type = try properties.string("awareness_type")
        guard let event = named ?? type else { return nil }
        let area = try properties.string("area") ?? ""
        return [event, area, start.map { UTCTimestamp.string($0) } ?? ""].joined(separator: "|")
    }

    /// MET's own words: its name of the event and of the level as its headline has them ("Heavy
    /// rain, yellow level"; `eventAwarenessName` is already a phrase, so nothing is added to it),
    /// after the storm's name where it has one ("Gyda: Extremely heavy rain ongoing, red level").
    private static func title(of properties: JSONNode, colour: String?) throws(JSONError) -> String {
        // Read whole, however long: identical alerts are told by the title before it is cut.
        let headline = try properties.requiredWholeString("title")
        let parts = headline.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmed }
        let name = try properties.wholeString("eventAwarenessName")?.trimmed ?? parts[0]
        let levelWords = parts.count > 1 && parts[0] == name ? parts[1] : colour.map { $0.lowercased() + " level" }
        let title = levelWords.map { name + ", " + $0 } ?? name
        guard let incident = try properties.string("incidentName")?.trimmed, !incident.isEmpty else { return title }
        return incident + ": " + title
    }
}
