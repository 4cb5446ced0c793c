import Foundation

/// Open-Meteo's geocoding answer (`GET /v1/search?name=..&count=..&language=..&countryCode=..`)
/// from a small built-in table, as open-meteo/geocoding-api writes it:
///
/// - Sources/App/Protobuf+Vapor.swift encodes the protobuf message
///   (Sources/App/ProtoResources/api.proto, GeocodingApi.Geoname) as proto3 JSON with the proto
///   field names: fields in field-number order, and a field whose value is 0, "" or empty is
///   LEFT OUT (a place on the equator has no `latitude`, population 0 no `population`, a place
///   without admin2 no `admin2_id`/`admin2`). No match: no `results` key at all.
/// - Sources/App/GeocodingapiController.swift, search: the top `count` matches are taken FIRST
///   and only then filtered by `countryCode` (an exact, case-sensitive match; the source's TODO
///   says so), so `count=1&countryCode=US` for Paris finds nothing. `language` is matched
///   exactly (lower-case codes; anything unknown is English) and picks the translated names;
///   names shorter than 2 characters match nothing, up to 2 characters only exactly, longer
///   ones as a prefix (Sources/App/GeocodingDatabase.swift, search; case and diacritics
///   ignored, so "Ł" is not "L"); "Name, Area" keeps places whose country or admin area is
///   called Area. A name is found in the language asked for and in the main index, which
///   holds each place's name and its alternate names WITHOUT a language (GeoNames' empty
///   `isolanguage`: "Lodz" for Łódź), whatever the language (Sources/App/GeocodingDatabase.swift,
///   init: `languageEmpty` names go to `index`, not to a language's tree); the answer still
///   names the place in the language asked for.
///   `count` outside 1...100 is 400 "Parameter count must be between 1 and 100.".
extension OpenMeteo {
    struct Place: Sendable {
        var id: Int
        var name: String
        var latitude: Double
        var longitude: Double
        var elevation: Double
        var featureCode: String
        var countryCode: String
        var country: String
        var admin1: String
        var timeZone: String
        var population: Int
        var countryID = 0
        var admin1ID = 0
        var admin2ID = 0
        var admin2 = ""
        var postcodes: [String] = []
        /// Translated names by language code ("de": "München").
        var names: [String: String] = [:]
        /// Alternate names without a language ("Lodz"), found in every language, never answered.
        var alternateNames: [String] = []
        var countryNames: [String: String] = [:]
        var admin1Names: [String: String] = [:]

        func name(in language: String) -> String { names[language] ?? name }
    }

    /// The languages the geocoder has names for (its `languages` table is far longer; these are
    /// the ones the simulator's places use). Anything else falls back to English.
    static let languages: Set<String> = ["en", "de", "fr", "ja", "es", "it"]

