import Foundation

/// Rough solar geometry: enough for day/night icons, sunrise/sunset and UV.
struct Sun: Sendable {
    let latitude: Double
    let longitude: Double

    /// Hours since local solar midnight, 0..<24.
    func solarHour(at time: Double) -> Double {
        let hours = (time / 3600 + longitude / 15).truncatingRemainder(dividingBy: 24)
        return hours < 0 ? hours + 24 : hours
    }

    /// The sun's declination in radians.
    func declination(at time: Double) -> Double {
        let dayOfYear = (time / 86400).truncatingRemainder(dividingBy: 365.2422)
        return -23.44 * Double.pi / 180 * cos(2 * Double.pi * (dayOfYear + 10) / 365.2422)
    }

    /// Half the length of daylight in hours (0 in polar night, 12 in polar day).
    func halfDayHours(at time: Double) -> Double {
        let phi = latitude * Double.pi / 180
        let cosine = max(-1, min(1, -tan(phi) * tan(declination(at: time))))
        return acos(cosine) * 180 / Double.pi / 15
    }

    func isDay(at time: Double) -> Bool {
        abs(solarHour(at: time) - 12) < halfDayHours(at: time)
    }

    /// Solar noon nearest to `time`.
    func solarNoon(near time: Double) -> Double {
        let days = ((time / 3600 + longitude / 15 - 12) / 24).rounded()
        return (days * 24 + 12 - longitude / 15) * 3600
    }

    /// Sunrise and sunset around the solar noon nearest to `time`.
    func riseAndSet(near time: Double) -> (rise: Double, set: Double) {
        let noon = solarNoon(near: time)
        let half = halfDayHours(at: noon) * 3600
        return (noon - half, noon + half)
    }

    /// The sun's course on one day, as Open-Meteo's server computes it: from the declination at
    /// the place's solar midday, with 0.833° for refraction and the sun's radius.
    enum Transit: Equatable {
        case polarNight
        case polarDay
        /// Seconds after `utcMidnight` (UTC hours of the day, not local ones).
        case times(rise: Double, set: Double)
    }

    /// open-meteo/open-meteo Sources/App/Helper/Solar/SunRiseSet.swift, calculateSunTransit:
    /// `utcMidnight` is 00:00 UTC of the local calendar date; the answer is in seconds after it.
    func transit(utcMidnight: Double) -> Transit {
        let noonHours = 12 - longitude / 15
        let midday = utcMidnight + noonHours * 3600
        let declination = declination(at: midday)
        let phi = latitude * Double.pi / 180
        let alpha = 0.833_33 * Double.pi / 180
        let argument = -(sin(alpha) + sin(phi) * sin(declination)) / (cos(phi) * cos(declination))
        if argument > 1 { return .polarNight }
        if argument < -1 { return .polarDay }
        let halfDay = acos(argument) * 180 / Double.pi / 15
        let equation = Self.equationOfTimeHours(at: midday)
        return .times(rise: (noonHours - halfDay - equation) * 3600, set: (noonHours + halfDay - equation) * 3600)
    }

    /// The equation of time in hours (a standard approximation).
    static func equationOfTimeHours(at time: Double) -> Double {
        let dayOfYear = (time / 86400).truncatingRemainder(dividingBy: 365.2422)
        let b = 2 * Double.pi * (dayOfYear - 81) / 364
        return (9.87 * sin(2 * b) - 7.53 * cos(b) - 1.5 * sin(b)) / 60
    }

    /// Seconds of daylight on the local day starting at `localMidnight` (0 in polar night,
    /// 86400 in polar day), as open-meteo/open-meteo Sources/App/Helper/Solar/SunRiseSet.swift,
    /// calculateDaylightDuration: the declination at local noon, 0.833° below the horizon.
    func daylightDuration(localMidnight: Double) -> Double {
        let declination = declination(at: localMidnight + 12 * 3600)
        let phi = latitude * Double.pi / 180
        let alpha = 0.833_33 * Double.pi / 180
        let argument = -(sin(alpha) + sin(phi) * sin(declination)) / (cos(phi) * cos(declination))
        if argument > 1 { return 0 }
        if argument < -1 { return 86400 }
        return acos(argument) * 180 / Double.pi / 15 * 2 * 3600
    }

    /// A UV index for clear sky, 0 at night.
    func clearSkyUV(at time: Double) -> Double {
        let half = halfDayHours(at: time)
        guard half > 0 else { return 0 }
        let noonElevation = 90 - abs(latitude - declination(at: time) * 180 / Double.pi)
        let peak = 11 * max(0, sin(noonElevation * Double.pi / 180))
        let fromNoon = abs(solarHour(at: time) - 12)
        guard fromNoon < half else { return 0 }
        return peak * cos(Double.pi / 2 * fromNoon / half)
    }

    /// Moon phase 0..<1 (0 new, 0.5 full).
    static func moonPhase(at time: Double) -> Double {
        let synodicMonth = 29.530588 * 86400
        let phase = ((time - 947_182_440) / synodicMonth).truncatingRemainder(dividingBy: 1)
        return phase < 0 ? phase + 1 : phase
    }
}
