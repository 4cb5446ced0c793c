import FoundationEssentials

extension Forecast {
    /// The same forecast with each day's sun, rain's own whatever the provider sent (`DaySun`:
    /// sunrise, sunset, civil dawn and dusk, polar day or night, in the place's calendar day),
    /// and each day's moon: the phase and lit fraction at the day's noon (the
    /// middle of the calendar day, in the place's zone), always rain's own, so the phase's name
    /// agrees with the lit fraction (a Dark Sky server's `moonPhase` is rounded to 0.01: its 0.8
    /// named "last quarter" beside 28% lit); and the day's first moonrise and moonset at
    /// `coordinate` where the provider sent none. Done once, when a forecast is fetched, so the
    /// cache and `--json` hold what the screen shows.
    public func withAstronomy(at coordinate: Coordinate) -> Forecast {
        let zone = self.zone ?? .utc
        var filled = self
        for index in filled.daily.indices {
            let (start, end) = Self.span(ofDayStartingAt: filled.daily[index].time, in: zone)
            var day = filled.daily[index]
            let sun = Astronomy.daySun(from: start, to: end, at: coordinate)
            (day.sunrise, day.sunset, day.dawn, day.dusk, day.polar) = (sun.sunrise, sun.sunset, sun.dawn, sun.dusk, sun.polar)
            let (phase, moon) = Self.moonDay(from: start, to: end, at: coordinate,
                                             risingAndSetting: day.moonrise == nil && day.moonset == nil)
            day.moonPhase = phase.fraction
            day.moonIllumination = phase.illumination
            if day.moonrise == nil && day.moonset == nil {
                day.moonrise = moon?.rise
                day.moonset = moon?.set
            }
            filled.daily[index] = day
        }
        return filled
    }

    /// How much longer (or, negative, shorter) the daylight of the day starting at `dayStart`
    /// is than the day before's, both as rain computes them at `coordinate`; nil when the zone is
    /// unknown. Providers send only the day's own times, never the day before's.
    public func daylightChange(forDayStartingAt dayStart: Date, at coordinate: Coordinate) -> TimeInterval? {
        guard let zone else { return nil }
        let (start, end) = Self.span(ofDayStartingAt: dayStart, in: zone)
        let (yesterdayStart, _) = Self.span(ofDayStartingAt: start.addingTimeInterval(-3_600), in: zone)
        return Astronomy.daylight(from: start, to: end, at: coordinate)
            - Astronomy.daylight(from: yesterdayStart, to: start, at: coordinate)
    }

    /// Whether the moon stays above the horizon all the day starting at `dayStart` at
    /// `coordinate` (true) or below it (false); nil when it rises or sets that day, or the zone is
    /// unknown. The cache keeps only rise and set, so a day with neither is looked at again.
    public func moonStaysUp(forDayStartingAt dayStart: Date, at coordinate: Coordinate) -> Bool? {
        guard let zone else { return nil }
        let (start, end) = Self.span(ofDayStartingAt: dayStart, in: zone)
        let moon = Astronomy.moon(from: start, to: end, at: coordinate)
        return moon.rise == nil && moon.set == nil ? moon.isUpAtStart : nil
    }

    /// The calendar day holding `time`, from its first moment to the next day's (23 or 25 hours
    /// the days the clocks change).
    static func span(ofDayStartingAt time: Date, in zone: ZoneInfo) -> (start: Date, end: Date) {
        let days = zone.localDays(at: time)
        return (Date(timeIntervalSince1970: TimeInterval(zone.startOfDay(localDays: days))),
                Date(timeIntervalSince1970: TimeInterval(zone.startOfDay(localDays: days + 1))))
    }

    /// One day's moon as a forecast keeps it: four decimals (what the computation is good for,
    /// and what JSON keeps short), times to the second.
    private static func moonDay(from start: Date, to end: Date, at coordinate: Coordinate,
                                      risingAndSetting: Bool) -> (phase: MoonPhase, moon: RiseAndSet?) {
        func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
        func wholeSecond(_ date: Date) -> Date { Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded()) }
        let phase = MoonPhase(at: start.addingTimeInterval(end.timeIntervalSince(start) / 2))
        let moon = risingAndSetting ? Astronomy.moon(from: start, to: end, at: coordinate) : nil
        return (MoonPhase(fraction: rounded(phase.fraction), illumination: rounded(phase.illumination)),
                moon.map { RiseAndSet(rise: $0.rise.map(wholeSecond), set: $0.set.map(wholeSecond), isUpAtStart: $0.isUpAtStart) })
    }
}
