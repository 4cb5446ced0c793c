import FoundationEssentials

/// Reads an echoip answer (ifconfig.co's `/json`): `latitude` and `longitude` (required), and
/// `city`, `region_name`, `country`, `country_iso`, `time_zone` where present. Without a city
/// the place is named after the region, then the country.
public enum IPLocationDecoder {
    public static func decode(_ body: Data) throws(ForecastError) -> PlaceMatch {
        try ForecastError.decoding(body) { root throws(JSONValueError) in
            _ = try root.object()
            let latitude = try root.requiredNumber("latitude"), longitude = try root.requiredNumber("longitude")
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                throw JSONValueError(reason: "expected coordinates on the globe, found \(latitude),\(longitude)", path: "latitude")
            }
            let city = try PlaceText.optional(root, "city")
            let region = try PlaceText.optional(root, "region_name")
            let country = try PlaceText.optional(root, "country")
            return PlaceMatch(
                name: city ?? region ?? country ?? "Here", coordinate: Coordinate(latitude: latitude, longitude: longitude),
                region: city == nil ? nil : region, country: city == nil && region == nil ? nil : country,
                countryCode: try PlaceText.optional(root, "country_iso"), timeZone: try PlaceText.optional(root, "time_zone"))
        }
    }
}
