import FoundationEssentials

extension OpenMeteoDecoder {
    /// How closely Open-Meteo's quarter hours tell the time. They are a model's own only where
    /// a 15-minute model covers the place (ICON-D2 in central Europe, AROME-France, HRRR over
    /// the continental US); elsewhere the server derives each from its hour: the sum stamped
    /// at the end of the hour, times 900/3600, to 0.1 mm (open-meteo/open-meteo
    /// `Sources/App/Helper/Interpolation.swift`, `backwardsSum`), so all four quarters of an
    /// hour are equal. Read from what the data shows rather than from a map of the models'
    /// areas, which the server changes: `.hour` when some hour of the answer is wet in four
    /// equal quarters and none has unequal ones (a model's own quarters that happen to be
    /// equal say no more than the hour either); nil otherwise, dry answers included.
    static func precision(of minutes: [Forecast.NextHour.Minute]) -> Forecast.NextHour.Precision? {
        var hours: [Int: [Double?]] = [:]
        for minute in minutes {
            let hour = Int((minute.time.timeIntervalSince1970 / 3600).rounded(.down))
            hours[hour, default: []].append(minute.precipIntensity)
        }
        var evenAndWet = false
        for steps in hours.values {
            let values = steps.compactMap { $0 }
            guard let first = values.first else { continue }
            if values.contains(where: { $0 != first }) { return nil }
            if steps.count == 4, values.count == 4, first > 0 { evenAndWet = true }
        }
        return evenAndWet ? .hour : nil
    }
}
