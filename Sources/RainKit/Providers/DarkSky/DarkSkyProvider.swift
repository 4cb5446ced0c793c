import FoundationEssentials

/// Pirate Weather, or any other server speaking the Dark Sky format: needs a key, sends the
/// next hour minute by minute and alerts.
public struct DarkSkyProvider: ForecastProvider {
    public init() {}

    public var displayName: String { "the Dark Sky-compatible API" }

    public var needsKey: Bool { true }
    public var offers: ProviderOffers { [.nextHour, .alerts] }

    public func forecastURL(in settings: Settings) -> String { settings.baseURL }

    /// The preset itself: the server writes its summaries with numbers in the units asked for
    /// ("high of 20°C"), so they match the screen's only when fetched in the preset.
    public func canonicalUnits(preset: UnitSystem) -> UnitSystem { preset }
    public var writesSummaries: Bool { true }

    /// One request, one call, however much it asks for.
    public var callsPerRefresh: Double { 1 }
    /// Pirate Weather's free tier: 10,000 calls a month (Pirate-Weather/pirateweather
    /// `docs/index.md`: "raise your API limit from 10,000 calls/ month"), counted per key; a
    /// 429 when it is used up, with `Ratelimit-Reset` (`docs/API.md`, "Response Headers" and
    /// "429 Too Many Requests"). And "a per API key rate limit of 1 to 4/ per second
    /// (depending on the plan)" (`docs/changelog.md`, 9 December 2024): 1 for the free plan,
    /// the lowest, until an answer says the key's own (`saysPerSecondLimit`). Another Dark
    /// Sky-compatible server (a mirror, one on this machine) has terms of its own: only Pirate
    /// Weather's host has these.
    public func freeLimits(forURL url: String) -> FreeLimits? {
        ForecastEndpoint.host(of: url).lowercased() == Self.pirateWeatherHost ? Self.pirateWeatherFreeTier : nil
    }

    static let pirateWeatherHost = "api.pirateweather.net"
    static let pirateWeatherFreeTier = FreeLimits(service: "Pirate Weather", perSecond: 1, perMonth: 10_000)

    /// Pirate Weather's gateway, Kong (`docs/Blog/Infrastructure2026.md`), says a key's limit
    /// a second on every answer: `X-RateLimit-Limit-Second` (Kong/kong
    /// `kong/plugins/rate-limiting/handler.lua`), and so may another server behind Kong.
    public var saysPerSecondLimit: Bool { true }

    public func endpoint(for coordinate: Coordinate, configuration: ForecastClient.Configuration, key: APIKey) -> ForecastEndpoint {
        ForecastEndpoint(baseURL: configuration.baseURL, key: key, placement: configuration.keyPlacement,
                         coordinate: coordinate, units: configuration.units,
                         language: DarkSkyLanguage.asked(for: configuration.language))
    }

    public func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast {
        try DarkSkyDecoder().decode(body, units: units)
    }
}

extension ForecastEndpoint {
    /// The segment that stands where the key would be when the key travels in the `apikey`
    /// header: Pirate Weather's only route is `/forecast/{apikey}/{lat},{lon}`, and its docs
    /// say to put anything at all there (Pirate-Weather/pirateweather `docs/API.md`; the route
    /// in Pirate-Weather/pirate-weather-code `API/responseLocal.py`). Without it: 404.
    static let headerKeyPlaceholder = "header"

    /// A Dark Sky-style request: `{base}{key}/{lat},{lon}?units=..&lang=..&version=2`, the key
    /// in the path or, with `.header`, in an `apikey` header and a placeholder in its segment.
    /// `version=2` asks Pirate Weather for the fields Dark Sky lacked (`liquidAccumulation`,
    /// `snowAccumulation`, `iceAccumulation`), which the daily amounts are read from.
    init(baseURL: String, key: APIKey, placement: APIKeyPlacement, coordinate: Coordinate,
         units: UnitSystem, language: String) {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        let place = "\(Self.format(coordinate.latitude)),\(Self.format(coordinate.longitude))"
        let query = "?units=\(units.rawValue)&lang=\(Self.percentEncoded(language))&version=2"
        switch placement {
        case .path:
            request = HTTPRequest(url: base + Self.percentEncoded(key.value) + "/" + place + query)
            redactedURL = base + Self.redactionMark + "/" + place + query
        case .header:
            let url = base + Self.headerKeyPlaceholder + "/" + place + query
            request = HTTPRequest(url: url, headers: ["apikey": key.value])
            redactedURL = url
        }
        host = Self.hostForMessages(of: base)
    }
}
