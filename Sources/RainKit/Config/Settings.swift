/// The API key. Its description never shows it whole, so it cannot leak through string
/// interpolation into a message or a log.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public let value: String

    public init(_ value: String) { self.value = value }

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
    /// Pirate Weather or any other server speaking the Dark Sky format.
    case darkSky = "darksky"
}

/// Where the key travels: in the URL path (Dark Sky style) or in an `apikey` header.
public enum APIKeyPlacement: String, Sendable, Equatable, CaseIterable {
    case path, header
}

/// Everything rain is configured with, after the config file and the environment are merged.
public struct Settings: Sendable, Equatable {
    public var paths: RainPaths
    public var provider: Provider = .darkSky
    /// Ends with "/"; the key (in path placement) and "lat,lon" are appended to it.
    public var baseURL: String = "https://api.pirateweather.net/forecast/"
    public var apiKey: APIKey?
    public var apiKeyPlacement: APIKeyPlacement = .path
    public var units: UnitSystem = .si
    public var language: String = "en"
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

    public init(paths: RainPaths) { self.paths = paths }
}
