import FoundationEssentials

extension NotifyEventFinder {
    /// The first hour later today whose chance of precipitation reaches `probability`:
    /// "Berlin: 80% chance of rain from 16:00", the highest chance of the hours in a row that
    /// reach it. Once a day per place.
    /// A sentence a kind, so that each language words its own.
    static let chanceSentences = [
        "rain": N_("{place}: {percent} chance of rain from {time}"),
        "snow": N_("{place}: {percent} chance of snow from {time}"),
        "sleet": N_("{place}: {percent} chance of sleet from {time}"),
        "freezing_rain": N_("{place}: {percent} chance of freezing rain from {time}"),
    ]

    func chanceEvent(for location: Location, in forecast: Forecast, clock: LocalClock) -> NotifyEvent? {
        let later = forecast.hourly.filter { $0.time > now && clock.isSameDay($0.time, now) }
        guard let first = later.firstIndex(where: { ($0.precipProbability ?? 0) >= settings.probability }) else { return nil }
        let run = later[first...].prefix { ($0.precipProbability ?? 0) >= settings.probability }
        let chance = run.compactMap(\.precipProbability).max() ?? settings.probability
        let hour = later[first]
        let kind = Forecast.namedPrecipitationTypes.contains(hour.precipType ?? "") ? hour.precipType! : "rain"
        let name = location.name.strippingControlCharacters
        let until = run.last!.time.addingTimeInterval(3600)
        let day = Int(clock.startOfDay(now).timeIntervalSince1970)
        var event = NotifyEvent(
            kind: .chance, id: "chance:\(location.idString):\(day)", placeID: location.id, placeName: name,
            summary: words.tr(Self.chanceSentences[kind] ?? N_("{place}: {percent} chance of rain from {time}"),
                              ["place": name, "percent": MeasureFormat.percent(chance), "time": clock.hour(hour.time)]),
            body: clock.isSameDay(until, now) ? words.tr("Until about {time} local time.", ["time": clock.hour(until)])
                : words.tr("For the rest of the day."),
            starts: hour.time, units: forecast.units)
        event.ends = until
        event.precipitationType = kind
        event.probability = chance
        return event
    }

    /// Whether the chance's hours are the rain's spell going on: they begin in the hour the
    /// rain starts or the next, or every hour between is wet. One spell is one event ("Rain
    /// in Berlin now" beside "78% chance of rain from 17:00" told the same rain twice): the
    /// rain's, which says when.
    func isSameSpell(rain: NotifyEvent, chance: NotifyEvent, in forecast: Forecast) -> Bool {
        guard let rainStarts = rain.starts, let chanceStarts = chance.starts else { return false }
        guard let rainHour = forecast.hourly.last(where: { $0.time <= rainStarts })?.time else {
            return chanceStarts <= rainStarts.addingTimeInterval(3600)
        }
        let minimum = settings.minIntensity.millimetresPerHour
        return forecast.hourly.filter { $0.time > rainHour && $0.time < chanceStarts }.allSatisfy { hour in
            (hour.precipProbability ?? 0) >= settings.probability
                || forecast.units.millimetresPerHour(hour.precipIntensity ?? 0) >= minimum
        }
    }
}
