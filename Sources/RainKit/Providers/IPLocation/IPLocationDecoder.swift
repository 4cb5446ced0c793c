import FoundationEssentials

/// Reads an echoip answer (ifconfig.co's `/json`): `latitude` and `longitude`, and `city`,
/// `region_name`, `country`, `country_iso`, `time_zone` where present. echoip marks all of
/// these `omitempty` (mpolden/echoip `http/http.go`, `type Response`): a field is left out when
/// it is empty or 0, so an address with no known location has neither coordinate (and one
/// exactly on the equator or the prime meridian lacks that one). Without a city (or with one a
/// typed name would be refused for, `PlaceText.name`) the place is named after the region,
/// then the country. 0,0 (null island, in the sea off West Africa),
/// which echoip never writes (its zeros are left out) but services that answer it for an
/// address they cannot place do, is no location either, nor is a point that shows as 0.00, 0.00.
public enum IPLocationDecoder {
    public static func decode(_ body: Data, host: String) throws(ForecastError) -> PlaceMatch {
        let place = try ForecastError.decoding(body) { root throws(JSONError) -> PlaceMatch? in
            guard root.kind == .object else { throw root.mismatch(N_("an object")) }
            let latitude = try root.number("latitude"), longitude = try root.number("longitude")
            guard latitude != nil || longitude != nil else { return nil }
            let coordinate = Coordinate(latitude: latitude ?? 0, longitude: longitude ?? 0)
            // Within a few hundred metres of it (1e-9, say, which rain shows as 0.00, 0.00) too:
            // there is only sea there.
            guard abs(coordinate.latitude) >= 0.005 || abs(coordinate.longitude) >= 0.005 else { return nil }
            guard (-90...90).contains(coordinate.latitude), (-180...180).contains(coordinate.longitude) else {
                throw try root.requiredMember(latitude == nil ? "longitude" : "latitude").offTheGlobe(coordinate.latitude, coordinate.longitude)
            }
            let city = try PlaceText.name(root, "city")
            let region = try PlaceText.name(root, "region_name")
            let country = try PlaceText.name(root, "country")
            return PlaceMatch(
                name: city ?? region ?? country ?? "Here", coordinate: coordinate,
                region: city == nil ? nil : region, country: city == nil && region == nil ? nil : country,
                countryCode: try PlaceText.optional(root, "country_iso"), timeZone: try PlaceText.optional(root, "time_zone"))
        }
        guard let place else { throw .locationUnknown(host: host) }
        return place
    }
}
