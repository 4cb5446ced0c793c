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

    /// Where the server derives an hour's quarters from it (`backwardsSum`), each is a quarter
    /// of the hour's sum rounded to 0.1 mm, so a drizzle hour of 0.1 mm gives four quarters of
    /// 0.0, which would read as dry beside an hour the hourly data has wet. Four dry quarters of
    /// an hour that is wet take the hour's intensity (the hour is all that is known of them).
    static func keepingDrizzle(in nextHour: Forecast.NextHour, hours: [Forecast.Hour]) -> Forecast.NextHour {
        var minutes = nextHour.minutes
        var changed = false
        for hour in hours {
            guard let intensity = hour.precipIntensity, intensity > 0 else { continue }
            let end = hour.time.addingTimeInterval(3600)
            let quarters = minutes.indices.filter { minutes[$0].time >= hour.time && minutes[$0].time < end }
            guard quarters.count == 4, quarters.allSatisfy({ minutes[$0].precipIntensity == 0 }) else { continue }
            for index in quarters {
                minutes[index].precipIntensity = intensity
                minutes[index].precipType = hour.precipType ?? "rain"
            }
            changed = true
        }
        guard changed else { return nextHour }
        return Forecast.NextHour(summary: nextHour.summary, minutes: minutes, precision: precision(of: minutes))
    }

    /// The quarters' type comes from their `rain` and `snowfall`, which cannot tell freezing
    /// rain (liquid, in `rain`) from rain; the hour's weather code can (56, 57, 66, 67). A rainy
    /// quarter of a freezing-rain hour is freezing rain, so the next hour's sentence says so.
    static func freezing(in nextHour: Forecast.NextHour, hours: [Forecast.Hour]) -> Forecast.NextHour {
        var minutes = nextHour.minutes
        for hour in hours where hour.precipType == "freezing_rain" {
            let end = hour.time.addingTimeInterval(3600)
            for index in minutes.indices where minutes[index].precipType == "rain" && minutes[index].time >= hour.time && minutes[index].time < end {
                minutes[index].precipType = "freezing_rain"
            }
        }
        guard minutes != nextHour.minutes else { return nextHour }
        return Forecast.NextHour(summary: nextHour.summary, minutes: minutes, precision: nextHour.precision)
    }
}
