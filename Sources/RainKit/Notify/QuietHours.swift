import FoundationEssentials

/// A span of the day on the machine's clock ("22:00-07:00"), which may run past midnight.
/// The machine's zone, not each place's: quiet hours are about the person at this machine.
public struct QuietHours: Sendable, Equatable, CustomStringConvertible {
    /// Minutes after midnight.
    public let start: Int
    public let end: Int

    /// nil unless `text` is "HH:MM-HH:MM" with two different times.
    public init?(_ text: String) {
        guard case .success(let hours) = Self.parse(text) else { return nil }
        self = hours
    }

    /// What is wrong with a text that is not quiet hours.
    public enum Problem: Error, Sendable, Equatable {
        /// Not "HH:MM-HH:MM".
        case notTwoTimes
        /// The same time twice ("10:00-10:00"): a span of no time.
        case empty(String)
    }

    /// The span `text` names, or what is wrong with it.
    public static func parse(_ text: String) -> Result<QuietHours, Problem> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]) else { return .failure(.notTwoTimes) }
        guard start != end else { return .failure(.empty(clock(start))) }
        return .success(QuietHours(start: start, end: end))
    }

    private init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    private static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }

    /// Whether `date` falls in the span on `zone`'s clock.
    public func contains(_ date: Date, in zone: ZoneInfo) -> Bool {
        let local = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(zone.secondsFromGMT(for: date))
        let minute = Int(((local % 86_400) + 86_400) % 86_400 / 60)
        return start < end ? (start..<end).contains(minute) : minute >= start || minute < end
    }

    /// "22:00-07:00"
    public var description: String { "\(Self.clock(start))-\(Self.clock(end))" }

    /// "07:00": when the span ends.
    public var endDescription: String { Self.clock(end) }

    private static func clock(_ minutes: Int) -> String {
        let hour = minutes / 60, minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
