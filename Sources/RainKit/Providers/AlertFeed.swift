import FoundationEssentials

/// An official source of weather alerts for an area (a national weather service), asked for
/// the alerts at a place in its area. Their alerts join the place's forecast when it is
/// fetched. Each lives in a folder of its own under `Providers/`, like a forecast provider.
public protocol AlertFeed: Sendable {
    /// How messages name it: "NWS alerts".
    var displayName: String { get }
    /// Whether `coordinate` lies in the area the feed covers (roughly: a place just outside
    /// gets an empty answer).
    func covers(_ coordinate: Coordinate) -> Bool
    /// The URL alerts come from, as `settings` configure it.
    func url(in settings: Settings) -> String
    /// The request for the alerts at `coordinate`.
    func endpoint(for coordinate: Coordinate, url: String) -> ForecastEndpoint
    func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert]
    /// The least time between two requests for one place's alerts, where the service asks for
    /// one; nil: asked whenever the place's forecast is fetched.
    var minimumInterval: TimeInterval? { get }
    /// Which of the registered feeds this is: the mark its alerts carry (`Forecast.Alert.feed`).
    var source: AlertSource { get }
    /// How the forecast provider links its copies of this feed's messages (a Dark Sky server,
    /// Pirate Weather, passes the national services' alerts on as its own): a copy's `uri`
    /// begins with it, whichever message it copies (nil: its copies are known by `given` only).
    var copiesLinkPrefix: String? { get }
}

extension AlertFeed {
    public var minimumInterval: TimeInterval? { nil }

    /// The alerts of an answer, each marked as this feed's.
    func alerts(in body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try decode(body).map { alert in
            var marked = alert
            marked.feed = source
            return marked
        }
    }

    /// Whether `alert`, of a cached forecast, is one this feed gave (kept while it is not asked,
    /// or when asking it failed): by the mark it was given when the feed's answer was read.
    public func gave(_ alert: Forecast.Alert) -> Bool { alert.feed == source }
    public var copiesLinkPrefix: String? { nil }

    /// Whether `alert`, of the forecast provider, is its copy of one of this feed's messages:
    /// linked as its copies are (one the feed left out, or words otherwise), or of the same
    /// event at overlapping times as one of `given` (what the feed answered for the place).
    /// Any other alert of the provider is its own and stays.
    public func copies(_ alert: Forecast.Alert, of given: [Forecast.Alert]) -> Bool {
        if let prefix = copiesLinkPrefix, alert.uri?.hasPrefix(prefix) == true { return true }
        return given.contains { alert.isCopy(of: $0) }
    }
}

extension Forecast.Alert {
    /// Whether this alert tells of the same weather as `other`, as another source words it: the
    /// same event (the title's words before a comma, after a storm's name: "Heavy rain, yellow
    /// level, Agder, ..." is "Heavy rain"), at overlapping times.
    func isCopy(of other: Forecast.Alert) -> Bool {
        guard event == other.event, !event.isEmpty else { return false }
        return (time ?? .distantPast) < (other.expires ?? .distantFuture) && (other.time ?? .distantPast) < (expires ?? .distantFuture)
    }

    /// The title's name of the weather, in lower case.
    private var event: String {
        var words = Substring(title)
        if let colon = words.firstRange(of: ": ") { words = words[colon.upperBound...] }
        return String(words.prefix { $0 != "," }).trimmed.lowercased()
    }
}

/// The alert feeds rain knows: the one place they are registered.
public enum AlertSource: String, Sendable, CaseIterable {
    /// The raw values are what a cached alert's `source` says (`docs/forecast-json.md`).
    case nws, metAlerts = "metalerts"

    public var feed: any AlertFeed {
        switch self {
        case .nws: return NWSAlertFeed()
        case .metAlerts: return MetAlertsFeed()
        }
    }

    /// The feeds whose area holds `coordinate`.
    public static func feeds(for coordinate: Coordinate) -> [any AlertFeed] {
        allCases.map(\.feed).filter { $0.covers(coordinate) }
    }
}

