import FoundationEssentials

/// Reads api.weather.gov's alert collection (weather-gov/api `assets/openapi.yaml`,
/// `AlertCollectionGeoJson`): `features[].properties` with `event` ("Wind Advisory"),
/// `severity` (Extreme, Severe, Moderate, Minor, Unknown), `areaDesc` (zones joined by "; "),
/// `geocode.UGC` (the zones), `onset` or `effective`, `ends` (nullable) and `expires` as ISO 8601
/// times with the issuing office's offset, `headline`, `description`, `@id`, `id` (the CAP
/// identifier) and `references` ("A list of prior alerts that this alert updates or replaces",
/// each with its `identifier`): every update of an alert is a message with an id of its own.
///
/// Left out: a message that is not real (`status` other than "Actual"); one that ends an alert
/// rather than warn: a `messageType` "Cancel", or a `response` (CAP's `responseType`) "AllClear";
/// and a marine one: a point query answers the alerts of every zone holding the point, a
/// coastal town's sea zones too, and an alert whose zones are all marine ones (a UGC zone whose
/// first two letters are a `MarineAreaCode`, `NWSZoneID`) is for boats, not for the place.
enum NWSAlertDecoder {
    /// `MarineAreaCode`: the Atlantic and Pacific waters, the Gulf, the Great Lakes, the St. Lawrence.
    static let marineAreas: Set<Substring> = ["AM", "AN", "GM", "LC", "LE", "LH", "LM", "LO", "LS", "PH", "PK", "PM", "PS", "PZ", "SL"]

    static func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try ForecastError.decoding(body) { root throws(JSONError) in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            return try root.requiredMember("features").elements { feature throws(JSONError) -> Forecast.Alert? in
                let properties = try feature.requiredMember("properties")
                let status = try properties.string("status"), messageType = try properties.string("messageType")
                guard status == nil || status == "Actual", messageType != "Cancel", try properties.string("response") != "AllClear" else { return nil }
                if let zones = try properties.member("geocode")?.member("UGC") {
                    let codes = try zones.elements { zone throws(JSONError) in try zone.string() }.compactMap { $0 }
                    if !codes.isEmpty, codes.allSatisfy({ marineAreas.contains($0.prefix(2)) }) { return nil }
                }
                let onset = try properties.member("onset")?.isoTime(), effective = try properties.member("effective")?.isoTime()
                let ends = try properties.member("ends")?.isoTime(), expires = try properties.member("expires")?.isoTime()
                let headline = try properties.string("headline"), description = try properties.string("description")
                let references = try properties.member("references")?.elements { reference throws(JSONError) in
                    try reference.string("identifier")
                }.compactMap { $0 } ?? []
                let regions = try properties.string("areaDesc")?.split(separator: ";").map { String($0).trimmed }.filter { !$0.isEmpty }
                return Forecast.Alert(
                    title: try properties.requiredWholeString("event"), severity: try properties.string("severity"),
                    regions: regions ?? [], time: onset ?? effective, expires: ends ?? expires,
                    description: headline ?? description,
                    uri: try properties.string("@id"), id: try properties.string("id"), references: references)
            }.compactMap { $0 }
        }
    }
}
