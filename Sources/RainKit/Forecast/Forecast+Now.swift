import FoundationEssentials

extension Forecast {
    /// How old the conditions may be before the forecast's own hour for now says more.
    public static let conditionsLifetime: TimeInterval = 90 * 60

    /// The conditions to show as now: the forecast's while they are younger than
    /// `conditionsLifetime`; after that (an old cache, offline) the forecast's hour that holds
    /// `now`, as its conditions (the measures an hour lacks left out), and that hour's start;
    /// the old conditions where no hour holds `now`.
    public func conditions(at now: Date) -> (conditions: Conditions, hourFrom: Date?)? {
        if let current, now.timeIntervalSince(current.time) < Self.conditionsLifetime { return (current, nil) }
        guard let hour = hourly.last(where: { $0.time <= now }), now.timeIntervalSince(hour.time) < 3600 else {
            return current.map { ($0, nil) }
        }
        var conditions = Conditions(time: hour.time)
        conditions.summary = hour.summary
        conditions.icon = hour.icon
        conditions.temperature = hour.temperature
        conditions.apparentTemperature = hour.apparentTemperature
        conditions.humidity = hour.humidity
        conditions.windSpeed = hour.windSpeed
        conditions.windGust = hour.windGust
        conditions.windBearing = hour.windBearing
        conditions.precipProbability = hour.precipProbability
        conditions.precipIntensity = hour.precipIntensity
        conditions.precipType = hour.precipType
        conditions.uvIndex = hour.uvIndex
        return (conditions, hour.time)
    }
}
