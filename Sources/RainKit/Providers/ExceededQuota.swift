import FoundationEssentials

/// A limit a server said was used up (a 429 whose words name it), and when it starts again.
public struct ExceededQuota: Sendable, Equatable {
    /// The limit's window. Open-Meteo counts in windows of the UTC clock; a month's quota ends
    /// when its server says (Pirate Weather's `Ratelimit-Reset`).
    /// Its raw value is its name in `quota.json` (`RememberedQuota`).
    public enum Window: String, Sendable, Equatable {
        case minute, hour, day, month

        /// The window's length on the clock; a month's is the server's to say.
        var seconds: Int? {
            switch self {
            case .minute: return 60
            case .hour: return 3600
            case .day: return 86_400
            case .month: return nil
            }
        }
    }

    public var service: String
    public var window: Window
    /// When the window in force ends and the count starts again from zero.
    public var resetsAt: Date

    /// A window of the UTC clock (not `.month`) that `now` is in.
    public init(service: String, window: Window, now: Date) {
        let length = window.seconds ?? 86_400
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        self.init(service: service, window: window, resetsAt: Date(timeIntervalSince1970: TimeInterval((seconds / length + 1) * length)))
    }

    public init(service: String, window: Window, resetsAt: Date) {
        self.service = service
        self.window = window
        self.resetsAt = resetsAt
    }

    /// Pirate Weather's 429: "your API key has hit the quota for the month"
    /// (Pirate-Weather/pirateweather `docs/API.md`, "429 Too Many Requests"). Its gateway is
    /// Kong (`docs/changelog.md`, `docs/Blog/KongGatewayInfrastructure.md`), whose
    /// rate-limiting plugin (Kong/kong `kong/plugins/rate-limiting/handler.lua`) answers with
    /// `X-RateLimit-Remaining-Month: 0`, `RateLimit-Remaining: 0`, and `Retry-After` equal to
    /// `RateLimit-Reset`. A 429 without the month's header is the month's quota only without a
    /// `Retry-After` (with one, it is a shorter wait: a proxy's).
    ///
    /// Kong counts a month from its first second, UTC (`kong/tools/timestamp.lua`,
    /// `get_timestamps`), so the count starts again when the UTC month turns; its
    /// `RateLimit-Reset` is 30 days from the month's start (`expiration.lua`), a day early in a
    /// 31-day month and two days late in February, so the month's turn is what rain says.
    init?(monthlyQuotaIn response: HTTPResponse, service: String, now: Date = Date()) {
        guard response.status == 429 else { return nil }
        let remaining = { (name: String) in response.number(inHeader: name) == 0 }
        let reset = response.number(inHeader: "ratelimit-reset") ?? 0
        guard remaining("x-ratelimit-remaining-month")
                || (response.header("retry-after") == nil && remaining("ratelimit-remaining") && reset > 0) else { return nil }
        self.init(service: service, window: .month, resetsAt: Self.nextMonth(after: now))
    }

    /// 00:00 UTC on the first of the month after the one `now` is in.
    static func nextMonth(after now: Date) -> Date {
        let days = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        let today = CivilDate(days: days)
        let first = today.month == 12 ? CivilDate(year: today.year + 1, month: 1, day: 1) : CivilDate(year: today.year, month: today.month + 1, day: 1)
        return Date(timeIntervalSince1970: TimeInterval(first.days * 86_400))
    }

    /// The server's words (a 429's message), read by the provider that writes them.
    init?(serverMessage: String?, now: Date = Date()) {
        guard let serverMessage, let window = OpenMeteoRateLimit.window(reason: serverMessage) else { return nil }
        self.init(service: OpenMeteoRateLimit.service, window: window, now: now)
    }

    /// Another try before the reset gets the same answer.
    var isWorthRetryingSoon: Bool { window == .minute }

    /// How long to wait before trying again: until the minute's count starts again, and a second
    /// more for the clocks' difference. Open-Meteo's 429 carries no `Retry-After`; its server
    /// clears the minute's count on the minute (open-meteo/open-meteo `configure.swift`,
    /// `minutelyCallback`), so a try before then is refused again. Nil for the hour and the day.
    func retryDelay(now: Date = Date()) -> Duration? {
        guard isWorthRetryingSoon else { return nil }
        let milliseconds = Int(((resetsAt.timeIntervalSince(now) + 1) * 1000).rounded(.up))
        return .milliseconds(max(0, milliseconds))
    }

    /// "rate-limited by Open-Meteo until 00:00 UTC (its daily limit)"; a month's quota names
    /// the day too ("monthly quota used up until 2027-01-01 00:00 UTC").
    public var text: LocalizedText {
        let seconds = Int(resetsAt.timeIntervalSince1970) % 86_400
        func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
        var time = twoDigits(seconds / 3600) + ":" + twoDigits(seconds / 60 % 60)
        if window == .month { time = String(UTCTimestamp.string(resetsAt).prefix(10)) + " " + time }
        let values: KeyValuePairs<String, LocalizedText> = ["service": .verbatim(service), "time": .verbatim(time)]
        switch window {
        // Without the host: the month's quota is the forecast's provider's, which the line is
        // about, and with it the line ran to 90 columns and more.
        case .month: return LocalizedText(N_("monthly quota used up until {time} UTC"), ["time": .verbatim(time)])
        case .minute: return LocalizedText(N_("rate-limited by {service} until {time} UTC (its per-minute limit)"), values)
        case .hour: return LocalizedText(N_("rate-limited by {service} until {time} UTC (its hourly limit)"), values)
        case .day: return LocalizedText(N_("rate-limited by {service} until {time} UTC (its daily limit)"), values)
        }
    }
}
