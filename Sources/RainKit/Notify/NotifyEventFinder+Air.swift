import FoundationEssentials

extension NotifyEventFinder {
    /// The air (`notify.air_quality_above`): the first hour from now to the end of today whose
    /// index, in the place's scale, reaches the threshold, "Berlin: European AQI 64 (Poor) from
    /// 15:00" (its number and scale: a category word alone left the reader to guess); and the pollens (`notify.pollen`) at the level or above now or
    /// later today, "Berlin: Pollen high (birch, grass), medium (olive)". Each once a day per place.
    func airEvents(for location: Location, in forecast: Forecast, clock: LocalClock) -> [NotifyEvent] {
        guard let air = forecast.air else { return [] }
        let today = air.hourly.filter { $0.time.timeIntervalSince(now) > -3600 && clock.isSameDay($0.time, now) }
        let name = location.name.strippingControlCharacters
        let day = Int(clock.startOfDay(now).timeIntervalSince1970)
        var events: [NotifyEvent] = []
        let scale = presentation.airQualityScale(forecast)
        if let threshold = settings.airQualityAbove,
           let hour = today.first(where: { ($0.index(on: scale) ?? 0).rounded() >= threshold }), let index = hour.index(on: scale) {
            let category = words.tr(AirQualityCategory(index: index, on: scale).word)
            let indexText = words.tr(scale == .us ? N_("US AQI {index}: {category}") : N_("European AQI {index}: {category}"),
                                     ["index": MeasureFormat.whole(index), "category": category])
            var event = NotifyEvent(kind: .air, id: "air:\(location.idString):\(day)", placeID: location.id, placeName: name,
                                    summary: words.tr(scale == .us ? N_("{place}: US AQI {index} ({category}) from {time}")
                                                                   : N_("{place}: European AQI {index} ({category}) from {time}"),
                                                      ["place": name, "index": MeasureFormat.whole(index), "category": category,
                                                       "time": clock.hour(hour.time)]),
                                    body: indexText, starts: hour.time, units: forecast.units)
            event.severity = category
            events.append(event)
        }
        if let wanted = settings.pollen {
            let kinds = wanted.kinds.isEmpty ? PollenKind.allCases : wanted.kinds
            let found = today.first { hour in
                kinds.contains { hour.pollen[$0].flatMap(PollenLevel.init(grains:)).map { $0 >= wanted.level } ?? false }
            }
            if let hour = found {
                let items = kinds.compactMap { kind in hour.pollen[kind].flatMap(PollenLevel.init(grains:)).map { (kind, $0) } }
                    .filter { $0.1 >= wanted.level }
                // As the screen says them: "pollen birch high" did not read as a sentence.
                events.append(NotifyEvent(kind: .pollen, id: "pollen:\(location.idString):\(day)", placeID: location.id, placeName: name,
                                          summary: words.tr(N_("{place}: {pollen} from {time}"),
                                                            ["place": name, "pollen": words.pollenList(items.map { (kind: $0.0, level: $0.1) }),
                                                             "time": clock.hour(hour.time)]),
                                          body: words.tr(N_("Grains per cubic metre, from the CAMS forecast.")),
                                          starts: hour.time, units: forecast.units))
            }
        }
        return events
    }
}
