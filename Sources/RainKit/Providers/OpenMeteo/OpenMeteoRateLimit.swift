/// Open-Meteo's free limits and the words of its 429s.
///
/// open-meteo/open-meteo `Sources/App/Helper/Vapor/RateLimiter.swift`: per IP address, fewer
/// than 10,000 calls a day, 5,000 an hour and 600 a minute (`CALL_LIMIT_*`), counted in windows
/// the server clears on the UTC clock (`minutelyCallback`: every minute, the hour's count at
/// the top of the hour, the day's at 00:00 UTC). A request is refused once a count has
/// reached its limit (`check`), minute first, then hour, then day; a refused one counts
/// nothing. The answer is 429 `{"error": true, "reason": ...}` with no `Retry-After`
/// (`RateLimitError.reason`, written by `configure.swift`'s `ErrorMiddleware.custom`).
/// The website's terms (open-meteo/open-meteo-website `src/routes/en/terms/+page.svelte`):
/// non-commercial use only, "Less than 10'000 API calls per day, 5'000 per hour and 600 per minute".
enum OpenMeteoRateLimit {
    static let service = "Open-Meteo"

    static let limits = FreeLimits(service: service, perMinute: 600, perHour: 5_000, perDay: 10_000)

    /// The free limits where `url` is Open-Meteo's free service: a host of open-meteo.com other
    /// than the paid plans' `customer-*` ones (the website's docs: `customer-api.open-meteo.com`
    /// with an `apikey`), or this machine, where the tests' ForecastSimulator stands in for it.
    /// A server of one's own (Open-Meteo is AGPL and self-hostable) has no such limits.
    static func freeLimits(forURL url: String) -> FreeLimits? {
        let host = ForecastEndpoint.host(of: url).lowercased()
        let isPublic = (host == "open-meteo.com" || host.hasSuffix(".open-meteo.com")) && !host.hasPrefix("customer-")
        return isPublic || ForecastEndpoint.isOnThisMachine(url) ? limits : nil
    }

    /// `RateLimitError.reason` of each window, as the server writes it.
    static let reasons: [(reason: String, window: ExceededQuota.Window)] = [
        ("Minutely API request limit exceeded. Please try again in one minute.", .minute),
        ("Hourly API request limit exceeded. Please try again in the next hour.", .hour),
        ("Daily API request limit exceeded. Please try again tomorrow.", .day),
    ]

    /// The window a 429's reason names; its first sentence is enough.
    static func window(reason: String) -> ExceededQuota.Window? {
        reasons.first { known in
            let sentence = known.reason.prefix { $0 != "." }
            return reason.hasPrefix(sentence)
        }?.window
    }
}
