import Foundation

/// The simulator's handler of its loopback server: each request is recorded, routed under the
/// behaviour in force, answered after the latency and logged.
extension SimulatorState: RequestHandler {
    func reply(to request: ServerRequest, connection number: Int) -> Reply {
        let (behaviour, latency) = admit(request.recorded)
        let clock = fixedNow ?? Date().timeIntervalSince1970
        let router = Router(apiKey: apiKey, now: clock.rounded(.down))
        let action: Reply.Action
        if Route(segments: request.pathSegments).isLimitedByOpenMeteo {
            action = limitedOpenMeteo(request, router: router, behaviour: behaviour, now: limiterNow,
                                      answeredAt: .now + .milliseconds(latency))
        } else if case .darkSky(let pathKey, _) = Route(segments: request.pathSegments),
                  case let key = request.headers["apikey"] ?? pathKey, apiKey == nil || key == apiKey,
                  let admission = pirateWeatherAdmission(key: key, now: limiterNow) {
            // The key is checked first (Kong's key-auth runs before rate-limiting), and each
            // key has its own count.
            action = admission.admitted
                ? Self.adding(admission.headers, to: router.action(for: request, behaviour: behaviour))
                : .respond(PirateWeatherRateLimiter.refusal(headers: admission.headers))
        } else if Route(segments: request.pathSegments) == .ipLocation, !admitsIPLocation(now: clock) {
            action = .respond(IPLocationRateLimiter.refusal)
        } else {
            action = router.action(for: request, behaviour: behaviour)
        }
        log(request, action: action)
        return Reply(action, after: .milliseconds(latency))
    }

    /// The time the limiters count by. From a fixed `now` it runs on as the real clock does
    /// from the first request counted (the answers stay those of the moment given), so a
    /// minute's count ends and a client that waits for it is let through; or it is held there
    /// (`Configuration.limiterClock`).
    private var limiterNow: Double {
        guard let fixedNow else { return Date().timeIntervalSince1970 }
        if limiterClock == .held { return fixedNow }
        let elapsed = timeSinceLimiterStarted().components
        return fixedNow + Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    /// A forecast or air-quality request through Open-Meteo's limiter (`OpenMeteoRateLimiter`): refused with
    /// the real 429 (over a limit, or too many in flight at once), or answered and counted.
    private func limitedOpenMeteo(_ request: ServerRequest, router: Router, behaviour: ForecastSimulator.Behaviour, now: Double,
                                  answeredAt due: ContinuousClock.Instant) -> Reply.Action {
        if let reason = openMeteoRefusal(now: now) ?? openMeteoConcurrencyRefusal(answeredAt: due) {
            return .respond(FailureResponses(openMeteo: true).rateLimited(reason: reason))
        }
        let action = router.action(for: request, behaviour: behaviour)
        let answered: Bool
        switch action {
        case .respond(let response), .drip(let response, _), .cutOff(let response): answered = (200..<300).contains(response.status)
        case .hang, .disconnect: answered = false
        }
        countOpenMeteoCall(answered ? OpenMeteoRateLimiter.weight(of: request) : 1, now: now)
        return action
    }

    /// The gateway's headers on the server's answer (Kong's `header_filter` sets them on
    /// whatever the upstream sent).
    private static func adding(_ headers: [(String, String)], to action: Reply.Action) -> Reply.Action {
        func with(_ response: ServerResponse) -> ServerResponse {
            var response = response
            response.headers += headers
            return response
        }
        switch action {
        case .respond(let response): return .respond(with(response))
        case .drip(let response, let rate): return .drip(with(response), bytesPerSecond: rate)
        case .cutOff(let response): return .cutOff(with(response))
        case .hang, .disconnect: return action
        }
    }

    private func log(_ request: ServerRequest, action: Reply.Action) {
        guard let logger else { return }
        let outcome: String
        switch action {
        case .hang: outcome = "hang"
        case .disconnect: outcome = "disconnect"
        case .cutOff(let response): outcome = "\(response.status) cut off"
        case .respond(let response): outcome = String(response.status)
        case .drip(let response, let rate): outcome = "\(response.status) drip \(rate) B/s"
        }
        logger("\(request.method) \(Router.redactedTarget(request)) \(outcome)")
    }
}
