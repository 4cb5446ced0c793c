import FoundationEssentials

/// Dates as they read at a place: formatted in its IANA time zone (so daylight saving time is
/// right on every date), never from a fixed offset. The zone comes from the system's zone files
/// (`ZoneInfo`), not from ICU. Names and the order of a date's parts come from the catalogue of
/// the language (no locale needs to be installed); a 24-hour or a 12-hour clock.
/// An unknown zone falls back to UTC and says so; a forecast's clock falls back to its
/// answer's UTC offset first (`Forecast.zone`).
public struct LocalClock: Sendable {
    public let timeZone: ZoneInfo
    /// False when no zone was known (neither a name nor an offset) and UTC is used instead.
    public let isKnownZone: Bool
    public let usesTwelveHourClock: Bool
    public let localization: Localization

    /// The English abbreviations, which are also the messages the catalogues translate.
    static let weekdays = [N_("Sun"), N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat")]
    private static let months = [N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"),
                                 N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec")]

    /// English, with a 12-hour clock for `us` units (what a forecast's own units suggest).
    public init(timeZoneIdentifier: String, units: UnitSystem, zoneFolder: String = ZoneInfo.systemFolder) {
        self.init(timeZoneIdentifier: timeZoneIdentifier, twelveHourClock: units == .us, localization: .english, zoneFolder: zoneFolder)
    }

    public init(timeZoneIdentifier: String, twelveHourClock: Bool, localization: Localization, zoneFolder: String = ZoneInfo.systemFolder) {
        self.init(zone: ZoneInfo.named(timeZoneIdentifier, folder: zoneFolder), twelveHourClock: twelveHourClock, localization: localization)
    }

    /// The clock of `zone`; UTC when nil.
    public init(zone: ZoneInfo?, twelveHourClock: Bool, localization: Localization) {
        timeZone = zone ?? .utc
        isKnownZone = zone != nil
        usesTwelveHourClock = twelveHourClock
        self.localization = localization
    }

    /// The clock of `forecast`'s place (`Forecast.zone`), English.
    public init(of forecast: Forecast, units: UnitSystem) {
        self.init(zone: forecast.zone, twelveHourClock: units == .us, localization: .english)
    }

    /// The wall-clock reading at `date` there.
    private struct Parts {
        var year: Int?, month: Int?, day: Int?, weekday: Int?, hour: Int?, minute: Int?
        /// Days since 1970-01-01 of the local date.
        var localDays: Int
    }

    private func localSeconds(_ date: Date) -> Int64 {
        let utc = Int64(date.timeIntervalSince1970.rounded(.down))
        return utc + Int64(timeZone.offset(at: utc))
    }

    private func parts(_ date: Date) -> Parts {
        let local = localSeconds(date)
        let days = CivilDate.days(fromSeconds: local)
        let civil = CivilDate(days: days)
        let secondOfDay = Int(local - Int64(days) * 86_400)
        return Parts(year: civil.year, month: civil.month, day: civil.day, weekday: CivilDate.weekday(days: days) + 1,
                     hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60, localDays: days)
    }

    /// "14:37", or "2:37 PM".
    public func time(_ date: Date) -> String {
        let parts = parts(date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        let minutes = minute < 10 ? "0\(minute)" : "\(minute)"
        guard usesTwelveHourClock else { return "\(hour < 10 ? "0" : "")\(hour):\(minutes)" }
        let values: KeyValuePairs = ["hour": String(Self.twelveHour(hour)), "minutes": minutes]
        return hour < 12 ? localization.tr("{hour}:{minutes} AM", values) : localization.tr("{hour}:{minutes} PM", values)
    }

    /// `time(date)` rounded to the nearest minute, for moments computed to the second (a
    /// sunrise at 08:27:40 reads 08:28); `time` itself reads the minute a clock shows.
    public func roundedTime(_ date: Date) -> String {
        time(Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded() * 60))
    }

    /// "Thu", in the language: the label of the first hour of a new day in a row of hours.
    public func weekday(_ date: Date) -> String {
        weekday(parts(date))
    }

    /// "14:00", or "2 PM": the label of an hour column. In a zone whose offset is not whole
    /// hours (India, Nepal, Newfoundland) the minutes are the place's own: "18:30", "6:30 PM".
    public func hour(_ date: Date) -> String {
        guard timeZone.secondsFromGMT(for: date) % 3600 == 0 else { return time(date) }
        let hour = parts(date).hour ?? 0
        guard usesTwelveHourClock else { return "\(hour < 10 ? "0" : "")\(hour):00" }
        let values: KeyValuePairs = ["hour": String(Self.twelveHour(hour))]
        return hour < 12 ? localization.tr("{hour} AM", values) : localization.tr("{hour} PM", values)
    }

    /// "Thu 20".
    public func weekdayAndDay(_ date: Date) -> String {
        let parts = parts(date)
        return localization.tr("{weekday} {day}", ["weekday": weekday(parts), "day": String(parts.day ?? 0)])
    }

    /// "Thu 16:00".
    public func weekdayAndTime(_ date: Date) -> String {
        localization.tr("{weekday} {time}", ["weekday": weekday(parts(date)), "time": time(date)])
    }

    /// "Thu", in the language.
    private func weekday(_ parts: Parts) -> String {
        localization.tr(Self.weekdays[((parts.weekday ?? 1) - 1) % 7])
    }

    /// "Thu 20 Aug 14:37".
    public func dateAndTime(_ date: Date) -> String {
        let parts = parts(date)
        return localization.tr("{weekday} {day} {month} {time}", [
            "weekday": weekday(parts), "day": String(parts.day ?? 0),
            "month": localization.tr(Self.months[((parts.month ?? 1) - 1) % 12]), "time": time(date),
        ])
    }

    /// "Thu 20 Aug".
    public func date(_ date: Date) -> String {
        let parts = parts(date)
        return localization.tr("{weekday} {day} {month}", [
            "weekday": weekday(parts), "day": String(parts.day ?? 0),
            "month": localization.tr(Self.months[((parts.month ?? 1) - 1) % 12]),
        ])
    }

    /// The offset in force at `date`: "UTC+2", "UTC-3:30", "UTC".
    public func offsetLabel(at date: Date) -> String {
        let seconds = timeZone.secondsFromGMT(for: date)
        guard seconds != 0 else { return "UTC" }
        let sign = seconds < 0 ? "-" : "+"
        let hours = abs(seconds) / 3600, minutes = abs(seconds) % 3600 / 60
        return "UTC\(sign)\(hours)" + (minutes == 0 ? "" : ":\(minutes < 10 ? "0" : "")\(minutes)")
    }

    /// The hour of the day (0...23) on the clocks there at `date`.
    public func hourOfDay(_ date: Date) -> Int {
        parts(date).hour ?? 0
    }

    /// The local date of `date` as days since 1970-01-01 there.
    public func localDays(_ date: Date) -> Int {
        parts(date).localDays
    }

    public func isSameDay(_ first: Date, _ second: Date) -> Bool {
        parts(first).localDays == parts(second).localDays
    }

    /// The first moment of the local day of `date` (midnight, or the first moment after a
    /// change of the clocks that skips midnight).
    public func startOfDay(_ date: Date) -> Date {
        Date(timeIntervalSince1970: TimeInterval(timeZone.startOfDay(localDays: parts(date).localDays)))
    }

    private static func twelveHour(_ hour: Int) -> Int {
        hour % 12 == 0 ? 12 : hour % 12
    }
}
