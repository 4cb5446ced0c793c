import FoundationEssentials

extension Forecast {
    /// The place's zone: the one `timeZone` names, or where this machine knows no zone of that
    /// name (a server's zone database newer than its tzdata), the answer's UTC offset as a
    /// fixed zone; nil when it has neither.
    public var zone: ZoneInfo? {
        ZoneInfo.named(timeZone) ?? utcOffset.flatMap(ZoneInfo.fixed(secondsEastOfUTC:))
    }

    /// The same forecast told in `identifier`'s zone: each day keeps its calendar date and
    /// starts at that date's midnight there. For a provider that answered with a stand-in zone
    /// (`ForecastProvider.timeZone(forecastZone:placeZone:)`).
    public func inTimeZone(_ identifier: String) -> Forecast {
        guard identifier != timeZone, let old = zone, let new = ZoneInfo.named(identifier) else {
            return self
        }
        var moved = self
        moved.timeZone = identifier
        for index in moved.daily.indices {
            let localDays = old.localDays(at: moved.daily[index].time)
            moved.daily[index].time = Date(timeIntervalSince1970: TimeInterval(new.startOfDay(localDays: localDays)))
        }
        return moved
    }
}
