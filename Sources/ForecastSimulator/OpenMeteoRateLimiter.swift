extension ForecastSimulator {
    /// Open-Meteo's free limits, in weighted calls per IP address (the simulator has one: loopback).
    public struct OpenMeteoLimits: Sendable, Equatable {
        public var perMinute: Double
        public var perHour: Double
        public var perDay: Double

        /// open-meteo/open-meteo `Sources/App/Helper/Vapor/RateLimiter.swift`: `CALL_LIMIT_MINUTELY`,
        /// `CALL_LIMIT_HOURLY`, `CALL_LIMIT_DAILY` when unset.
        public static let free = OpenMeteoLimits(perMinute: 600, perHour: 5_000, perDay: 10_000)

        public init(perMinute: Double, perHour: Double, perDay: Double) {
            self.perMinute = perMinute
            self.perHour = perHour
            self.perDay = perDay
        }
    }
}

/// The free API's limiter, as open-meteo/open-meteo writes it (`Sources/App/Helper/Vapor/RateLimiter.swift`
/// and `ApiKeyManager.swift`, `withApiParameter`): before a forecast request the counts are
/// checked, minute first, then hour, then day, and a count that has reached its limit refuses
/// the request with 429 (`RateLimitError`), counting nothing; an answered request adds its
/// weight (`calculateQueryWeight`), a failed one 1 ("Some users do infinite retries on errors!").
/// The counts are cleared on the UTC clock (`configure.swift` runs `minutelyCallback` at each
/// whole minute: the minute's count, at the top of the hour the hour's, at 00:00 UTC the day's).
struct OpenMeteoRateLimiter: Sendable {
    let limits: ForecastSimulator.OpenMeteoLimits
    private var minute = (window: -1, used: Float(0))
    private var hour = (window: -1, used: Float(0))
    private var day = (window: -1, used: Float(0))
    /// The weighted calls counted in each minute (unix seconds / 60), for tests.
    private(set) var callsByMinute: [Int: Double] = [:]

    init(limits: ForecastSimulator.OpenMeteoLimits) {
        self.limits = limits
    }

    /// The free server runs one request of an IP address at a time and queues the next, and
    /// refuses one that would make more than `concurrentAtMost` in flight with 429 "Too many
    /// concurrent requests", counting nothing (open-meteo/open-meteo `ApiKeyManager.swift`
    /// `ConcurrencyGroupLimiter.wait`, `RateLimiter.swift` `concurrencyLimitHard`, 5 unless set).
    static let concurrentAtMost = 5
    static let tooManyConcurrent = "Too many concurrent requests"
    /// When each request let through will have been answered.
    private var answeredAt: [ContinuousClock.Instant] = []

    /// Lets a request through that will be answered at `due`, unless `concurrentAtMost` are
    /// still in flight: then the refusal's reason.
    mutating func admitConcurrent(answeredAt due: ContinuousClock.Instant) -> String? {
        let now = ContinuousClock.now
        answeredAt.removeAll { $0 <= now }
        guard answeredAt.count < Self.concurrentAtMost else { return Self.tooManyConcurrent }
        answeredAt.append(due)
        return nil
    }

    /// `RateLimitError.reason` of the limit a request at `now` is over; nil lets it through.
    mutating func refusal(now: Double) -> String? {
        roll(now: now)
        if minute.used >= Float(limits.perMinute) { return "Minutely API request limit exceeded. Please try again in one minute." }
        if hour.used >= Float(limits.perHour) { return "Hourly API request limit exceeded. Please try again in the next hour." }
        if day.used >= Float(limits.perDay) { return "Daily API request limit exceeded. Please try again tomorrow." }
        return nil
    }

    mutating func count(_ weight: Float, now: Double) {
        roll(now: now)
        minute.used += weight
        hour.used += weight
        day.used += weight
        callsByMinute[Int(now) / 60, default: 0] += Double(weight)
    }

    private mutating func roll(now: Double) {
        let seconds = Int(now)
        if minute.window != seconds / 60 { minute = (seconds / 60, 0) }
        if hour.window != seconds / 3600 { hour = (seconds / 3600, 0) }
        if day.window != seconds / 86_400 { day = (seconds / 86_400, 0) }
    }

    /// open-meteo/open-meteo `Sources/App/Helper/Writer/ForecastApiResult.swift`, `calculateQueryWeight`:
    /// `max(1, max(v / 10, v / 10 * d / 14))` for one location, `v` the variables of `current`,
    /// `minutely_15`, `hourly` and `daily` times the models (`ForecastapiController.swift`:
    /// `current_weather=true` is 5 variables; each of the forecast API's models has one member),
    /// `d` the days of the daily range: `past_days` + `forecast_days` (default 7, the air's 5;
    /// `getTimerange2`; `time.dailyRead` in `ForecastapiController.swift`).
    static func weight(of request: ServerRequest) -> Float {
        func count(_ name: String) -> Int {
            (request.queryValue(name) ?? "").split(separator: ",").filter { !$0.isEmpty }.count
        }
        let current = request.queryValue("current_weather") == "true" ? 5 : count("current")
        // The Ensemble API counts each model's members (`ForecastapiController.swift`:
        // `domains.reduce(0, { $0 + $1.countEnsembleMember })`); the default model is GFS's.
        let names = (request.queryValue("models") ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }
        let models = request.pathSegments.last == "ensemble"
            ? (names.isEmpty ? ["gfs_seamless"] : names).reduce(0) { $0 + (EnsembleAPI.members[$1] ?? 1) }
            : max(1, names.count)
        let variables = (current + count("minutely_15") + count("hourly") + count("daily")) * models
        // The daily range's days whatever hours are asked: `past_hours` and `forecast_hours`
        // leave it at the API's default (`TimeGrid.Limits`), 5 days for the air, 7 for the others.
        let defaultDays = request.path == AirQualityAPI.path ? 5 : 7
        let days = (request.queryValue("forecast_days").flatMap { Int($0) } ?? defaultDays) + (request.queryValue("past_days").flatMap { Int($0) } ?? 0)
        let timeFraction = Float(days) / 14
        let variablesFraction = Float(variables) / 10
        return max(1, max(variablesFraction, timeFraction * variablesFraction))
    }
}
