import FoundationEssentials

/// A calendar day's sun at a place as rain shows it, whatever the provider: sunrise and sunset,
/// and civil dawn and dusk. The providers' own are not used: Open-Meteo's server works a day's
/// sun out from 00:00 UTC of its date (open-meteo/open-meteo
/// `Sources/App/Helper/Solar/SunRiseSet.swift`), so far from Greenwich's meridian (Apia and
/// Tonga at UTC+13, Kiritimati at +14, Chatham at +12:45) each day carries the next's.
public struct DaySun: Sendable, Equatable {
    /// The day's first sunrise, and the first sunset after it, which may fall after midnight
    /// (the first of the day when the sun does not rise): nil when there is none.
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
        let marks = culminations(from: start, to: end, at: coordinate)
        // Sunrise: the upper limb on the horizon, lifted 34' by refraction; the limb is the sun's
        // own radius that day (PyEphem's), which near the polar day moves a sunrise by minutes.
        let sun = sunCrossings(from: start, to: end, at: coordinate, marks: marks) { time in
            -34.0 / 60 - Sun.semidiameter(at: time)
        }
        let twilight = sunCrossings(from: start, to: end, at: coordinate, marks: marks) { _ in civilTwilightAltitude }
        let polar: Forecast.Day.Polar? = sun.rise == nil && sun.set == nil ? (sun.isUpAtStart ? .day : .night) : nil
        return DaySun(sunrise: sun.rise, sunset: sun.set, dawn: twilight.rise, dusk: twilight.set, polar: polar)
    }

    /// When the sun's centre crosses `altitude` upwards first in the span, and downwards first
    /// after that (a day's evening, not the night's before when that ends after midnight; the
    /// evening's even when it comes after the span's end).
    private static func sunCrossings(from start: Date, to end: Date, at coordinate: Coordinate, marks: [Date],
                                     altitude: @escaping (AstronomicalTime) -> Double) -> RiseAndSet {
        func height(_ date: Date) -> Double {
            let time = AstronomicalTime(date)
            return Sun.position(at: time).altitude(at: coordinate, siderealDegrees: time.siderealDegrees) - altitude(time)
        }
        func find(from start: Date) -> RiseAndSet {
            RiseAndSet.find(from: start, to: end, roughHeight: height, within: 0, marks: marks, height: height)
        }
        func wholeSecond(_ date: Date?) -> Date? { date.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded()) } }
        var found = find(from: start)
        if let rise = found.rise, let set = found.set, set < rise {
            found.set = find(from: rise).set
        }
        // The set after the day's rise may come after midnight (Reykjavik in June sets at 00:04,
        // Tromsø's last sunsets before and after the midnight sun at 00:02 and 00:12): it is
        // still the day's, looked for up to 12 hours into the next.
        if found.rise != nil, found.set == nil {
            let later = end.addingTimeInterval(43_200)
            found.set = RiseAndSet.find(from: end, to: later, roughHeight: height, within: 0,
                                        marks: culminations(from: end, to: later, at: coordinate), height: height).set
        }
        return RiseAndSet(rise: wholeSecond(found.rise), set: wholeSecond(found.set), isUpAtStart: found.isUpAtStart)
    }

    /// The moments in the span when the sun is highest or lowest at `coordinate` (its hour angle
    /// 0° or 180°), to a few seconds: between them its altitude only rises or only falls, so
    /// stepping on them finds a day of minutes at the polar night's edge, or a night of minutes
    /// at the midnight sun's.
    static func culminations(from start: Date, to end: Date, at coordinate: Coordinate) -> [Date] {
        var found: [Date] = []
        var guess = start
        while guess < end.addingTimeInterval(43_200) {
            var moment = guess
            for _ in 0..<3 {
                let time = AstronomicalTime(moment)
                let hourAngle = time.siderealDegrees + coordinate.longitude - Sun.position(at: time).rightAscension
                // Degrees past the nearest culmination, upper or lower; the sky turns 360.9856° a day.
                let past = hourAngle - 180 * (hourAngle / 180).rounded()
                moment = moment.addingTimeInterval(-past / 360.985_647 * 86_400)
            }
            if moment > start && moment < end && !found.contains(where: { abs($0.timeIntervalSince(moment)) < 3_600 }) {
                found.append(moment)
            }
            guess = guess.addingTimeInterval(21_600)
        }
        return found.sorted()
    }
}
