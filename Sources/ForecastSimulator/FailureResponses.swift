/// The broken answers: provider error bodies for a status, and bodies that are not what a
/// client expects. Pirate Weather errors are `{"detail": ...}` (400, 404) or
/// `{"message": ...}` (401, 403, 429, 5xx); Open-Meteo's are `{"error": true, "reason": ...}`.
struct FailureResponses: Sendable {
    /// Answer in Open-Meteo's error shape instead of Pirate Weather's.
    var openMeteo = false
    /// The simulator's clock (unix seconds): Pirate Weather's quota resets when the month turns.
    var now: Double = 0

    static let rateLimit = 10_000

    /// Kong's rate-limiting headers for a month's quota (`handler.lua`): the window with the
    /// fewest calls left (here the only one), and each window's own.
    static func rateLimitHeaders(remaining: Int, reset: Int) -> [(String, String)] {
        draftRateLimitHeaders(remaining: remaining, reset: reset)
            + [("x-ratelimit-limit-month", String(rateLimit)), ("x-ratelimit-remaining-month", String(remaining))]
    }

    /// The IETF draft's three (`RateLimit-Limit`, `-Remaining`, `-Reset`), as any limiter may send them.
    static func draftRateLimitHeaders(remaining: Int, reset: Int) -> [(String, String)] {
        [("ratelimit-limit", String(rateLimit)), ("ratelimit-remaining", String(remaining)), ("ratelimit-reset", String(reset))]
    }

    /// Kong's `RateLimit-Reset` for a month (`handler.lua`: `max(1, window - elapsed)`): a window
    /// of 30 days (`expiration.lua`) from the month's first second, UTC (`kong/tools/timestamp.lua`),
    /// though its count starts again when the month turns: a day early in a 31-day month, two
    /// days late in February.
    static func kongMonthReset(now: Double) -> Int {
        let seconds = Int(now.rounded(.down))
        return max(1, 2_592_000 - (seconds - startOfMonth(seconds)))
    }

    /// The unix second the UTC month of `seconds` began (Hinnant's civil_from_days for the day).
    static func startOfMonth(_ seconds: Int) -> Int {
        let days = (seconds >= 0 ? seconds : seconds - 86_399) / 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let dayOfMonth = dayOfYear - (153 * ((5 * dayOfYear + 2) / 153) + 2) / 5 + 1
        return (days - dayOfMonth + 1) * 86_400
    }

    func status(_ status: Int, retryAfter: Int?) -> ServerResponse {
        var headers: [(String, String)] = []
        if openMeteo {
            // open-meteo/open-meteo Sources/App/Helper/Vapor/RateLimiter.swift: the limiter
            // throws RateLimitError (an AbortError: status and reason only), which Vapor's
            // ErrorMiddleware writes as {"error": true, "reason": ...} with no Retry-After and
            // no rate-limit headers.
        } else if status == 429, let retryAfter {
            // A shorter wait told with --status 429 --retry-after (a proxy's). Pirate
            // Weather's own per-second refusal is PirateWeatherRateLimiter's.
            headers.append(("Retry-After", String(retryAfter)))
            headers += Self.draftRateLimitHeaders(remaining: 0, reset: retryAfter)
        } else if status == 429 {
            // Pirate-Weather/pirateweather docs/API.md: a 429 is "your API key has hit the quota
            // for the month"; Ratelimit-Reset is "the time in seconds until your rate limit
            // resets". Its gateway is Kong (docs/changelog.md), whose rate-limiting plugin
            // (Kong/kong kong/plugins/rate-limiting/handler.lua) refuses with Retry-After equal to
            // RateLimit-Reset and the month's own X-RateLimit-*-Month headers.
            let reset = Self.kongMonthReset(now: now)
            headers.append(("Retry-After", String(reset)))
            headers += Self.rateLimitHeaders(remaining: 0, reset: reset)
        } else if let retryAfter {
            headers.append(("Retry-After", String(retryAfter)))
        }
        if (200..<300).contains(status) || status == 304 || (100..<200).contains(status) {
            // Not a failure: an empty answer with that status.
            return ServerResponse(status: status, headers: headers)
        }
        if openMeteo {
            let message = Self.openMeteoMessage(for: status)
            return .json(status, .object([("error", .bool(true)), ("reason", .string(message))]), headers: headers)
        }
        let message = Self.message(for: status)
        let key = status == 400 || status == 404 || status == 422 ? "detail" : "message"
        return .json(status, .object([(key, .string(message))]), headers: headers)
    }

