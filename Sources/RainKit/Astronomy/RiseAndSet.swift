import FoundationEssentials

/// When a body rises and sets between two moments (a calendar day at a place), found by
/// stepping through the day and narrowing each crossing of the horizon by halves to a second.
public struct RiseAndSet: Sendable, Equatable {
    /// The first rising and the first setting in the span; nil when there is none.
    public var rise: Date?
    public var set: Date?
    /// Where the body was at the span's start: above the horizon or not. With neither a rise
    /// nor a set it stayed there all the span (midnight sun, polar night, a moonless day).
    public var isUpAtStart: Bool

    /// Half an hour: the moon and the sun cannot cross the horizon twice within one step except
    /// when grazing it near the poles, where such a dip of less than half an hour is missed.
    /// (About 70 positions a day with the halving; a refresh of 8 days stays a few milliseconds.)
    static let step: TimeInterval = 1_800

    /// `height(t)`: the body's altitude above the altitude at which it rises, degrees.
    static func find(from start: Date, to end: Date, height: (Date) -> Double) -> RiseAndSet {
        var previousTime = start
        var previous = height(start)
        var found = RiseAndSet(rise: nil, set: nil, isUpAtStart: previous > 0)
        while previousTime < end && (found.rise == nil || found.set == nil) {
            let time = min(previousTime.addingTimeInterval(step), end)
            let value = height(time)
            if (previous > 0) != (value > 0) {
                let crossing = narrowed(previousTime, time, risingThrough: value > 0, height: height)
                if value > 0 { found.rise = found.rise ?? crossing } else { found.set = found.set ?? crossing }
            }
            previousTime = time
            previous = value
        }
        return found
    }

    /// The second at which `height` crosses zero between `low` and `high`.
    private static func narrowed(_ low: Date, _ high: Date, risingThrough rising: Bool, height: (Date) -> Double) -> Date {
        var low = low, high = high
        while high.timeIntervalSince(low) > 1 {
            let middle = low.addingTimeInterval(high.timeIntervalSince(low) / 2)
            if (height(middle) > 0) == rising { high = middle } else { low = middle }
        }
        return Date(timeIntervalSince1970: (low.timeIntervalSince1970 + high.timeIntervalSince1970) / 2)
    }
}

/// The sun and the moon at a place, as rain computes them (no provider needed).
public enum Astronomy {
    /// Sunrise and sunset between `start` and `end` (the sun's upper limb on the horizon with
    /// refraction, as almanacs count them).
    public static func sun(from start: Date, to end: Date, at coordinate: Coordinate) -> RiseAndSet {
        RiseAndSet.find(from: start, to: end) { date in
            let time = AstronomicalTime(date)
            return Sun.position(at: time).altitude(at: coordinate, siderealDegrees: time.siderealDegrees) - Sun.horizonAltitude
        }
    }

    /// Moonrise and moonset between `start` and `end`: the upper limb on the horizon, seen from
    /// the surface, with 34' of refraction (the USNO's convention).
    public static func moon(from start: Date, to end: Date, at coordinate: Coordinate) -> RiseAndSet {
        RiseAndSet.find(from: start, to: end) { date in
            let time = AstronomicalTime(date)
            let position = Moon.position(at: time)
            return position.altitude(at: coordinate, siderealDegrees: time.siderealDegrees)
                - Moon.horizonAltitude(distance: position.distance)
        }
    }

    /// Seconds of daylight between `start` and `end`: from sunrise (or the start, when the sun
    /// is up) to sunset (or the end). Polar night is 0, midnight sun the whole span.
    public static func daylight(from start: Date, to end: Date, at coordinate: Coordinate) -> TimeInterval {
        let sun = sun(from: start, to: end, at: coordinate)
        let rise = sun.rise ?? (sun.isUpAtStart ? start : nil)
        switch (rise, sun.set) {
        case (nil, nil): return 0
        case (let rise?, nil): return end.timeIntervalSince(rise)
        case (nil, let set?): return set.timeIntervalSince(start)
        case (let rise?, let set?):
            // Up at the start, down in the day and up again before its end: both pieces.
            if set < rise { return set.timeIntervalSince(start) + end.timeIntervalSince(rise) }
            return set.timeIntervalSince(rise)
        }
    }
}
