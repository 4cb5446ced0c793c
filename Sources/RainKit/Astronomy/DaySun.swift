import FoundationEssentials

/// A calendar day's sun at a place as rain shows it, whatever the provider: sunrise and sunset,
/// and civil dawn and dusk. The providers' own are not used: Open-Meteo's server works a day's
/// sun out from 00:00 UTC of its date (open-meteo/open-meteo
/// `Sources/App/Helper/Solar/SunRiseSet.swift`), so far from Greenwich's meridian (Apia and
/// Tonga at UTC+13, Kiritimati at +14, Chatham at +12:45) each day carries the next's.
public struct DaySun: Sendable, Equatable {
    /// The day's first sunrise, and the first sunset after it (the first of the day when the sun
    /// does not rise): nil when there is none that day.
    public var sunrise: Date?
    public var sunset: Date?
    /// Civil twilight's start and end (the sun's centre 6° below the horizon), chosen as sunrise
    /// and sunset are: nil when the sun does not cross that altitude (a white night, deep polar night).
    public var dawn: Date?
    public var dusk: Date?
    /// Set when the sun neither rises nor sets that day.
    public var polar: Forecast.Day.Polar?
}

extension Astronomy {
    /// The sun's centre at the start and end of civil twilight, degrees, without refraction.
    static let civilTwilightAltitude = -6.0

    /// The sun of the calendar day from `start` to `end` at `coordinate`, to the second.
    public static func daySun(from start: Date, to end: Date, at coordinate: Coordinate) -> DaySun {
        let sun = sunCrossings(of: Sun.horizonAltitude, from: start, to: end, at: coordinate)
        let twilight = sunCrossings(of: civilTwilightAltitude, from: start, to: end, at: coordinate)
        let polar: Forecast.Day.Polar? = sun.rise == nil && sun.set == nil ? (sun.isUpAtStart ? .day : .night) : nil
        return DaySun(sunrise: sun.rise, sunset: sun.set, dawn: twilight.rise, dusk: twilight.set, polar: polar)
    }

    /// When the sun's centre crosses `altitude` upwards first in the span, and downwards first
    /// after that (a day's evening, not the night's before when that ends after midnight).
    private static func sunCrossings(of altitude: Double, from start: Date, to end: Date,
                                     at coordinate: Coordinate) -> RiseAndSet {
        func height(_ date: Date) -> Double {
            let time = AstronomicalTime(date)
            return Sun.position(at: time).altitude(at: coordinate, siderealDegrees: time.siderealDegrees) - altitude
        }
        func wholeSecond(_ date: Date?) -> Date? { date.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded()) } }
        var found = RiseAndSet.find(from: start, to: end, height: height)
        if let rise = found.rise, let set = found.set, set < rise {
            found.set = RiseAndSet.find(from: rise, to: end, height: height).set
        }
        return RiseAndSet(rise: wholeSecond(found.rise), set: wholeSecond(found.set), isUpAtStart: found.isUpAtStart)
    }
}