    static let places: [Place] = [
        Place(id: 2950159, name: "Berlin", latitude: 52.52437, longitude: 13.41053, elevation: 74, featureCode: "PPLC", countryCode: "DE", country: "Germany", admin1: "Land Berlin", timeZone: "Europe/Berlin", population: 3426354, countryID: 2921044, admin1ID: 2950157, postcodes: ["10967", "13347"], countryNames: ["de": "Deutschland", "fr": "Allemagne", "ja": "ドイツ"], admin1Names: ["de": "Land Berlin"]),
        Place(id: 5083330, name: "Berlin", latitude: 44.46867, longitude: -71.18508, elevation: 311, featureCode: "PPL", countryCode: "US", country: "United States", admin1: "New Hampshire", timeZone: "America/New_York", population: 9425),
        Place(id: 2988507, name: "Paris", latitude: 48.85341, longitude: 2.3488, elevation: 42, featureCode: "PPLC", countryCode: "FR", country: "France", admin1: "Île-de-France", timeZone: "Europe/Paris", population: 2138551),
        Place(id: 4717560, name: "Paris", latitude: 33.66094, longitude: -95.55551, elevation: 183, featureCode: "PPLA2", countryCode: "US", country: "United States", admin1: "Texas", timeZone: "America/Chicago", population: 24171),
        Place(id: 2643743, name: "London", latitude: 51.50853, longitude: -0.12574, elevation: 25, featureCode: "PPLC", countryCode: "GB", country: "United Kingdom", admin1: "England", timeZone: "Europe/London", population: 7556900),
        Place(id: 6058560, name: "London", latitude: 42.98339, longitude: -81.23304, elevation: 252, featureCode: "PPL", countryCode: "CA", country: "Canada", admin1: "Ontario", timeZone: "America/Toronto", population: 346765),
        Place(id: 5128581, name: "New York", latitude: 40.71427, longitude: -74.00597, elevation: 10, featureCode: "PPL", countryCode: "US", country: "United States", admin1: "New York", timeZone: "America/New_York", population: 8175133),
        Place(id: 5368361, name: "Los Angeles", latitude: 34.05223, longitude: -118.24368, elevation: 89, featureCode: "PPLA2", countryCode: "US", country: "United States", admin1: "California", timeZone: "America/Los_Angeles", population: 3971883),
        Place(id: 1850147, name: "Tokyo", latitude: 35.6895, longitude: 139.69171, elevation: 44, featureCode: "PPLC", countryCode: "JP", country: "Japan", admin1: "Tokyo", timeZone: "Asia/Tokyo", population: 8336599, countryID: 1861060, admin1ID: 1850144, names: ["ja": "東京", "de": "Tokio"], countryNames: ["ja": "日本", "de": "Japan"], admin1Names: ["ja": "東京都"]),
        Place(id: 2147714, name: "Sydney", latitude: -33.86785, longitude: 151.20732, elevation: 58, featureCode: "PPLA", countryCode: "AU", country: "Australia", admin1: "New South Wales", timeZone: "Australia/Sydney", population: 4627345),
        Place(id: 6354908, name: "Sydney", latitude: 46.1351, longitude: -60.1831, elevation: 18, featureCode: "PPL", countryCode: "CA", country: "Canada", admin1: "Nova Scotia", timeZone: "America/Glace_Bay", population: 105968),
        Place(id: 4250542, name: "Springfield", latitude: 39.80172, longitude: -89.64371, elevation: 180, featureCode: "PPLA", countryCode: "US", country: "United States", admin1: "Illinois", timeZone: "America/Chicago", population: 116250),
        Place(id: 4951788, name: "Springfield", latitude: 42.10148, longitude: -72.58981, elevation: 21, featureCode: "PPLA2", countryCode: "US", country: "United States", admin1: "Massachusetts", timeZone: "America/New_York", population: 155929),
        Place(id: 4409896, name: "Springfield", latitude: 37.21533, longitude: -93.29824, elevation: 398, featureCode: "PPLA2", countryCode: "US", country: "United States", admin1: "Missouri", timeZone: "America/Chicago", population: 166810),
        Place(id: 3413829, name: "Reykjavík", latitude: 64.13548, longitude: -21.89541, elevation: 20, featureCode: "PPLC", countryCode: "IS", country: "Iceland", admin1: "Capital Region", timeZone: "Atlantic/Reykjavik", population: 118918),
        Place(id: 2867714, name: "Munich", latitude: 48.13743, longitude: 11.57549, elevation: 524, featureCode: "PPLA", countryCode: "DE", country: "Germany", admin1: "Bavaria", timeZone: "Europe/Berlin", population: 1260391, countryID: 2921044, admin1ID: 2951839, names: ["de": "München", "it": "Monaco di Baviera", "ja": "ミュンヘン"], countryNames: ["de": "Deutschland", "ja": "ドイツ"], admin1Names: ["de": "Bayern"]),
        Place(id: 2886242, name: "Cologne", latitude: 50.93333, longitude: 6.95, elevation: 37, featureCode: "PPLA2", countryCode: "DE", country: "Germany", admin1: "North Rhine-Westphalia", timeZone: "Europe/Berlin", population: 963395, countryID: 2921044, admin1ID: 2861876, names: ["de": "Köln", "fr": "Cologne"], countryNames: ["de": "Deutschland"], admin1Names: ["de": "Nordrhein-Westfalen"]),
        // The geocoder's true zones (the forecast server substitutes its stand-ins; the
        // geocoder sends the IANA name).
        Place(id: 4013708, name: "Ciudad Juárez", latitude: 31.72024, longitude: -106.46084, elevation: 1137, featureCode: "PPLA2", countryCode: "MX", country: "Mexico", admin1: "Chihuahua", timeZone: "America/Ciudad_Juarez", population: 1512354),
        Place(id: 1526384, name: "Almaty", latitude: 43.25, longitude: 76.91667, elevation: 786, featureCode: "PPLA", countryCode: "KZ", country: "Kazakhstan", admin1: "Almaty", timeZone: "Asia/Almaty", population: 2000900),
        Place(id: 703448, name: "Kyiv", latitude: 50.45466, longitude: 30.5238, elevation: 187, featureCode: "PPLC", countryCode: "UA", country: "Ukraine", admin1: "Kyiv City", timeZone: "Europe/Kyiv", population: 2797553),
        Place(id: 3421319, name: "Nuuk", latitude: 64.18347, longitude: -51.72157, elevation: 70, featureCode: "PPLC", countryCode: "GL", country: "Greenland", admin1: "Sermersooq", timeZone: "America/Nuuk", population: 17984),
        Place(id: 3133880, name: "Tromsø", latitude: 69.6489, longitude: 18.95508, elevation: 10, featureCode: "PPLA", countryCode: "NO", country: "Norway", admin1: "Troms", timeZone: "Europe/Oslo", population: 41915),
        Place(id: 1283240, name: "Kathmandu", latitude: 27.70169, longitude: 85.3206, elevation: 1317, featureCode: "PPLC", countryCode: "NP", country: "Nepal", admin1: "Bagmati Province", timeZone: "Asia/Kathmandu", population: 1442271),
        Place(id: 2078025, name: "Adelaide", latitude: -34.92866, longitude: 138.59863, elevation: 48, featureCode: "PPLA", countryCode: "AU", country: "Australia", admin1: "South Australia", timeZone: "Australia/Adelaide", population: 1225235),
        // proto3 omissions. These entries are the simulator's own (clearly named, not GeoNames
        // places): their coordinates, elevation and population are exactly 0 so that the real
        // encoder's rule shows: a 0 field is not written at all.
        Place(id: 90000001, name: "Null Island Buoy", latitude: 0, longitude: 0, elevation: 0, featureCode: "ISL", countryCode: "", country: "", admin1: "", timeZone: "Etc/GMT", population: 0),
        Place(id: 90000002, name: "Equator Test Village", latitude: 0, longitude: 32.58, elevation: 1190, featureCode: "PPL", countryCode: "UG", country: "Uganda", admin1: "Central Region", timeZone: "Africa/Kampala", population: 0),
        Place(id: 90000003, name: "Meridian Test Hamlet", latitude: 51.4779, longitude: 0, elevation: 46, featureCode: "PPL", countryCode: "GB", country: "United Kingdom", admin1: "England", timeZone: "Europe/London", population: 0),
        Place(id: 3448439, name: "São Paulo", latitude: -23.5475, longitude: -46.63611, elevation: 769, featureCode: "PPLA", countryCode: "BR", country: "Brazil", admin1: "São Paulo", timeZone: "America/Sao_Paulo", population: 10021295),
        // The README's own examples, and places its alert feeds and date line are shown with
        // (GeoNames' IDs, coordinates, zones and populations).
        Place(id: 2657896, name: "Zürich", latitude: 47.36667, longitude: 8.55, elevation: 429, featureCode: "PPLA", countryCode: "CH", country: "Switzerland", admin1: "Zurich", timeZone: "Europe/Zurich", population: 341730, names: ["fr": "Zurich", "it": "Zurigo"], countryNames: ["de": "Schweiz"], admin1Names: ["de": "Zürich"]),
        Place(id: 1275004, name: "Kolkata", latitude: 22.56263, longitude: 88.36304, elevation: 11, featureCode: "PPLA", countryCode: "IN", country: "India", admin1: "West Bengal", timeZone: "Asia/Kolkata", population: 4631392, names: ["de": "Kalkutta"]),
        Place(id: 5391959, name: "San Francisco", latitude: 37.77493, longitude: -122.41942, elevation: 16, featureCode: "PPLA2", countryCode: "US", country: "United States", admin1: "California", timeZone: "America/Los_Angeles", population: 864816),
        Place(id: 3093133, name: "Łódź", latitude: 51.75, longitude: 19.46667, elevation: 213, featureCode: "PPLA", countryCode: "PL", country: "Poland", admin1: "Łódź Voivodeship", timeZone: "Europe/Warsaw", population: 768755, alternateNames: ["Lodz"]),
        Place(id: 3143244, name: "Oslo", latitude: 59.91273, longitude: 10.74609, elevation: 26, featureCode: "PPLC", countryCode: "NO", country: "Norway", admin1: "Oslo", timeZone: "Europe/Oslo", population: 580000),
        Place(id: 3161732, name: "Bergen", latitude: 60.39299, longitude: 5.32415, elevation: 24, featureCode: "PPLA", countryCode: "NO", country: "Norway", admin1: "Vestland", timeZone: "Europe/Oslo", population: 213585),
        Place(id: 4035413, name: "Apia", latitude: -13.83333, longitude: -171.76666, elevation: 2, featureCode: "PPLC", countryCode: "WS", country: "Samoa", admin1: "Tuamasaga", timeZone: "Pacific/Apia", population: 40407),
        Place(id: 1275339, name: "Mumbai", latitude: 19.07283, longitude: 72.88261, elevation: 14, featureCode: "PPLA", countryCode: "IN", country: "India", admin1: "Maharashtra", timeZone: "Asia/Kolkata", population: 12691836),
    ]

