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

    /// An hour: the moon and the sun cannot cross the horizon twice within one step except
    /// when grazing it near the poles, where such a dip of less than an hour is missed. (About
    /// 30 positions a day with the narrowing: a refresh of 8 days computes some 250 moons, most
    /// of them rough.)
    static let step: TimeInterval = 3_600

    /// `height(t)`: the body's altitude above the altitude at which it rises, degrees.
    static func find(from start: Date, to end: Date, height: (Date) -> Double) -> RiseAndSet {
        find(from: start, to: end, roughHeight: height, within: 0, height: height)
    }

    /// As `find(from:to:height:)`, stepping with `roughHeight`, which is never more than
    /// `error` degrees from `height`: where it is further than that from the horizon its sign
    /// is `height`'s, and only nearer does `height` itself decide. The crossings are narrowed
    /// with `height`, so the times found are the same as stepping with `height` alone. The
    /// `marks` are stepped on too: where the body is highest and lowest, so that a dip above or
    /// below the horizon shorter than a step is not stepped over.
    static func find(from start: Date, to end: Date, roughHeight: (Date) -> Double, within error: Double,
                     marks: [Date] = [], height: (Date) -> Double) -> RiseAndSet {
        var marks = marks.filter { $0 > start && $0 < end }.sorted()[...]
        func stepValue(_ time: Date) -> (value: Double, isExact: Bool) {
            let rough = roughHeight(time)
            return abs(rough) > 2 * error ? (rough, error == 0) : (height(time), true)
        }
        var previousTime = start
        var (previous, previousIsExact) = stepValue(start)
        var found = RiseAndSet(rise: nil, set: nil, isUpAtStart: previous > 0)
        while previousTime < end && (found.rise == nil || found.set == nil) {
            var time = min(previousTime.addingTimeInterval(step), end)
            while let mark = marks.first, mark <= previousTime { marks.removeFirst() }
            if let mark = marks.first, mark < time { time = mark }
            let (value, isExact) = stepValue(time)
            if (previous > 0) != (value > 0) {
                let crossing = narrowed(previousTime, previousIsExact ? previous : height(previousTime),
                                        time, isExact ? value : height(time), height: height)
                if value > 0 { found.rise = found.rise ?? crossing } else { found.set = found.set ?? crossing }
            }
            previousTime = time
            previous = value
            previousIsExact = isExact
        }
        return found
    }

    /// The second at which `height` crosses zero between `low` and `high` (where it has the
    /// values given, of opposite signs): the false position, Illinois' way (the end that stays
    /// has its value halved, so both ends move), until the two ends are a second apart. The
    /// altitude is nearly straight over an hour: three or four positions, not twelve halvings.
    private static func narrowed(_ low: Date, _ lowValue: Double, _ high: Date, _ highValue: Double,
                                 height: (Date) -> Double) -> Date {
        var (low, lowValue, high, highValue) = (low.timeIntervalSince1970, lowValue, high.timeIntervalSince1970, highValue)
        var keptEnd = 0  // -1: low stayed last time, 1: high stayed
        for _ in 0..<40 where high - low > 1 {
            // Where the straight line between the ends crosses zero, kept half a second inside them.
            var guess = low + (high - low) * lowValue / (lowValue - highValue)
            guess = min(max(guess, low + 0.5), high - 0.5)
            let value = height(Date(timeIntervalSince1970: guess))
            if (value > 0) == (lowValue > 0) {
                (low, lowValue) = (guess, value)
                if keptEnd == 1 { highValue /= 2 }
                keptEnd = 1
            } else {
                (high, highValue) = (guess, value)
                if keptEnd == -1 { lowValue /= 2 }
                keptEnd = -1
            }
        }
        return Date(timeIntervalSince1970: (low + high) / 2)
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
    /// Stepped with the rough moon, narrowed with the full one (a tenth of the work).
    public static func moon(from start: Date, to end: Date, at coordinate: Coordinate) -> RiseAndSet {
        func height(_ date: Date, _ place: (AstronomicalTime) -> EquatorialPosition) -> Double {
            let time = AstronomicalTime(date)
            let position = place(time)
            return position.altitude(at: coordinate, siderealDegrees: time.siderealDegrees)
                - Moon.horizonAltitude(distance: position.distance)
        }
        return RiseAndSet.find(from: start, to: end, roughHeight: { height($0, Moon.roughPosition) },
                               within: Moon.roughError, height: { height($0, Moon.position) })
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
