import FoundationEssentials

/// Reads api.weather.gov's alert collection (weather-gov/api `assets/openapi.yaml`,
/// `AlertCollectionGeoJson`): `features[].properties` with `event` ("Wind Advisory"),
/// `severity` (Extreme, Severe, Moderate, Minor, Unknown), `areaDesc` (zones joined by "; "),
/// `onset` or `effective`, `ends` (nullable) and `expires` as ISO 8601 times with the
/// issuing office's offset, `headline`, `description`, `@id`. A message that cancels an earlier
/// one (`messageType` "Cancel") or is not real (`status` other than "Actual") is left out.
enum NWSAlertDecoder {
    static func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try ForecastError.decoding(body) { root throws(JSONError) in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            return try root.requiredMember("features").elements { feature throws(JSONError) -> Forecast.Alert? in
                let properties = try feature.requiredMember("properties")
                let status = try properties.string("status"), messageType = try properties.string("messageType")
                guard status == nil || status == "Actual", messageType != "Cancel" else { return nil }
                let onset = try properties.member("onset")?.isoTime(), effective = try properties.member("effective")?.isoTime()
                let ends = try properties.member("ends")?.isoTime(), expires = try properties.member("expires")?.isoTime()
                let headline = try properties.string("headline"), description = try properties.string("description")
                let regions = try properties.string("areaDesc")?.split(separator: ";").map { String($0).trimmed }.filter { !$0.isEmpty }
                return Forecast.Alert(
                    title: try properties.requiredString("event"), severity: try properties.string("severity"),
                    regions: regions ?? [], time: onset ?? effective, expires: ends ?? expires,
                    description: headline ?? description,
                    uri: try properties.string("@id"))
            }.compactMap { $0 }
        }
    }
}
