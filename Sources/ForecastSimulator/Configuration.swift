extension ForecastSimulator {
    /// How a simulator starts. `host` must be a loopback address; `port` 0 picks a free port.
    public struct Configuration: Sendable {
        /// "127.0.0.1" (any 127.x.y.z), "::1" or "localhost" (bound as 127.0.0.1).
        public var host: String
        /// 0 = any free port. A fixed port can be stopped and started again (SO_REUSEADDR).
        public var port: UInt16
        /// nil accepts any key or none; otherwise a missing key gets 401, a wrong one 403.
        public var apiKey: String?
        public var behaviour: Behaviour
        public var latencyMilliseconds: Int
        /// Called once per request with a line like `GET /forecast/REDACTED/52.5,13.4 200`
        /// (key redacted), from the connection's thread.
        public var requestLogger: (@Sendable (String) -> Void)?
        /// A fixed clock (unix seconds) for everything time-dependent: Dark Sky documents,
        /// Open-Meteo time grids, the scenarios' rain windows. nil = the real clock.
        public var now: Double?
        /// Open-Meteo's rate limiter on its forecast paths, counting weighted calls
        /// (`OpenMeteoRateLimiter`); nil = none, as the real server for a host that is not its
        /// free API's. Tests give small limits.
        public var openMeteoLimits: OpenMeteoLimits?
        /// How the limiters' clock goes from a fixed `now`.
        public var limiterClock: LimiterClock
        /// Pirate Weather's per-key limit on its forecast route, in calls a second of the clock
        /// (`PirateWeatherRateLimiter`; its free plan's is 1); nil = none, as a Dark
        /// Sky-compatible server without Pirate Weather's gateway.
        public var pirateWeatherPerSecond: Int?
        /// ifconfig.co's limit on automated requests, in requests a minute of the clock
        /// (`IPLocationRateLimiter`; its FAQ asks for 1); nil = none, as echoip itself.
        public var ipLocationPerMinute: Int?

        public init(
            host: String = "127.0.0.1",
            port: UInt16 = 0,
            apiKey: String? = nil,
            behaviour: Behaviour = .normal,
            latencyMilliseconds: Int = 0,
            requestLogger: (@Sendable (String) -> Void)? = nil,
            now: Double? = nil,
            openMeteoLimits: OpenMeteoLimits? = nil,
            pirateWeatherPerSecond: Int? = nil,
            ipLocationPerMinute: Int? = nil,
            limiterClock: LimiterClock = .runsOn
        ) {
            self.host = host
            self.port = port
            self.apiKey = apiKey
            self.behaviour = behaviour
            self.latencyMilliseconds = latencyMilliseconds
            self.requestLogger = requestLogger
            self.now = now
            self.openMeteoLimits = openMeteoLimits
            self.pirateWeatherPerSecond = pirateWeatherPerSecond
            self.ipLocationPerMinute = ipLocationPerMinute
            self.limiterClock = limiterClock
        }
    }

    /// The clock the rate limiters count by when `now` is fixed (the real clock's otherwise).
    public enum LimiterClock: Sendable, Equatable {
        /// From `now` on as the real clock goes from the first request counted, so a minute's
        /// count ends and a client that waits for it is let through.
        case runsOn
        /// Held at `now`: a window never ends, so a test of one window holds however long a
        /// loaded machine takes between its requests.
        case held
    }
}
