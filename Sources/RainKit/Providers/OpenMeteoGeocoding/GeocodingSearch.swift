/// One name search at Open-Meteo's geocoder: the request, and the country filter rain applies
/// to its answer.
///
/// The geocoder picks its best `count` matches first and filters them by country after
/// (open-meteo/geocoding-api `Sources/App/GeocodingapiController.swift`, its TODO says so),
/// so a country's place can be missed at `count=10`: with a country, the most it gives are
/// asked for and the first ten of that country kept.
struct GeocodingSearch: Sendable {
    /// How many matches a search keeps.
    static let maximumMatches = 10
    /// The most matches the geocoder gives for one query.
    static let geocoderLimit = 100

    let name: String
    /// ISO 3166-1 alpha-2, upper case.
    let countryCode: String?
    /// The geocoder matches `language` exactly against its lower-case codes, English when it has none.
    let language: String

    init(name: String, countryCode: String?, language: String) {
        self.name = name
        self.countryCode = countryCode?.uppercased()
        self.language = language
    }

    func endpoint(at baseURL: String) -> ForecastEndpoint {
        let count = countryCode == nil ? Self.maximumMatches : Self.geocoderLimit
        var items = [("name", name), ("count", String(count)), ("language", language), ("format", "json")]
        if let countryCode { items.append(("countryCode", countryCode)) }
        let url = baseURL + ForecastEndpoint.query(items, keepingCommas: false)
        return ForecastEndpoint(request: HTTPRequest(url: url), redactedURL: url, host: ForecastEndpoint.hostForMessages(of: url))
    }

    /// The places of the answer this search keeps: the first ten (of the country asked for).
    /// The geocoder sends at most `count` (a `count` outside 1...100 is its 400), but a server
    /// that is not Open-Meteo's may send 20,000, and a list of them all is no answer.
    func kept(_ places: [PlaceMatch]) -> [PlaceMatch] {
        guard let countryCode else { return Array(places.prefix(Self.maximumMatches)) }
        return Array(places.filter { $0.countryCode?.uppercased() == countryCode }.prefix(Self.maximumMatches))
    }
}