    static func search(_ request: ServerRequest) -> ServerResponse {
        guard let fullName = request.queryValue("name") else {
            // Vapor's reason for a missing query key (DecodingError.keyNotFound).
            return error(400, "Value required for key at path 'name'. No value associated with key CodingKeys(stringValue: \"name\", intValue: nil) (\"name\").")
        }
        guard let count = Int(request.queryValue("count") ?? "10"), (1...100).contains(count) else {
            return error(400, "Parameter count must be between 1 and 100.")
        }
        let requested = request.queryValue("language") ?? "en"
        let language = languages.contains(requested) ? requested : "en"
        var name = fullName
        var area: String?
        if fullName.contains(",") {
            let parts = fullName.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            name = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
            let areaName = parts[1].trimmingCharacters(in: .whitespacesAndNewlines)
            if areaName.count > 1 { area = fold(areaName) }
        }
        let query = fold(name)
        func matches(_ candidate: String) -> Bool {
            let folded = fold(candidate)
            return query.count <= 2 ? folded == query : folded.hasPrefix(query)
        }
        // The ranking (population here), then `count`, then the country filter.
        var results = fullName.count < 2 || query.isEmpty ? [] : Array(places
            .filter { place in
                matches(place.name) || place.alternateNames.contains(where: matches) || place.names[language].map(matches) == true
            }
            .sorted { $0.population > $1.population }
            .prefix(count))
        if let country = request.queryValue("countryCode") {
            results = results.filter { $0.countryCode == country }
        }
        if let area {
            results = results.filter { place in
                [place.country, place.admin1, place.countryNames[language] ?? "", place.admin1Names[language] ?? ""]
                    .contains { !$0.isEmpty && fold($0) == area }
            }
        }
        var members: [(String, JSONValue)] = []
        if !results.isEmpty {
            members.append(("results", .array(results.map { json($0, language: language) })))
        }
        members.append(("generationtime_ms", .number(0.5)))
        return .json(200, .object(members))
    }

