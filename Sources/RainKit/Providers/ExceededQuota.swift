import FoundationEssentials

/// A limit a server said was used up (a 429 whose words name it), and when it starts again.
public struct ExceededQuota: Sendable, Equatable {
    /// The limit's window. The servers count in windows of the UTC clock.
    public enum Window: Sendable, Equatable {
        case minute, hour, day

        var seconds: Int {
            switch self {
            case .minute: return 60
            case .hour: return 3600
            case .day: return 86_400
            }
        }
    }

    public var service: String
    public var window: Window
    /// When the window in force ends and the count starts again from zero.
    public var resetsAt: Date

    public init(service: String, window: Window, now: Date) {
        self.service = service
        self.window = window
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        resetsAt = Date(timeIntervalSince1970: TimeInterval((seconds / window.seconds + 1) * window.seconds))
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

    /// "rate-limited by Open-Meteo until 00:00 UTC (its daily limit)".
    public var text: LocalizedText {
        let seconds = Int(resetsAt.timeIntervalSince1970) % 86_400
        func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
        let time = twoDigits(seconds / 3600) + ":" + twoDigits(seconds / 60 % 60)
        let values: KeyValuePairs<String, LocalizedText> = ["service": .verbatim(service), "time": .verbatim(time)]
        switch window {
        case .minute: return LocalizedText(N_("rate-limited by {service} until {time} UTC (its per-minute limit)"), values)
        case .hour: return LocalizedText(N_("rate-limited by {service} until {time} UTC (its hourly limit)"), values)
        case .day: return LocalizedText(N_("rate-limited by {service} until {time} UTC (its daily limit)"), values)
        }
    }
}
