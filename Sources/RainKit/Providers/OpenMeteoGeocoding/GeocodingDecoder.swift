import FoundationEssentials

/// Reads an Open-Meteo geocoding answer: `results`, each with `name`, `latitude`,
/// `longitude` and, where known, `admin1`, `country`, `country_code`, `timezone` and
/// `population`. No `results` key means no match.
///
/// The server writes proto3 JSON (open-meteo/geocoding-api `Sources/App/Protobuf+Vapor.swift`,
/// the messages in `Sources/App/ProtoResources/api.proto`), which leaves out every field whose
/// value is the default: a place on the equator has no `latitude`, one on the prime meridian no
/// `longitude`, an unknown population no `population`. An absent coordinate is 0; an entry
/// without a name is passed over. A value of the wrong type is an error naming its path.
public enum GeocodingDecoder {
    public static func decode(_ body: Data) throws(ForecastError) -> [PlaceMatch] {
        try ForecastError.decoding(body) { root throws(JSONError) in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            var places: [PlaceMatch] = []
            for node in try root.member("results")?.elements() ?? [] {
                if let place = try place(from: node) { places.append(place) }
            }
            return places
        }
    }

    static func place(from node: JSONNode) throws(JSONError) -> PlaceMatch? {
        guard let name = try PlaceText.name(node, "name") else { return nil }
        let latitude = try node.number("latitude") ?? 0, longitude = try node.number("longitude") ?? 0
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw node.offTheGlobe(latitude, longitude)
        }
        return PlaceMatch(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            region: try PlaceText.name(node, "admin1"), country: try PlaceText.name(node, "country"),
            countryCode: try PlaceText.optional(node, "country_code"), timeZone: try PlaceText.optional(node, "timezone"),
            population: try node.number("population").map { Int($0) })
    }
}

/// Texts from a server: control characters stripped, surrounding spaces trimmed, empty
/// strings treated as absent, at most `LocationValidation.maximumNameLength` characters.
enum PlaceText {
    static func optional(_ node: JSONNode, _ key: String) throws(JSONError) -> String? {
        guard let text = try node.string(key) else { return nil }
        let cleaned = text.strippingControlCharacters.trimmed
        guard !cleaned.isEmpty else { return nil }
        return String(cleaned.prefix(LocationValidation.maximumNameLength))
    }

    /// A place's name, region or country: as `optional`, and absent where a name typed so
    /// would be refused (`LocationValidation.validNewName`: marks only, private use, too many
    /// marks, ...), so that the place is named by what else the server said of it.
    static func name(_ node: JSONNode, _ key: String) throws(JSONError) -> String? {
        try optional(node, key).flatMap { try? LocationValidation.validNewName($0) }
    }
}
