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

    /// Sunrise and sunset around the solar noon nearest to `time` (the Dark Sky route's): the
    /// upper limb on the horizon with refraction (0.833°), noon moved by the equation of time,
    /// from the accurate declination, within a couple of minutes of an almanac's below the polar
    /// circles (the rough declination alone was up to half an hour off at high latitude).
    func riseAndSet(near time: Double) -> (rise: Double, set: Double) {
        let noon = solarNoon(near: time) - Self.equationOfTimeHours(at: time) * 3600
        let declination = Self.serverDeclination(at: noon)
        let phi = latitude * Double.pi / 180
        let alpha = 0.833_33 * Double.pi / 180
        let argument = max(-1, min(1, -(sin(alpha) + sin(phi) * sin(declination)) / (cos(phi) * cos(declination))))
        let half = acos(argument) * 180 / Double.pi / 15 * 3600
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
    /// `utcMidnight` is 00:00 UTC of the local calendar date (calculateSunRiseSet adds the UTC
    /// offset to the day's local midnight); the answer is in seconds after it, truncated as the
    /// server's `Int(sunrise * 3600)` is. The midday it takes is 12:00 less the longitude's hours
    /// after that 00:00 UTC: where the clocks are far ahead of the longitude's (Samoa and Tonga at
    /// UTC+13, Kiritimati at +14, Chatham at +12:45), that is the next local day's midday, so
    /// the server sends each day the next day's sun.
    func transit(utcMidnight: Double) -> Transit {
        let noonHours = 12 - longitude / 15
        let midday = utcMidnight + noonHours * 3600
        let declination = Self.serverDeclination(at: midday)
        let phi = latitude * Double.pi / 180
        let alpha = 0.833_33 * Double.pi / 180
        let argument = -(sin(alpha) + sin(phi) * sin(declination)) / (cos(phi) * cos(declination))
        if argument > 1 { return .polarNight }
        if argument < -1 { return .polarDay }
        let halfDay = acos(argument) * 180 / Double.pi / 15
        let equation = Self.equationOfTimeHours(at: midday)
        return .times(rise: ((noonHours - halfDay - equation) * 3600).rounded(.towardZero),
                      set: ((noonHours + halfDay - equation) * 3600).rounded(.towardZero))
    }

    /// The sun's declination in radians as the server's `Timestamp.getSunDeclination` gives it
    /// (open-meteo/open-meteo Sources/App/Helper/Solar/SolarPositionAlgorithm.swift, NREL's
    /// solar position algorithm, good to a thousandth of a degree): here the NOAA solar
    /// calculator's series (Meeus chapter 25), within 0.01° of it, which keeps a sunrise within
    /// a minute of the server's below the polar circles. (The rough `declination(at:)`, up to
    /// 0.5° off, moved a sunrise at 64° north by nearly half an hour.)
    static func serverDeclination(at time: Double) -> Double {
        let (lambda, epsilon, _, _, _) = solarTerms(at: time)
        return asin(sin(epsilon) * sin(lambda))
    }

    /// The equation of time in hours, as the server's `Timestamp.getSunEquationOfTime` (its
    /// minutes / 60): apparent less mean solar time, NOAA's series (Meeus 28.3).
    static func equationOfTimeHours(at time: Double) -> Double {
        let (_, epsilon, meanLongitude, anomaly, eccentricity) = solarTerms(at: time)
        let y = pow(tan(epsilon / 2), 2)
        let radians = y * sin(2 * meanLongitude) - 2 * eccentricity * sin(anomaly)
            + 4 * eccentricity * y * sin(anomaly) * cos(2 * meanLongitude)
            - 0.5 * y * y * sin(4 * meanLongitude) - 1.25 * eccentricity * eccentricity * sin(2 * anomaly)
        return radians * 180 / Double.pi * 4 / 60
    }

    /// The sun's apparent longitude, the obliquity, its mean longitude and anomaly (radians) and
    /// the orbit's eccentricity at `time` (seconds since 1970).
    private static func solarTerms(at time: Double) -> (Double, Double, Double, Double, Double) {
        let radians = Double.pi / 180
        let t = (time / 86400 + 2_440_587.5 - 2_451_545) / 36525
        let meanLongitude = (280.466_46 + t * (36_000.769_83 + t * 0.000_303_2)).truncatingRemainder(dividingBy: 360)
        let anomaly = 357.529_11 + t * (35_999.050_29 - 0.000_153_7 * t)
        let eccentricity = 0.016_708_634 - t * (0.000_042_037 + 0.000_000_126_7 * t)
        let centre = sin(anomaly * radians) * (1.914_602 - t * (0.004_817 + 0.000_014 * t))
            + sin(2 * anomaly * radians) * (0.019_993 - 0.000_101 * t) + sin(3 * anomaly * radians) * 0.000_289
        let node = 125.04 - 1_934.136 * t
        let apparent = meanLongitude + centre - 0.005_69 - 0.004_78 * sin(node * radians)
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.000_59 - t * 0.001_813))) / 60) / 60
        let obliquity = meanObliquity + 0.002_56 * cos(node * radians)
        return (apparent * radians, obliquity * radians, meanLongitude * radians, anomaly * radians, eccentricity)
    }

    /// Seconds of daylight on the local day starting at `localMidnight` (0 in polar night,
    /// 86400 in polar day), as open-meteo/open-meteo Sources/App/Helper/Solar/SunRiseSet.swift,
    /// calculateDaylightDuration: the declination at local noon, 0.833° below the horizon.
    func daylightDuration(localMidnight: Double) -> Double {
        let declination = Self.serverDeclination(at: localMidnight + 12 * 3600)
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
