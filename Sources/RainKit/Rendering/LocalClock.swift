import Foundation

/// Dates as they read at a place: formatted in its IANA time zone (so daylight saving time is
/// right on every date), never from a fixed offset. English names; a 24-hour clock, or a
/// 12-hour one for `us` units. An unknown zone falls back to UTC and says so.
public struct LocalClock: Sendable {
    public let timeZone: TimeZone
    /// False when the identifier was unknown and UTC is used instead.
    public let isKnownZone: Bool
    public let usesTwelveHourClock: Bool
    private let calendar: Calendar

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public init(timeZoneIdentifier: String, units: UnitSystem) {
        let zone = TimeZone(identifier: timeZoneIdentifier)
        timeZone = zone ?? TimeZone(identifier: "UTC")!
        isKnownZone = zone != nil
        usesTwelveHourClock = units == .us
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        self.calendar = calendar
    }

    private func parts(_ date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: date)
    }

    /// "14:37", or "2:37 PM".
    public func time(_ date: Date) -> String {
        let parts = parts(date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        let minutes = minute < 10 ? "0\(minute)" : "\(minute)"
        guard usesTwelveHourClock else { return "\(hour < 10 ? "0" : "")\(hour):\(minutes)" }
        return "\(Self.twelveHour(hour)):\(minutes) \(hour < 12 ? "AM" : "PM")"
    }

    /// "14:00", or "2 PM": the label of an hour column. In a zone whose offset is not whole
    /// hours (India, Nepal, Newfoundland) the minutes are the place's own: "18:30", "6:30 PM".
    public func hour(_ date: Date) -> String {
        guard timeZone.secondsFromGMT(for: date) % 3600 == 0 else { return time(date) }
        let hour = parts(date).hour ?? 0
        guard usesTwelveHourClock else { return "\(hour < 10 ? "0" : "")\(hour):00" }
        return "\(Self.twelveHour(hour)) \(hour < 12 ? "AM" : "PM")"
    }

    /// "Thu 20".
    public func weekdayAndDay(_ date: Date) -> String {
        let parts = parts(date)
        return "\(Self.weekdays[((parts.weekday ?? 1) - 1) % 7]) \(parts.day ?? 0)"
    }

    /// "Thu 20 Aug 14:37".
    public func dateAndTime(_ date: Date) -> String {
        let parts = parts(date)
        return "\(weekdayAndDay(date)) \(Self.months[((parts.month ?? 1) - 1) % 12]) \(time(date))"
    }

    /// The offset in force at `date`: "UTC+2", "UTC-3:30", "UTC".
    public func offsetLabel(at date: Date) -> String {
        let seconds = timeZone.secondsFromGMT(for: date)
        guard seconds != 0 else { return "UTC" }
        let sign = seconds < 0 ? "-" : "+"
        let hours = abs(seconds) / 3600, minutes = abs(seconds) % 3600 / 60
        return "UTC\(sign)\(hours)" + (minutes == 0 ? "" : ":\(minutes < 10 ? "0" : "")\(minutes)")
    }

    public func isSameDay(_ first: Date, _ second: Date) -> Bool {
        calendar.isDate(first, inSameDayAs: second)
    }

    public func startOfDay(_ date: Date) -> Date {
        calendar.startOfDay(for: date)
    }

    private static func twelveHour(_ hour: Int) -> Int {
        hour % 12 == 0 ? 12 : hour % 12
    }
}
