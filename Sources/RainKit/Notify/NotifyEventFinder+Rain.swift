import FoundationEssentials

extension NotifyEventFinder {
    /// Rain (or snow) at or above `min_intensity` starting within the window, or started
    /// since the last run: "Rain in Berlin in about 20 min (moderate, ~2 mm in the first hour)".
    func rainEvent(for location: Location, in forecast: Forecast, clock: LocalClock) -> NotifyEvent? {
        let units = forecast.units
        guard let wet = NextHourSteps(forecast.nextHour, now: now, window: window)
            .firstWet(settings.minIntensity.millimetresPerHour, units: units) else { return nil }
        let starts = max(now, wet.minute.time)
        let firstHour = rates(in: forecast, from: starts, seconds: 3600)
        let amount = firstHour.reduce(0) { $0 + $1 / 60 }
        let strength = PrecipitationStrength(millimetresPerHour: units.millimetresPerHour(firstHour.max() ?? 0))
        // Named as the chance and the screen name it, by the hour's type where the hour has one
        // (Paris's freezing rain was "Rain in Paris now" beside "71% chance of sleet").
        let known = Forecast.namedPrecipitationTypes
        let hourType = forecast.hourly.last { $0.time <= wet.minute.time }.flatMap { hour in
            wet.minute.time < hour.time.addingTimeInterval(3600) ? hour.precipType : nil
        }
        let kind = [hourType, wet.minute.precipType].compactMap { $0 }.first { known.contains($0) } ?? "rain"
        let name = location.name.strippingControlCharacters
        let hasStarted = wet.minute.time <= now
        let minutes = Int((starts.timeIntervalSince(now) / 60).rounded())
        // Where the steps know only the hour (Open-Meteo's quarter hours outside its 15-minute
        // models' areas, Pirate Weather's minutes outside HRRR's), the start is the clock's
        // hour, not minutes from now.
        let told = forecast.nextHour?.toldTime(starts) ?? starts
        let when = hasStarted ? words.tr("now")
            : forecast.nextHour?.precision == .hour ? words.tr("from about {time}", ["time": clock.time(told)])
            : minutes < 5 ? words.tr("in a few min")
            : words.tr("in about {minutes} min", ["minutes": String(Int((Double(minutes) / 5).rounded()) * 5)])
        // The amount is in the forecast's own system, as the notification's JSON says; snow is
        // said as the screen says it, in cm (in for `us`) of snow, not of its water.
        let said = kind == "snow" ? Self.snowDepth(ofWater: amount, units: units) : amount
        let label = units == .us ? "in" : kind == "snow" ? "cm" : "mm"
        let summary = words.tr("{kind} in {place} {when} ({strength}, ~{amount} in the first hour)", [
            "kind": words.tr(NextHourOutlook.nouns[kind] ?? N_("Rain")), "place": name, "when": when,
            "strength": words.tr(strength.words), "amount": words.decimal(MeasureFormat.amount(said)) + " " + label])
        var event = NotifyEvent(
            kind: .rain, id: "rain:\(location.idString)", placeID: location.id, placeName: name, summary: summary,
            body: hasStarted ? words.tr("It has started.") : words.tr("From about {time} local time.", ["time": clock.time(told)]),
            starts: starts, units: units)
        event.precipitationType = kind
        event.strength = strength
        event.amount = amount
        event.probability = wet.minute.precipProbability
        return event
    }

    /// The depth of snow that `water` (mm, in for `us`) makes: cm, in for `us`. Open-Meteo's
    /// ratio, 0.7 cm of snow per mm of water, by which its `snowfall` (what the screen shows)
    /// is reckoned (the ForecastSimulator's `snowfall(waterMillimetres:)`).
    static func snowDepth(ofWater water: Double, units: UnitSystem) -> Double {
        units == .us ? water * 7 : water * 0.7
    }

    /// The intensity (the forecast's unit per hour) at each minute from `start`: the next-hour
    /// step covering it, else the hour covering it, else none.
    private func rates(in forecast: Forecast, from start: Date, seconds: Int) -> [Double] {
        let minutes = forecast.nextHour?.minutes ?? []
        let step = minutes.count > 1 ? minutes[1].time.timeIntervalSince(minutes[0].time) : 60
        return stride(from: 0, to: seconds, by: 60).map { offset in
            let time = start.addingTimeInterval(TimeInterval(offset))
            if let minute = minutes.last(where: { $0.time <= time }), time < minute.time.addingTimeInterval(step) {
                return minute.precipIntensity ?? 0
            }
            let hour = forecast.hourly.last { $0.time <= time }
            guard let hour, time < hour.time.addingTimeInterval(3600) else { return 0 }
            return hour.precipIntensity ?? 0
        }
    }
}