extension ForecastEndpoint {
    /// The official services ask every client to name itself and a contact in `User-Agent`
    /// (api.weather.gov: weather-gov/api `assets/openapi.yaml`, `securitySchemes.userAgent`;
    /// api.met.no: metno/weatherapi-docs `doc/TermsOfService.md`, "Identification": "the
    /// application/domain name, optionally version number" and "a company email address or a
    /// link to the company website"; `doc/FAQ.md`: a missing or generic one is answered 403).
    /// The contact is the user's (`alerts_contact`); rain has no address of its own to give, so
    /// without one the request names the application and says so rather than make one up.
    static func identifyingUserAgent(contact: String?) -> String {
        "\(RainVersion.userAgent) (\(contact ?? "command-line weather tool; no contact configured"))"
    }

    /// A GET of `url` + `items` that names rain (the contact is added by `identifying(contact:)`)
    /// and asks for `accept` where the service documents a type of its own. It follows
    /// redirects, as both services ask of clients and neither request carries a key:
    /// api.weather.gov documents a 301 for `/alerts/active` ("Certain common queries may be
    /// redirected to discrete URLs", weather-gov/api `assets/openapi.yaml`), and api.met.no
    /// redirects http to https ("All clients must support redirects", metno/weatherapi-docs
    /// `doc/TermsOfService.md`, "Compression"). An https URL is never redirected to http.
    init(alertsAt url: String, _ items: [(String, String)], accept: String? = nil) {
        let full = url + Self.query(items)
        var headers = ["User-Agent": Self.identifyingUserAgent(contact: nil)]
        if let accept { headers["Accept"] = accept }
        self.init(request: HTTPRequest(url: full, headers: headers, followsRedirects: true), redactedURL: full,
                  host: Self.hostForMessages(of: url))
    }

    /// `degrees` with at most four decimals, as both services ask: api.weather.gov's
    /// `PointString` redirects longer ones, and MET (metno/weatherapi-docs `doc/TermsOfService.md`,
    /// "Traffic") answers 5+ decimals with 403 Forbidden. Four decimals are 11 m.
    static func fourDecimals(_ degrees: Double) -> String {
        format((degrees * 10_000).rounded() / 10_000)
    }

    /// The request asking whether the answer changed since `lastModified` (a previous answer's
    /// `Last-Modified`, sent back unchanged), or itself when there is none.
    func askingIfModified(since lastModified: String?) -> ForecastEndpoint {
        guard let lastModified else { return self }
        var endpoint = self
        endpoint.request.headers["If-Modified-Since"] = lastModified
        return endpoint
    }

    /// The request naming `contact` in its `User-Agent`.
    func identifying(contact: String?) -> ForecastEndpoint {
        var endpoint = self
        endpoint.request.headers["User-Agent"] = Self.identifyingUserAgent(contact: contact)
        return endpoint
    }
}

/// A part of a feed's coverage: a box of latitudes and longitudes, or, where a border runs
/// where no box follows it (a river between two cities), a simple polygon of its corners.
struct Area: Sendable {
    private enum Shape: Sendable {
        case box(latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>)
        case outline([Coordinate])
    }

    private let shape: Shape

    init(latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>) {
        shape = .box(latitudes: latitudes, longitudes: longitudes)
    }

    /// The polygon through `corners`, (latitude, longitude) in order, closed back to the first.
    init(outline corners: [(Double, Double)]) {
        shape = .outline(corners.map { Coordinate(latitude: $0.0, longitude: $0.1) })
    }

    func contains(_ coordinate: Coordinate) -> Bool {
        switch shape {
        case .box(let latitudes, let longitudes):
            return latitudes.contains(coordinate.latitude) && longitudes.contains(coordinate.longitude)
        case .outline(let corners):
            // Even-odd: a ray from the place towards the east crosses the outline an odd number
            // of times when the place is inside.
            var inside = false
            var previous = corners[corners.count - 1]
            for corner in corners {
                if (corner.latitude > coordinate.latitude) != (previous.latitude > coordinate.latitude) {
                    let crossing = corner.longitude + (coordinate.latitude - corner.latitude) / (previous.latitude - corner.latitude)
                        * (previous.longitude - corner.longitude)
                    if coordinate.longitude < crossing { inside.toggle() }
                }
                previous = corner
            }
            return inside
        }
    }
}

/// The places of `areas` that are not in any of `excluded`.
struct Coverage: Sendable {
    var areas: [Area]
    var excluded: [Area] = []

    func contains(_ coordinate: Coordinate) -> Bool {
        areas.contains { $0.contains(coordinate) } && !excluded.contains { $0.contains(coordinate) }
    }
}
