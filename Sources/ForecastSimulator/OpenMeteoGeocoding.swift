import Foundation

/// Open-Meteo's geocoding answer (`GET /v1/search?name=..&count=..`) from a small built-in
/// table. Names of one character match nothing, two characters match exactly, three or more
/// match as a prefix (case and diacritics ignored); `countryCode` keeps one country's places.
/// No match: no `results` key at all.
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
    }

    static let places: [Place] = [
        Place(id: 2950159, name: "Berlin", latitude: 52.52437, longitude: 13.41053, elevation: 74, featureCode: "PPLC", countryCode: "DE", country: "Germany", admin1: "Land Berlin", timeZone: "Europe/Berlin", population: 3426354),
        Place(id: 5083330, name: "Berlin", latitude: 44.46867, longitude: -71.18508, elevation: 311, featureCode: "PPL", countryCode: "US", country: "United States", admin1: "New Hampshire", timeZone: "America/New_York", population: 9425),
        Place(id: 2988507, name: "Paris", latitude: 48.85341, longitude: 2.3488, elevation: 42, featureCode: "PPLC", countryCode: "FR", country: "France", admin1: "Île-de-France", timeZone: "Europe/Paris", population: 2138551),
        Place(id: 4717560, name: "Paris", latitude: 33.66094, longitude: -95.55551, elevation: 183, featureCode: "PPLA2", countryCode: "US", country: "United States", admin1: "Texas", timeZone: "America/Chicago", population: 24171),
        Place(id: 2643743, name: "London", latitude: 51.50853, longitude: -0.12574, elevation: 25, featureCode: "PPLC", countryCode: "GB", country: "United Kingdom", admin1: "England", timeZone: "Europe/London", population: 7556900),
        Place(id: 6058560, name: "London", latitude: 42.98339, longitude: -81.23304, elevation: 252, featureCode: "PPL", countryCode: "CA", country: "Canada", admin1: "Ontario", timeZone: "America/Toronto", population: 346765),
        Place(id: 5128581, name: "New York", latitude: 40.71427, longitude: -74.00597, elevation: 10, featureCode: "PPL", countryCode: "US", country: "United States", admin1: "New York", timeZone: "America/New_York", population: 8175133),
        Place(id: 5368361, name: "Los Angeles", latitude: 34.05223, longitude: -118.24368, elevation: 89, featureCode: "PPLA2", countryCode: "US", country: "United States", admin1: "California", timeZone: "America/Los_Angeles", population: 3971883),
        Place(id: 1850147, name: "Tokyo", latitude: 35.6895, longitude: 139.69171, elevation: 44, featureCode: "PPLC", countryCode: "JP", country: "Japan", admin1: "Tokyo", timeZone: "Asia/Tokyo", population: 8336599),
        Place(id: 2147714, name: "Sydney", latitude: -33.86785, longitude: 151.20732, elevation: 58, featureCode: "PPLA", countryCode: "AU", country: "Australia", admin1: "New South Wales", timeZone: "Australia/Sydney", population: 4627345),
        Place(id: 6354908, name: "Sydney", latitude: 46.1351, longitude: -60.1831, elevation: 18, featureCode: "PPL", countryCode: "CA", country: "Canada", admin1: "Nova Scotia", timeZone: "America/Glace_Bay", population: 105968),
        Place(id: 4250542, name: "Springfield", latitude: 39.80172, longitude: -89.64371, elevation: 180, featureCode: "PPLA", countryCode: "US", country: "United States", admin1: "Illinois", timeZone: "America/Chicago", population: 116250),
        Place(id: 4951788, name: "Springfield", latitude: 42.10148, longitude: -72.58981, elevation: 21, featureCode: "PPLA2", countryCode: "US", country: "United States", admin1: "Massachusetts", timeZone: "America/New_York", population: 155929),
        Place(id: 4409896, name: "Springfield", latitude: 37.21533, longitude: -93.29824, elevation: 398, featureCode: "PPLA2", countryCode: "US", country: "United States", admin1: "Missouri", timeZone: "America/Chicago", population: 166810),
        Place(id: 3413829, name: "Reykjavík", latitude: 64.13548, longitude: -21.89541, elevation: 20, featureCode: "PPLC", countryCode: "IS", country: "Iceland", admin1: "Capital Region", timeZone: "Atlantic/Reykjavik", population: 118918),
        Place(id: 2867714, name: "München", latitude: 48.13743, longitude: 11.57549, elevation: 524, featureCode: "PPLA", countryCode: "DE", country: "Germany", admin1: "Bavaria", timeZone: "Europe/Berlin", population: 1260391),
        Place(id: 3448439, name: "São Paulo", latitude: -23.5475, longitude: -46.63611, elevation: 769, featureCode: "PPLA", countryCode: "BR", country: "Brazil", admin1: "São Paulo", timeZone: "America/Sao_Paulo", population: 10021295),
        Place(id: 1275339, name: "Mumbai", latitude: 19.07283, longitude: 72.88261, elevation: 14, featureCode: "PPLA", countryCode: "IN", country: "India", admin1: "Maharashtra", timeZone: "Asia/Kolkata", population: 12691836),
    ]

    static func search(_ request: HTTPRequest) -> HTTPResponse {
        guard let name = request.queryValue("name") else {
            return error(400, "Parameter 'name' is required")
        }
        let count = Int(request.queryValue("count") ?? "10") ?? -1
        guard (1...100).contains(count) else {
            return error(400, "Parameter count must be between 1 and 100.")
        }
        let query = fold(name.trimmingSpaces())
        let country = request.queryValue("countryCode")?.uppercased()
        let matches = places
            .filter { country == nil || $0.countryCode == country }
            .filter { place in
                let candidate = fold(place.name)
                switch query.count {
                case 0, 1: return false
                case 2: return candidate == query
                default: return candidate.hasPrefix(query)
                }
            }
            .sorted { $0.population > $1.population }
            .prefix(count)
        var members: [(String, JSONValue)] = []
        if !matches.isEmpty {
            members.append(("results", .array(matches.map(json))))
        }
        members.append(("generationtime_ms", .number(0.5)))
        return .json(200, .object(members))
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func json(_ place: Place) -> JSONValue {
        .object([
            ("id", .integer(place.id)),
            ("name", .string(place.name)),
            ("latitude", .number(place.latitude)),
            ("longitude", .number(place.longitude)),
            ("elevation", .number(place.elevation)),
            ("feature_code", .string(place.featureCode)),
            ("country_code", .string(place.countryCode)),
            ("country", .string(place.country)),
            ("admin1", .string(place.admin1)),
            ("timezone", .string(place.timeZone)),
            ("population", .integer(place.population)),
        ])
    }
}
