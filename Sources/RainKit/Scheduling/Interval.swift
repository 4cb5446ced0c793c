/// A length of time written the way people write it on a command line: `90s`, `15m`, `2h`.
public struct Interval: Sendable, Equatable, CustomStringConvertible, LosslessStringConvertible {
    public let seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    /// nil for anything but a positive whole number followed by s, m or h.
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

    public var description: String {
        if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}
