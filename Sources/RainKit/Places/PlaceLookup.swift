import FoundationEssentials

/// Finds places to save: by name at the geocoding service (Open-Meteo's), or, only when asked,
/// where this machine is from its IP address (an echoip server). Requests go through the same
/// transport, timeouts and retries as forecasts; failures are `ForecastError`s.
public struct PlaceLookup: Sendable {
    /// How many matches a name lookup asks for.
    static let maximumMatches = 10

    public let settings: Settings
    private let client: ForecastClient

    public init(settings: Settings, verbose: (@Sendable (String) -> Void)? = nil) {
        self.settings = settings
        client = ForecastClient(settings: settings, verbose: verbose)
    }

    /// The places called `name`, best known first, with names in the user's language where the
    /// geocoder has them; with `countryCode` (ISO 3166-1 alpha-2), only that country's.
    ///
    /// The geocoder picks its best `count` matches first and filters them by country after
    /// (open-meteo/geocoding-api `Sources/App/GeocodingapiController.swift`, its TODO says so),
    /// so a country's place can be missed at `count=10`: with a country, the most it gives are
    /// asked for and the first ten of that country kept.
    public func places(named name: String, countryCode: String? = nil) async throws(ForecastError) -> [PlaceMatch] {
        let count = countryCode == nil ? Self.maximumMatches : Self.geocoderLimit
        // The geocoder matches `language` exactly against its lower-case codes, English when it has none.
        var items = [("name", name), ("count", String(count)), ("language", LocaleLanguage.primary(settings.language)), ("format", "json")]
        if let countryCode { items.append(("countryCode", countryCode.uppercased())) }
        let url = settings.geocodingURL + ForecastEndpoint.query(items, keepingCommas: false)
        let endpoint = ForecastEndpoint(request: HTTPRequest(url: url), redactedURL: url, host: ForecastEndpoint.hostForMessages(of: url))
        let places = try await client.value(from: endpoint, decode: GeocodingDecoder.decode)
        guard let countryCode else { return places }
        return Array(places.filter { $0.countryCode?.uppercased() == countryCode.uppercased() }.prefix(Self.maximumMatches))
    }

    /// The most matches the geocoder gives for one query.
    static let geocoderLimit = 100

    /// The host a name lookup asks, for naming it when it fails.
    public var geocodingHost: String { ForecastEndpoint.hostForMessages(of: settings.geocodingURL) }

    /// The host `here()` asks, for telling the user before asking.
    public var ipLocationHost: String { ForecastEndpoint.hostForMessages(of: settings.ipLocationURL) }

    /// Where this machine is, as the IP location service guesses from its address.
    public func here() async throws(ForecastError) -> PlaceMatch {
        let url = settings.ipLocationURL
        let endpoint = ForecastEndpoint(request: HTTPRequest(url: url), redactedURL: url, host: ipLocationHost)
        let host = ipLocationHost
        return try await client.value(from: endpoint) { body throws(ForecastError) in try IPLocationDecoder.decode(body, host: host) }
    }
}
