import FoundationEssentials

extension NextHourOutlook {
    /// The chance of precipitation to show for now: `chanceNow` (the conditions'), or where
    /// the next hour's steps bring precipitation as `sentence` reads them, the highest of it,
    /// those steps' own chances and, for steps that have none (Open-Meteo's quarter hours),
    /// the chance of the forecast's hours they fall in. At 17:59 the conditions' chance is
    /// the hour ending at 18:00 (2%) while the steps say rain starts at 18:00: the screen
    /// showed "Rain 2%" above "Light rain starting in 1 min".
    public static func chanceShown(_ forecast: Forecast, chanceNow: Double?, now: Date) -> Double? {
        guard let nextHour = forecast.nextHour else { return chanceNow }
        let all = nextHour.minutes
        let wet = all.indices.filter { index in
            let step = all[index]
            let end = index + 1 < all.count ? all[index + 1].time : step.time.addingTimeInterval(60)
            guard end > now, step.time < now.addingTimeInterval(3600),
                  let intensity = step.precipIntensity, forecast.units.millimetresPerHour(intensity) >= wetIntensity else { return false }
            return (step.precipProbability ?? 1) >= wetProbability
        }.map { all[$0] }
        guard !wet.isEmpty else { return chanceNow }
        let chances = wet.map { step in
            step.precipProbability ?? forecast.hourly.last { $0.time <= step.time && step.time.timeIntervalSince($0.time) < 3600 }?.precipProbability
        }
        return (chances + [chanceNow]).compactMap { $0 }.max()
    }
}