    /// Open-Meteo's limiter refusing a request: 429 with `reason` (`RateLimitError.reason`), no
    /// `Retry-After`, no rate-limit headers.
    func rateLimited(reason: String) -> ServerResponse {
        .json(429, .object([("error", .bool(true)), ("reason", .string(reason))]))
    }

    /// open-meteo/open-meteo Sources/App/Helper/Vapor/RateLimiter.swift, RateLimitError.reason
    /// (429 minutely limit, 503 overloaded); other statuses get Vapor's reason phrase.
    static func openMeteoMessage(for status: Int) -> String {
        switch status {
        case 429: return "Minutely API request limit exceeded. Please try again in one minute."
        case 503: return "The service is overloaded"
        default: return ServerResponse.reasonPhrase(status)
        }
    }

    static func message(for status: Int) -> String {
        switch status {
        case 400: return "Invalid Location Specification"
        case 401: return "Unauthorized: missing API key"
        case 403: return "Forbidden: invalid API key"
        case 404: return "Not Found"
        case 429: return "API rate limit exceeded"  // Kong's (rate-limiting schema.lua, error_message)
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Endpoint request timed out"
        default: return ServerResponse.reasonPhrase(status)
        }
    }

    func malformed() -> ServerResponse {
        .text(200, contentType: "application/json", "{\"latitude\": 52.52,, \"currently\": {temperature: warm} <!-- not json")
    }

    func empty() -> ServerResponse {
        ServerResponse(status: 200, headers: [("Content-Type", "application/json")])
    }

    func html() -> ServerResponse {
        .text(200, contentType: "text/html; charset=utf-8", """
            <!DOCTYPE html>
            <html><head><title>Hotel WiFi - Sign in</title></head>
            <body><h1>Welcome!</h1><p>Please accept the terms of use to continue.</p>
            <form method="post" action="/login"><button>Accept</button></form></body></html>

            """)
    }

    /// The first half of a valid document (so `Content-Length` matches what is sent).
    func truncated(_ document: String) -> ServerResponse {
        let bytes = Array(document.utf8)
        return ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: .bytes(Array(bytes[..<(bytes.count / 2)])))
    }

    /// Valid JSON of the wrong shape.
    func wrongTypes() -> ServerResponse {
        let value = JSONValue.object([
            ("latitude", .string("52.52")),
            ("longitude", .number(13.405)),
            ("timezone", .integer(42)),
            ("offset", .string("two")),
            ("currently", .object([
                ("time", .string("now")),
                ("summary", .integer(7)),
                ("icon", .array([])),
                ("temperature", .string("warm")),
                ("humidity", .string("high")),
                ("windBearing", .bool(true)),
            ])),
            ("minutely", .array([.string("soon")])),
            ("hourly", .object([("summary", .null), ("data", .object([("0", .object([("time", .string("later"))]))]))])),
            ("daily", .object([("data", .string("tomorrow"))])),
            ("alerts", .object([("title", .integer(1))])),
            ("flags", .string("si")),
        ])
        return .json(200, value)
    }

    /// A valid document padded with spaces after its opening brace to exactly `bytes` bytes
    /// (or cut to `bytes` when the document alone is longer). Generated while sending.
    func huge(_ document: String, bytes: Int) -> ServerResponse {
        let utf8 = Array(document.utf8)
        let size = max(0, bytes)
        let body: ServerResponse.Body
        if size <= utf8.count {
            body = .bytes(Array(utf8[..<size]))
        } else {
            body = .padded(prefix: [utf8[0]], padding: size - utf8.count, suffix: Array(utf8[1...]))
        }
        return ServerResponse(status: 200, headers: [("Content-Type", "application/json")], body: body)
    }
}
