/// A length of time written the way people write it on a command line: `90s`, `15m`, `2h`.
public struct Interval: Sendable, Equatable, CustomStringConvertible, LosslessStringConvertible {
    public let seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    /// nil for anything but a positive whole number followed by s, m or h. The number may
    /// carry a `+`, as every number option's may (`--pick +2`, `--lat +52.5`): `+5m` is `5m`.
    public init?(_ text: String) {
        guard let unit = text.last, let count = Int(text.dropLast()), count > 0, count <= 1_000_000 else { return nil }
        switch unit {
        case "s": seconds = count
        case "m": seconds = count * 60
        case "h": seconds = count * 3600
        default: return nil
        }
    }

    public var duration: Duration { .seconds(seconds) }

    /// A step that divides the clock evenly, which a schedule can repeat at the same minutes
    /// every hour or the same hours every day.
    public enum ClockStep: Sendable, Equatable {
        /// 5, 10, 12, 15, 20 or 30 minutes.
        case minutes(Int)
        /// 1, 2, 3, 4, 6, 8, 12 or 24 hours.
        case hours(Int)
    }

    /// nil for an interval that does not divide an hour or a day evenly, or is under 5 minutes
    /// (more often than any forecast changes).
    public var clockStep: ClockStep? {
        if seconds % 60 == 0, seconds >= 300, seconds < 3600, 3600 % seconds == 0 { return .minutes(seconds / 60) }
        if seconds % 3600 == 0, seconds <= 86_400, 86_400 % seconds == 0 { return .hours(seconds / 3600) }
        return nil
    }

    /// Why an interval cannot be scheduled.
    public var unschedulableReason: LocalizedText {
        if seconds < 300 { return LocalizedText(N_("too often; use 5m or more")) }
        // The steps on a line of their own: in the words they took the line to 140 columns.
        return LocalizedText(N_("give one of:")) + .dataLine("5m 6m 10m 12m 15m 20m 30m 1h 2h 3h 4h 6h 8h 12h 24h")
    }

    public var description: String {
        if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}
