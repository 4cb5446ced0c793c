extension ForecastClient {
    /// Everything a `ForecastClient` works with. The defaults are rain's.
    public struct Configuration: Sendable {
        public var provider: Provider
        /// Open-Meteo's forecast endpoint, for `provider` `.openMeteo`.
        public var openMeteoURL: String
        /// For `provider` `.darkSky`: ends with "/" (one is added if missing); the key (path placement) and "lat,lon" follow it.
        public var baseURL: String
        public var apiKey: APIKey?
        public var keyPlacement: APIKeyPlacement
        public var units: UnitSystem
        public var language: String
        public var timeouts: HTTPTimeouts
        public var lowSpeed: LowSpeedLimit
        /// The largest body accepted, in bytes.
        public var bodyLimit: Int
        /// A PEM bundle of CA certificates to trust instead of the system's.
        public var caFile: String?
        /// At most this many requests in flight in a batch.
        public var maxConcurrentRequests: Int
        /// The tries, and in `totalBudget` the time a whole batch may take, waits included.
        public var retry: RetryPolicy
        /// Given one line per attempt (`GET <redacted url> -> 200 (123 ms)`) when set.
        public var verbose: (@Sendable (String) -> Void)?

        public init(
            provider: Provider = .darkSky, baseURL: String, openMeteoURL: String = "", apiKey: APIKey?, keyPlacement: APIKeyPlacement = .path,
            units: UnitSystem = .si, language: String = "en", timeouts: HTTPTimeouts = HTTPTimeouts(),
            lowSpeed: LowSpeedLimit = LowSpeedLimit(), bodyLimit: Int = TransferOptions.defaultBodyLimit,
            caFile: String? = nil, maxConcurrentRequests: Int = 6, retry: RetryPolicy = RetryPolicy(),
            verbose: (@Sendable (String) -> Void)? = nil
        ) {
            self.provider = provider
            self.baseURL = baseURL
            self.openMeteoURL = openMeteoURL
            self.apiKey = apiKey
            self.keyPlacement = keyPlacement
            self.units = units
            self.language = language
            self.timeouts = timeouts
            self.lowSpeed = lowSpeed
            self.bodyLimit = bodyLimit
            self.caFile = caFile
            self.maxConcurrentRequests = maxConcurrentRequests
            self.retry = retry
            self.verbose = verbose
        }

        /// The configuration `settings` describe.
        public init(settings: Settings, verbose: (@Sendable (String) -> Void)? = nil) {
            self.init(
                provider: settings.provider, baseURL: settings.baseURL, openMeteoURL: settings.openMeteoURL, apiKey: settings.apiKey, keyPlacement: settings.apiKeyPlacement,
                units: settings.fetchUnits, language: settings.language,
                timeouts: HTTPTimeouts(connect: .seconds(settings.connectTimeoutSeconds),
                                       total: .seconds(settings.timeoutSeconds)),
                caFile: settings.caFile,
                maxConcurrentRequests: Self.requestsInFlight(with: settings),
                retry: RetryPolicy(totalBudget: .seconds(settings.timeoutSeconds)), verbose: verbose)
        }

        /// At most `max_concurrent_requests`, and what the provider takes of one client at once,
        /// less what the air's requests beside the forecasts take of the same server's count.
        static func requestsInFlight(with settings: Settings) -> Int {
            guard let most = settings.provider.unit.concurrentRequestsAtMost else { return settings.maxConcurrentRequests }
            let air = AirQualityService.sharesPlan(with: settings) ? AirQualityService.requestsInFlight(with: settings) : 0
            return max(1, min(settings.maxConcurrentRequests, most - air))
        }

        var transferOptions: TransferOptions {
            TransferOptions(timeouts: timeouts, lowSpeed: lowSpeed, bodyLimit: bodyLimit, caFile: caFile)
        }

        /// The request for `coordinate` to `provider` (`key` goes only to a provider that needs one).
        func endpoint(for coordinate: Coordinate, key: APIKey) -> ForecastEndpoint {
            provider.unit.endpoint(for: coordinate, configuration: self, key: key)
        }
    }
}