    private static func fold(_ text: String) -> String {
        text.trimmingSpaces().folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// proto3 JSON of GeocodingApi.Geoname: field-number order, zero values left out.
    private static func json(_ place: Place, language: String) -> JSONValue {
        var members: [(String, JSONValue)] = []
        func integer(_ key: String, _ value: Int) { if value != 0 { members.append((key, .integer(value))) } }
        func number(_ key: String, _ value: Double) { if value != 0 { members.append((key, .number(value))) } }
        func string(_ key: String, _ value: String) { if !value.isEmpty { members.append((key, .string(value))) } }
        integer("id", place.id)                                   // 1
        string("name", place.name(in: language))                  // 2
        number("latitude", place.latitude)                        // 4
        number("longitude", place.longitude)                      // 5
        number("elevation", place.elevation)                      // 7 (ranking, 6, is never set)
        string("feature_code", place.featureCode)                 // 8
        string("country_code", place.countryCode)                 // 9
        integer("admin1_id", place.admin1ID)                      // 10
        integer("admin2_id", place.admin2ID)                      // 11
        string("timezone", place.timeZone)                        // 14
        integer("population", place.population)                   // 15
        if !place.postcodes.isEmpty {                             // 17
            members.append(("postcodes", .array(place.postcodes.map { .string($0) })))
        }
        integer("country_id", place.countryID)                    // 18
        string("country", place.countryNames[language] ?? place.country) // 19
        string("admin1", place.admin1Names[language] ?? place.admin1)      // 20
        string("admin2", place.admin2)                            // 21
        return .object(members)
    }
}
