/// The API key. Its description never shows it whole, so it cannot leak through string
/// interpolation into a message or a log.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public let value: String

    public init(_ value: String) { self.value = value }

    /// The fewest characters of a key rain uses. Real keys are long random strings (Dark Sky's
    /// were 32 hex digits, Pirate Weather's are random letters and digits); a short or
    /// all-digit one ("1", "rain") is a piece of rain's own text (`127.0.0.1`, `RAIN_HOME`),
    /// which hiding it everywhere would garble, and it is refused.
    public static let minimumLength = 12

    /// Whether `value` is long enough, and holds a letter, to be told apart from rain's text.
    public static func isLongEnough(_ value: String) -> Bool {
        value.count >= minimumLength && value.unicodeScalars.contains { $0.properties.isAlphabetic }
    }

    /// `abcd…wxyz` for keys long enough (20+ characters) that eight shown keep most of it
    /// hidden, `…` otherwise.
    public var redacted: String {
        guard value.count >= 20 else { return "…" }
        return "\(value.prefix(4))…\(value.suffix(4))"
    }

    public var description: String { redacted }
    public var debugDescription: String { "APIKey(\(redacted))" }
}

/// Which API speaks to rain.
public enum Provider: String, Sendable, Equatable, CaseIterable {
    /// Pirate Weather or any other server speaking the Dark Sky format; needs a key.
    case darkSky = "darksky"
    /// Open-Meteo: no key.
    case openMeteo = "openmeteo"
}

/// The `provider` setting: a provider, or `auto` (the Dark Sky-compatible one when a key is
/// configured, else Open-Meteo).
public enum ProviderChoice: String, Sendable, Equatable, CaseIterable {
    case auto
    case darkSky = "darksky"
    case openMeteo = "openmeteo"
}

/// Where the key travels: in the URL path (Dark Sky style) or in an `apikey` header.
public enum APIKeyPlacement: String, Sendable, Equatable, CaseIterable {
    case path, header
}

/// Everything rain is configured with, after the config file and the environment are merged.
public struct Settings: Sendable, Equatable {
    public var paths: RainPaths
    public var providerChoice: ProviderChoice = .auto
    /// Ends with "/"; the key (in path placement) and "lat,lon" are appended to it.
    public var baseURL: String = "https://api.pirateweather.net/forecast/"
    /// Open-Meteo's forecast endpoint; the query follows it.
    public var openMeteoURL: String = "https://api.open-meteo.com/v1/forecast"
    /// Open-Meteo's geocoding endpoint, where `rain locations add NAME` looks names up.
    public var geocodingURL: String = "https://geocoding-api.open-meteo.com/v1/search"
    /// Where `rain locations add --here` asks for this machine's place (an echoip server).
    public var ipLocationURL: String = "https://ifconfig.co/json"
    /// The US National Weather Service's active alerts (`Providers/NWS/`).
    public var nwsURL: String = "https://api.weather.gov/alerts/active"
    /// MET Norway's MetAlerts (`Providers/MetAlerts/`).
    public var metAlertsURL: String = "https://api.met.no/weatherapi/metalerts/2.0/current.json"
    /// Open-Meteo's Air Quality API (`Providers/AirQuality/`).
    public var airQualityURL: String = "https://air-quality-api.open-meteo.com/v1/air-quality"
    /// Open-Meteo's Ensemble API (`Providers/OpenMeteoEnsemble/`), asked by `rain show --spread`.
    public var ensembleURL: String = "https://ensemble-api.open-meteo.com/v1/ensemble"
    /// `ensemble_model`: nil is ICON in Europe, GFS elsewhere.
    public var ensembleModel: EnsembleModel?
    /// `"ensemble": true`: periodic refreshes (`refresh`, cron, the timer, `watch`) keep each
    /// place's spread too, fetched when the kept one is older than 6 hours.
    public var ensemble = false
    /// Whether the air is fetched beside each forecast (`"air_quality": false` turns it off).
    public var airQuality = true
    /// Which index the air is shown in (`aqi_scale`).
    public var aqiScale: AirQualityScaleChoice = .auto
    /// How the official alert services may reach the user (an email address or URL), sent in
    /// their `User-Agent` as they ask; nil: rain names itself and says no contact is set.
    public var alertsContact: String?
    public var apiKey: APIKey?
    public var apiKeyPlacement: APIKeyPlacement = .path
    /// The preset (`units`, or `--units` for one run).
    public var units: UnitSystem = .si
    /// The preset as it was named (`metric` asks for `ca`).
    public var unitsName = UnitSystem.si.rawValue
    /// The unit each quantity is shown in: the preset's, or the quantity's own key.
    public var displayUnits = DisplayUnits(preset: .si)
    /// `clock` resolved: `auto` is 12-hour where the locale's country reads a 12-hour clock
    /// (or, with no country, for the `us` preset).
    public var twelveHourClock = false
    /// Summaries and place names are asked for in it: "de", "pt", "zh-tw".
    public var language: String = "en"
    /// Messages and screens are in it: `--lang`, else the configuration's `language`, else the
    /// locale's (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), else English: "de_DE.UTF-8", "ja".
    public var messagesLocale: String = "en"
    /// Where each unit and language setting came from, by key, as `rain config show` says it.
    public var origins: [String: String] = [:]
    public var refreshIntervalMinutes: Int = 30
    /// Whole-request timeout.
    public var timeoutSeconds: Double = 30
    public var connectTimeoutSeconds: Double = 10
    public var maxConcurrentRequests: Int = 6
    /// A PEM bundle of CA certificates to trust instead of the system's.
    public var caFile: String?
    /// The proxy libcurl will go through to reach `baseURL` (from `https_proxy`, `http_proxy`,
    /// `all_proxy`, less `no_proxy`); reachability is then a question about the proxy.
    public var proxyURL: String?
    /// What `rain notify` tells about (the `notify` object).
    public var notify = NotifySettings()

    public init(paths: RainPaths) { self.paths = paths }

    /// The provider in effect: the chosen one, or for `auto` the Dark Sky-compatible API when
    /// a key is configured and Open-Meteo when not.
    public var provider: Provider {
        switch providerChoice {
        case .darkSky: return .darkSky
        case .openMeteo: return .openMeteo
        case .auto: return apiKey == nil ? .openMeteo : .darkSky
        }
    }

    /// Why `provider` is the one in effect, as `rain config show` says it.
    public var providerReason: String {
        let needsKey = provider.unit.needsKey
        switch (providerChoice, apiKey) {
        case (.auto, nil): return "no API key configured"
        case (.auto, _): return "an API key is configured"
        case (_, nil) where needsKey: return "no API key configured: fetching will fail"
        case (_, _?) where !needsKey: return "set in the configuration; the API key is not used"
        default: return "set in the configuration"
        }
    }

    /// The units forecasts are fetched and cached in: the provider's canonical system for the
    /// preset, so that changing what is shown needs no new forecast.
    public var fetchUnits: UnitSystem { provider.unit.canonicalUnits(preset: units) }

    /// The language summaries are fetched in, for a provider that writes them; nil for one
    /// that sends numbers only (rain translates its words).
    public var fetchLanguage: String? { provider.unit.writesSummaries ? language : nil }

    /// The URL forecasts are fetched from, for the provider in effect.
    public var forecastURL: String { provider.unit.forecastURL(in: self) }
}
