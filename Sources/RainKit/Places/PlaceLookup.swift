import FoundationEssentials

/// Finds places to save: by name at the geocoding service (Open-Meteo's), or, only when asked,
/// where this machine is from its IP address (an echoip server). Requests go through the same
/// transport, timeouts and retries as forecasts; failures are `ForecastError`s.
public struct PlaceLookup: Sendable {
    /// How many matches a name lookup asks for.
    public static let maximumMatches = 10

    public let settings: Settings
    private let client: ForecastClient

    public init(settings: Settings, verbose: (@Sendable (String) -> Void)? = nil) {
        self.settings = settings
        client = ForecastClient(settings: settings, verbose: verbose)
    }

    /// The places called `name`, best known first; with `countryCode` (ISO 3166-1 alpha-2),
    /// only that country's.
    public func places(named name: String, countryCode: String? = nil) async throws(ForecastError) -> [PlaceMatch] {
        var items = [("name", name), ("count", String(Self.maximumMatches)), ("language", settings.language), ("format", "json")]
        if let countryCode { items.append(("countryCode", countryCode.uppercased())) }
        let url = settings.geocodingURL + ForecastEndpoint.query(items, keepingCommas: false)
        let endpoint = ForecastEndpoint(request: HTTPRequest(url: url), redactedURL: url, host: ForecastEndpoint.hostForMessages(of: url))
        return try await client.value(from: endpoint, decode: GeocodingDecoder.decode)
    }

    /// The host `here()` asks, for telling the user before asking.
    public var ipLocationHost: String { ForecastEndpoint.hostForMessages(of: settings.ipLocationURL) }

    /// Where this machine is, as the IP location service guesses from its address.
    public func here() async throws(ForecastError) -> PlaceMatch {
        let url = settings.ipLocationURL
        let endpoint = ForecastEndpoint(request: HTTPRequest(url: url), redactedURL: url, host: ipLocationHost)
        return try await client.value(from: endpoint, decode: IPLocationDecoder.decode)
    }
}
