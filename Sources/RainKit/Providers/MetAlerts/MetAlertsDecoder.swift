import FoundationEssentials

/// Reads a MetAlerts GeoJSON answer (metno/weatherapi-docs `doc/metalerts/geojson.md`): each
/// feature's `when.interval` is its start and end (ISO 8601 with an offset), its `properties`
/// hold `eventAwarenessName` ("Heavy rain"), `awareness_level` ("2; yellow; Moderate"),
/// `severity`, `area`, `title`, `description` and `web`. The alert is called by its level's
/// colour and its name: "Yellow heavy rain warning". A `status` other than "Actual" is a test.
enum MetAlertsDecoder {
    static func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try ForecastError.decoding(body) { root throws(JSONError) in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            return try root.requiredMember("features").elements { feature throws(JSONError) -> Forecast.Alert? in
                let properties = try feature.requiredMember("properties")
                let status = try properties.string("status")
                guard status == nil || status == "Actual" else { return nil }
                var interval: [Date?] = []
                if let when = try feature.member("when"), let times = try when.member("interval") {
                    interval = try times.elements { time throws(JSONError) in try time.isoTime() }
                }
                let level = try properties.string("awareness_level")?.split(separator: ";").map { String($0).trimmed } ?? []
                let colour = level.count > 1 ? level[1].capitalizedFirst + " " : ""
                let awarenessName = try properties.string("eventAwarenessName")
                let title = try properties.requiredString("title")
                let name = awarenessName ?? title
                let ending = try properties.member("eventEndingTime")?.isoTime()
                let ends = interval.count > 1 ? interval[1] : ending
                return Forecast.Alert(
                    title: colour + (colour.isEmpty ? name : name.lowercased()) + " warning", severity: try properties.string("severity"),
                    regions: try properties.string("area").map { [$0] } ?? [], time: interval.first ?? nil, expires: ends,
                    description: try properties.string("description")?.trimmed, uri: try properties.string("web"))
            }.compactMap { $0 }
        }
    }
}
