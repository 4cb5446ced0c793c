import FoundationEssentials

/// Turns a provider's response body into a `Forecast`.
public protocol ForecastDecoder: Sendable {
    /// - Throws: `ForecastError.unusableBody` naming the reason and the field path.
    func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast
}

/// A forecast API as one unit: where it is, how it is asked, how its answers are read and what
/// it can offer. Each provider lives in a folder of its own under `Providers/`; the rest of rain
/// asks the provider and never switches on which one it is.
public protocol ForecastProvider: ForecastDecoder {
    /// How messages name it: "Open-Meteo".
    var displayName: String { get }
    /// Whether a forecast can only be had with an API key.
    var needsKey: Bool { get }
    /// What it sends beyond current conditions, hours and days.
    var offers: ProviderOffers { get }
    /// The URL forecasts come from, as `settings` configure it.
    func forecastURL(in settings: Settings) -> String
    /// The request for `coordinate`; `key` is the configured key (empty when there is none).
    func endpoint(for coordinate: Coordinate, configuration: ForecastClient.Configuration, key: APIKey) -> ForecastEndpoint
    /// The unit system forecasts are fetched and cached in when `preset` is shown: one system
    /// unless the provider computes something with the units (a summary's words).
    func canonicalUnits(preset: UnitSystem) -> UnitSystem
    /// Whether it writes summaries in the language asked for (so a new language is a new forecast).
    var writesSummaries: Bool { get }
    /// The zone a place's times are shown in: the provider's `forecastZone`, unless the provider
    /// is known to answer with a stand-in for the place's own `placeZone` (from the geocoder).
    func timeZone(forecastZone: String, placeZone: String?) -> String
    /// How many calls one refresh of one place counts against the service's limits. The
    /// geocoder and the official alert feeds are other services and count separately.
    var callsPerRefresh: Double { get }
    /// The limits of free use of the service at `url` (`forecastURL(in:)`), where its terms
    /// document them.
    func freeLimits(forURL url: String) -> FreeLimits?
    /// How many requests its server takes at once from one client; nil where it sets no limit
    /// (then `max_concurrent_requests` alone decides).
    var concurrentRequestsAtMost: Int? { get }
    /// Whether its server may say on an answer how many calls a second it takes of a key
    /// (`X-RateLimit-Limit-Second`): a refresh of several places then asks one first, to learn
    /// the pace of the others (`RefreshBatch`).
    var saysPerSecondLimit: Bool { get }
}

extension ForecastProvider {
    public func timeZone(forecastZone: String, placeZone: String?) -> String { forecastZone }
    public var concurrentRequestsAtMost: Int? { nil }
    public var saysPerSecondLimit: Bool { false }
}

/// What a provider can send beyond conditions, hours and days.
public struct ProviderOffers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Precipitation for the next hour in steps of a few minutes.
    public static let nextHour = ProviderOffers(rawValue: 1 << 0)
    /// Weather alerts for the place.
    public static let alerts = ProviderOffers(rawValue: 1 << 1)
}

extension Provider {
    /// The provider's unit: the one place providers are registered.
    public var unit: any ForecastProvider {
        switch self {
        case .darkSky: return DarkSkyProvider()
        case .openMeteo: return OpenMeteoProvider()
        }
    }

    /// How messages name it.
    public var displayName: String { unit.displayName }
}

extension ForecastError {
    /// `read` applied to the JSON document in `body`; what is wrong with either (not JSON, a
    /// field of the wrong type, ...) is an unusable body naming the field.
    static func decoding<Value>(
        _ body: Data, missingValue: Double? = nil, _ read: (JSONNode) throws(JSONError) -> Value
    ) throws(ForecastError) -> Value {
        let root: JSONNode
        do {
            root = try JSONNode.document(Array(body), missingValue: missingValue)
        } catch {
            throw .unusableBody(reason: error.notValidJSON(orEmpty: LocalizedText(N_("it was empty"))), path: nil)
        }
        do {
            return try read(root)
        } catch {
            throw .unusableBody(reason: error.problem, path: error.path.flatMap { $0.isEmpty ? nil : $0 })
        }
    }
}
