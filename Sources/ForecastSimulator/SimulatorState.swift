import Synchronization

/// The part of a simulator that connections share: its runtime behaviour and what it recorded.
final class SimulatorState: Sendable {
    static let maximumRecordedRequests = 10_000

    private struct Values {
        var behaviour: ForecastSimulator.Behaviour
        var latencyMilliseconds: Int
        var failFirstRemaining = 0
        var failBehaviour: ForecastSimulator.Behaviour = .normal
        var requestCount = 0
        var requests: [RecordedRequest] = []
        var openMeteoLimiter: OpenMeteoRateLimiter?
        var pirateWeatherLimiter: PirateWeatherRateLimiter?
        var ipLocationLimiter: IPLocationRateLimiter?
        /// When the limiter was first asked: from a fixed `now` its clock runs on from then.
        var limiterStarted: ContinuousClock.Instant?
        /// The air-quality route's own: rain asks it beside every forecast, so the forecast's
        /// behaviours, counts and failures stay the forecast's (`AirQuality.swift`).
        var airBehaviour: ForecastSimulator.Behaviour = .normal
        var airLatencyMilliseconds = 0
        var airRequests: [RecordedRequest] = []
    }

    let apiKey: String?
    let logger: (@Sendable (String) -> Void)?
    /// `Configuration.now`: nil follows the real clock.
    let fixedNow: Double?
    let limiterClock: ForecastSimulator.LimiterClock
    private let values: Mutex<Values>

    init(configuration: ForecastSimulator.Configuration) {
        apiKey = configuration.apiKey
        logger = configuration.requestLogger
        fixedNow = configuration.now
        limiterClock = configuration.limiterClock
        var initial = Values(behaviour: configuration.behaviour, latencyMilliseconds: configuration.latencyMilliseconds)
        initial.openMeteoLimiter = configuration.openMeteoLimits.map(OpenMeteoRateLimiter.init(limits:))
        initial.pirateWeatherLimiter = configuration.pirateWeatherPerSecond.map(PirateWeatherRateLimiter.init(perSecond:))
        initial.ipLocationLimiter = configuration.ipLocationPerMinute.map(IPLocationRateLimiter.init(perMinute:))
        values = Mutex(initial)
    }

    /// How long ago Open-Meteo's limiter was first asked (zero the first time).
    func timeSinceLimiterStarted() -> Duration {
        values.withLock { values in
            let now = ContinuousClock.now
            if values.limiterStarted == nil { values.limiterStarted = now }
            return now - values.limiterStarted!
        }
    }

    /// The reason Open-Meteo's limiter refuses a request at `now` with; nil when it lets it through
    /// (or there is no limiter).
    func openMeteoRefusal(now: Double) -> String? {
        values.withLock { $0.openMeteoLimiter?.refusal(now: now) }
    }

    /// The reason Open-Meteo refuses a request that would be in flight until `due` with (too
    /// many at once); nil when it lets it through (or there is no limiter).
    func openMeteoConcurrencyRefusal(answeredAt due: ContinuousClock.Instant) -> String? {
        values.withLock { $0.openMeteoLimiter?.admitConcurrent(answeredAt: due) }
    }

    func countOpenMeteoCall(_ weight: Float, now: Double) {
        values.withLock { $0.openMeteoLimiter?.count(weight, now: now) }
    }

    /// Pirate Weather's gateway's answer to a forecast request of `key` at `now`: nil (no
    /// limiter), or its headers and whether it lets the request through (then counted).
    func pirateWeatherAdmission(key: String, now: Double) -> (admitted: Bool, headers: [(String, String)])? {
        values.withLock { $0.pirateWeatherLimiter?.admit(key: key, now: now) }
    }

    /// Whether ifconfig.co's front lets a request to the IP location route through at `now`
    /// (counted when it does); true without a limiter.
    func admitsIPLocation(now: Double) -> Bool {
        values.withLock { $0.ipLocationLimiter?.admit(now: now) ?? true }
    }

    /// The Dark Sky requests Pirate Weather's limiter let through in each second of its clock,
    /// and how many it refused.
    var pirateWeatherCounts: (answeredBySecond: [Int: Int], refused: Int) {
        values.withLock { ($0.pirateWeatherLimiter?.answeredBySecond ?? [:], $0.pirateWeatherLimiter?.refused ?? 0) }
    }

    /// Weighted Open-Meteo calls counted per minute of the clock (unix seconds / 60).
    var openMeteoCallsByMinute: [Int: Double] { values.withLock { $0.openMeteoLimiter?.callsByMinute ?? [:] } }

    /// Records `request` and decides, in one step, how it is answered.
    func admit(_ request: RecordedRequest) -> (behaviour: ForecastSimulator.Behaviour, latencyMilliseconds: Int) {
        values.withLock { values in
            if request.path == AirQualityAPI.path {
                values.airRequests.append(request)
                if values.airRequests.count > Self.maximumRecordedRequests { values.airRequests.removeFirst() }
                return (values.airBehaviour, values.airLatencyMilliseconds)
            }
            values.requestCount += 1
            values.requests.append(request)
            if values.requests.count > Self.maximumRecordedRequests { values.requests.removeFirst() }
            if values.failFirstRemaining > 0 {
                values.failFirstRemaining -= 1
                return (values.failBehaviour, values.latencyMilliseconds)
            }
            return (values.behaviour, values.latencyMilliseconds)
        }
    }

    func setBehaviour(_ behaviour: ForecastSimulator.Behaviour) {
        values.withLock { $0.behaviour = behaviour }
    }

    func failFirst(_ count: Int, with behaviour: ForecastSimulator.Behaviour) {
        values.withLock {
            $0.failFirstRemaining = max(0, count)
            $0.failBehaviour = behaviour
        }
    }

    func setAirBehaviour(_ behaviour: ForecastSimulator.Behaviour, latencyMilliseconds: Int) {
        values.withLock {
            $0.airBehaviour = behaviour
            $0.airLatencyMilliseconds = max(0, latencyMilliseconds)
        }
    }

    var airRequests: [RecordedRequest] { values.withLock { $0.airRequests } }

    func setLatency(milliseconds: Int) {
        values.withLock { $0.latencyMilliseconds = max(0, milliseconds) }
    }

    var requestCount: Int { values.withLock { $0.requestCount } }
    var requests: [RecordedRequest] { values.withLock { $0.requests } }

    func resetRecordedRequests() {
        values.withLock {
            $0.requests = []
            $0.requestCount = 0
        }
    }
}
