/// Pirate Weather's gateway limiting each key per second: "Added a per API key rate limit of 1
/// to 4/ per second (depending on the plan)" (Pirate-Weather/pirateweather `docs/changelog.md`,
/// 9 December 2024), the free plan the lowest. The gateway is Kong
/// (`docs/Blog/Infrastructure2026.md`: it "manages authentication and rate limiting"), whose
/// rate-limiting plugin (Kong/kong `kong/plugins/rate-limiting/handler.lua`) counts each
/// window of its clock (`second`, `month`), checks the counts before the request and counts
/// only a request it lets through. Every answer carries each window's
/// `X-RateLimit-Limit-Second` and `X-RateLimit-Remaining-Second` (`-Month` too) and the IETF
/// draft's `RateLimit-Limit`, `-Remaining` and `-Reset` of the window with the fewest calls
/// left; a refusal is 429 `{"message":"API rate limit exceeded"}` with `Retry-After` equal to
/// that `RateLimit-Reset`: 1 for the second. The limit is the key's, the same on every
/// answer, so a client may keep what it was told for its next run. The server behind the
/// gateway sets none of these (Pirate-Weather/pirate-weather-code `API/responseLocal.py` adds
/// only `X-Node-ID`, `X-Handler-Time`, `X-Response-Time` and `Cache-Control`; its README:
/// self-hosting goes without "the Kong/ AWS API gateway"): a self-hosted one is the simulator
/// without this limiter.
struct PirateWeatherRateLimiter: Sendable {
    /// The calls a key may make in one second of the clock.
    let perSecond: Int
    /// The calls each key made in the second it last called in, and in all.
    private var seconds: [String: (second: Int, used: Int)] = [:]
    private var month: [String: Int] = [:]
    /// How many requests each second let through, and how many it refused, for tests.
    private(set) var answeredBySecond: [Int: Int] = [:]
    private(set) var refused = 0

    init(perSecond: Int) {
        self.perSecond = max(1, perSecond)
    }

    /// The headers of a request of `key` at `now` (unix seconds), and whether it is let
    /// through; a request let through is counted.
    mutating func admit(key: String, now: Double) -> (admitted: Bool, headers: [(String, String)]) {
        let second = Int(now.rounded(.down))
        var used = seconds[key].map { $0.second == second ? $0.used : 0 } ?? 0
        var spent = month[key, default: 0]
        let admitted = used < perSecond && spent < FailureResponses.rateLimit
        if admitted {
            used += 1
            spent += 1
            seconds[key] = (second, used)
            month[key] = spent
            answeredBySecond[second, default: 0] += 1
        } else {
            refused += 1
        }
        let secondLeft = max(0, perSecond - used)
        let monthLeft = max(0, FailureResponses.rateLimit - spent)
        var headers = [("X-RateLimit-Limit-Second", String(perSecond)), ("X-RateLimit-Remaining-Second", String(secondLeft)),
                       ("X-RateLimit-Limit-Month", String(FailureResponses.rateLimit)),
                       ("X-RateLimit-Remaining-Month", String(monthLeft))]
        // The window with the fewest calls left, the longer one of two equal (`handler.lua`).
        let monthReset = FailureResponses.kongMonthReset(now: now)
        let (limit, left, reset) = secondLeft < monthLeft ? (perSecond, secondLeft, 1) : (FailureResponses.rateLimit, monthLeft, monthReset)
        headers += [("RateLimit-Limit", String(limit)), ("RateLimit-Remaining", String(left)), ("RateLimit-Reset", String(reset))]
        if !admitted { headers.append(("Retry-After", String(reset))) }
        return (admitted, headers)
    }

    /// Kong's refusal: `kong.response.error(429, "API rate limit exceeded", headers)`.
    static func refusal(headers: [(String, String)]) -> ServerResponse {
        .json(429, .object([("message", .string("API rate limit exceeded"))]), headers: headers)
    }
}
