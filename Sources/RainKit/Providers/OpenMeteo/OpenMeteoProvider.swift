import FoundationEssentials

/// Open-Meteo (open-meteo/open-meteo): no key; the next hour in quarter hours (`minutely_15`,
/// the model's own only in the ICON-D2, AROME-France and HRRR areas, derived from the hour
/// elsewhere), no alerts, no summaries.
public struct OpenMeteoProvider: ForecastProvider {
    public init() {}

    public var displayName: String { "Open-Meteo" }

    public var needsKey: Bool { false }
    public var offers: ProviderOffers { [.nextHour] }

    public func forecastURL(in settings: Settings) -> String { settings.openMeteoURL }

    /// Numbers only, so one system serves every display unit.
    public func canonicalUnits(preset: UnitSystem) -> UnitSystem { .si }
    public var writesSummaries: Bool { false }

    /// rain's request counts as several calls (`OpenMeteoQueryWeight`).
    public var callsPerRefresh: Double { Double(OpenMeteoQueryWeight.ofRainsRequest.calls) }
    /// Open-Meteo's free API's (`OpenMeteoRateLimit.freeLimits(forURL:)`).
    public func freeLimits(forURL url: String) -> FreeLimits? { OpenMeteoRateLimit.freeLimits(forURL: url) }
    /// The free server runs one request of an IP address at a time, queues the next and
    /// refuses one past five in flight with 429 "Too many concurrent requests"
    /// (open-meteo/open-meteo `RateLimiter.swift`, `concurrencyLimitHard`;
    /// `ConcurrencyGroupLimiter.swift`): four, so that one the server has not yet let go of
    /// leaves room. More at once would not be faster: it answers them one at a time.
    public var concurrentRequestsAtMost: Int? { 4 }

    public func endpoint(for coordinate: Coordinate, configuration: ForecastClient.Configuration, key: APIKey) -> ForecastEndpoint {
        ForecastEndpoint(openMeteoURL: configuration.openMeteoURL, coordinate: coordinate, units: configuration.units)
    }

    public func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast {
        try OpenMeteoDecoder().decode(body, units: units)
    }

    /// The server answers some zones with a stand-in of other rules (open-meteo/open-meteo
    /// `Sources/App/Helper/ForecastapiQuery.swift`, `TimeZone.initWithFallback`): when the
    /// place's own zone (the geocoder's, which sends the real name) is one of them and the
    /// forecast names its stand-in, the place's zone is the one its clocks follow.
    public func timeZone(forecastZone: String, placeZone: String?) -> String {
        guard let placeZone, Self.standIns[placeZone] == forecastZone else { return forecastZone }
        return placeZone
    }

    /// The place's zone -> the zone the server answers with instead.
    static let standIns = [
        "America/Ciudad_Juarez": "America/Mexico_City",
        "Asia/Almaty": "Asia/Qyzylorda",
        "Asia/Qostanay": "Asia/Qyzylorda",
        "Europe/Kyiv": "Europe/Kiev",
        "America/Nuuk": "America/Godthab",
    ]
}
