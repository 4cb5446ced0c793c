import FoundationEssentials

/// Which calendar day an Open-Meteo daily time stands for, and when that day starts at the
/// place. The server lays its days on a grid with one offset, the one in force when it answered
/// (`utc_offset_seconds`; open-meteo/open-meteo `Sources/App/Helper/ForecastapiQuery.swift`,
/// `getTimerange2`: `dailyDisplay: daily.add(-1 * actualUtcOffset)`), so across a change of the
/// clocks a day's time is 23:00 or 01:00 local: the date is that of the time plus the grid's
/// offset, and the day starts at that date's midnight in the place's zone.
struct DayCalendar {
    let zone: ZoneInfo?
    /// `utc_offset_seconds`; nil when the answer had none (then the zone's own offset).
    let gridOffset: Int?

    init(timeZone: String, gridOffset: Int?) {
        zone = ZoneInfo.named(timeZone)
        self.gridOffset = gridOffset
    }

    func startOfDay(stampedAt time: Date) -> Date {
        let seconds = Int64(time.timeIntervalSince1970.rounded(.down))
        let offset = gridOffset.map(Int64.init) ?? Int64(zone?.offset(at: seconds) ?? 0)
        let localDays = CivilDate.days(fromSeconds: seconds + offset)
        // A zone this machine does not know: the grid's own midnight.
        let start = zone?.startOfDay(localDays: localDays) ?? Int64(localDays) * 86_400 - offset
        return Date(timeIntervalSince1970: TimeInterval(start))
    }
}
