import FoundationEssentials

/// Reads an Open-Meteo geocoding answer: `results`, each with `name`, `latitude`,
/// `longitude` and, where known, `admin1`, `country`, `country_code`, `timezone` and
/// `population`. No `results` key means no match. An entry without a usable name or
/// coordinates is an error naming its path.
public enum GeocodingDecoder {
    public static func decode(_ body: Data) throws(ForecastError) -> [PlaceMatch] {
        try ForecastError.decoding(body) { root throws(JSONValueError) in
            _ = try root.object()
            return try root.member("results")?.elements().map(place) ?? []
        }
    }

    static func place(from node: JSONValueNode) throws(JSONValueError) -> PlaceMatch {
        let name = try PlaceText.required(node, "name")
        let latitude = try node.requiredNumber("latitude"), longitude = try node.requiredNumber("longitude")
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw JSONValueError(reason: "expected coordinates on the globe, found \(latitude),\(longitude)", path: node.path)
        }
        return PlaceMatch(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            region: try PlaceText.optional(node, "admin1"), country: try PlaceText.optional(node, "country"),
            countryCode: try PlaceText.optional(node, "country_code"), timeZone: try PlaceText.optional(node, "timezone"),
            population: try node.number("population").map { Int($0) })
    }
}

/// Place names from a server: control characters stripped, surrounding spaces trimmed, empty
/// strings treated as absent, at most `LocationValidation.maximumNameLength` characters.
enum PlaceText {
    static func optional(_ node: JSONValueNode, _ key: String) throws(JSONValueError) -> String? {
        guard let text = try node.string(key) else { return nil }
        let cleaned = text.strippingControlCharacters.trimmed
        guard !cleaned.isEmpty else { return nil }
        return String(cleaned.prefix(LocationValidation.maximumNameLength))
    }

    static func required(_ node: JSONValueNode, _ key: String) throws(JSONValueError) -> String {
        guard let text = try optional(node, key) else {
            throw JSONValueError(reason: "missing required field", path: node.path.isEmpty ? key : "\(node.path).\(key)")
        }
        return text
    }
}
