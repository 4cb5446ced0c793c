import FoundationEssentials

/// Finds places to save: by name at the geocoding service (Open-Meteo's), or, only when asked,
/// where this machine is from its IP address (an echoip server). Requests go through the same
/// transport, timeouts and retries as forecasts (but the IP service's, tried once); failures
/// are `ForecastError`s.
public struct PlaceLookup: Sendable {
    public let settings: Settings
    private let client: ForecastClient

    public init(settings: Settings, verbose: (@Sendable (String) -> Void)? = nil) {
        self.settings = settings
        client = ForecastClient(settings: settings, verbose: verbose)
    }

    /// The most places `places(named:)` gives: `--pick` beyond it can never be listed.
    public static let maximumMatches = GeocodingSearch.maximumMatches

    /// The places called `name` (at most `maximumMatches`), best known first, with names in the user's language where the
    /// geocoder has them; with `countryCode` (ISO 3166-1 alpha-2), only that country's.
    public func places(named name: String, countryCode: String? = nil) async throws(ForecastError) -> [PlaceMatch] {
        let search = GeocodingSearch(name: name, countryCode: countryCode, language: LocaleLanguage.primary(settings.language))
        let places = search.kept(try await client.value(from: search.endpoint(at: settings.geocodingURL), decode: GeocodingDecoder.decode))
        guard let redaction = KeyRedaction(settings.apiKey) else { return places }
        return places.map { Self.redacted($0, by: redaction) }
    }

    /// `place` with the key taken out of its names. The body was redacted before it was read,
    /// but a name is stripped of escape sequences as it is read, and a key a server split with
    /// them is whole only then (the tenth hostile trial's lookups cache held it).
    private static func redacted(_ place: PlaceMatch, by redaction: KeyRedaction) -> PlaceMatch {
        var place = place
        place.name = redaction.scrubbing(place.name)
        place.region = place.region.map(redaction.scrubbing)
        place.country = place.country.map(redaction.scrubbing)
        return place
    }

    /// The host a name lookup asks, for naming it when it fails.
    public var geocodingHost: String { ForecastEndpoint.hostForMessages(of: settings.geocodingURL) }

    /// The host `here()` asks, for telling the user before asking.
    public var ipLocationHost: String { ForecastEndpoint.hostForMessages(of: settings.ipLocationURL) }

    /// Where this machine is, as the IP location service guesses from its address.
    public func here() async throws(ForecastError) -> PlaceMatch {
        let url = settings.ipLocationURL
        // Tried once: ifconfig.co asks automated clients for "1 request per minute", and may
        // answer more with 429 (mpolden/echoip `html/index.html`, FAQ).
        let endpoint = ForecastEndpoint(request: HTTPRequest(url: url), redactedURL: url, host: ipLocationHost).triedOnce()
        let host = ipLocationHost
        let place = try await client.value(from: endpoint) { body throws(ForecastError) in try IPLocationDecoder.decode(body, host: host) }
        return KeyRedaction(settings.apiKey).map { Self.redacted(place, by: $0) } ?? place
    }
}
