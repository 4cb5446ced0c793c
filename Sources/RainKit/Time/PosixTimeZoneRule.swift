/// The POSIX TZ rule of a TZif footer (RFC 8536 section 3.3), e.g. "CET-1CEST,M3.5.0,M10.5.0/3":
/// standard time and its offset, and optionally daylight saving time with its offset and the
/// rules for when it starts and ends (Mm.w.d, Jn or n, each with an optional time of day that
/// may be negative or past 24 h). POSIX offsets count west of UTC; this type stores east.
struct PosixTimeZoneRule: Sendable, Equatable {
    var standardOffset: Int32
    var daylight: Daylight?

    struct Daylight: Sendable, Equatable {
        var offset: Int32
        var start: Change
        var end: Change
    }

    struct Change: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// Jn: day 1...365, February 29 never counted.
            case julianWithoutLeapDay(Int)
            /// n: day 0...365, February 29 counted.
            case zeroBased(Int)
            /// Mm.w.d: weekday d (0 Sunday) of week w (5: the last) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        var day: Day
        /// Seconds after local midnight (in the time in force before the change).
        var time: Int32 = 7200
    }

    init?(_ text: String) {
        var scanner = RuleScanner(text)
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        guard !scanner.isAtEnd else { return }
        guard scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if let offset = scanner.offset() { daylightOffset = -offset }
        // Without rules POSIX leaves the dates to the implementation; the US rules are the usual choice.
        var start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0))
        var end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0))
        if scanner.take(",") {
            guard let first = scanner.change(), scanner.take(","), let second = scanner.change() else { return nil }
            (start, end) = (first, second)
        }
        guard scanner.isAtEnd else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    /// Seconds east of UTC at `time` (seconds since 1970, UTC).
    func offset(at time: Int64) -> Int32 {
        guard let daylight else { return standardOffset }
        let year = CivilDate(days: CivilDate.days(fromSeconds: time + Int64(standardOffset))).year
        // The change into daylight time is given in standard time, the one out of it in daylight time.
        let start = Self.moment(of: daylight.start, in: year) - Int64(standardOffset)
        let end = Self.moment(of: daylight.end, in: year) - Int64(daylight.offset)
        let isDaylight = start < end ? (start <= time && time < end) : !(end <= time && time < start)
        return isDaylight ? daylight.offset : standardOffset
    }

    /// The local moment (seconds since 1970 as if local time were UTC) of `change` in `year`.
    static func moment(of change: Change, in year: Int) -> Int64 {
        let january1 = CivilDate(year: year, month: 1, day: 1).days
        let days: Int
        switch change.day {
        case .julianWithoutLeapDay(let day):
            days = january1 + day - 1 + (CivilDate.isLeapYear(year) && day >= 60 ? 1 : 0)
        case .zeroBased(let day):
            days = january1 + day
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate(year: year, month: month, day: 1).days
            var day = 1 + (weekday - CivilDate.weekday(days: first) + 7) % 7 + (week - 1) * 7
            while day > CivilDate.daysInMonth(month, of: year) { day -= 7 }
            days = first + day - 1
        }
        return Int64(days) * 86_400 + Int64(change.time)
    }
}

/// Reads the pieces of a POSIX TZ string.
private struct RuleScanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    var isAtEnd: Bool { index == scalars.count }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard current == scalar else { return false }
        index += 1
        return true
    }

    /// "CET" (3 or more letters) or "<+0330>" (quoted).
    mutating func name() -> Bool {
        if take("<") {
            while let scalar = current, scalar != ">" { index += 1 }
            return take(">")
        }
        let start = index
        while let scalar = current, scalar.properties.isAlphabetic, scalar.isASCII { index += 1 }
        return index - start >= 3
    }

    private mutating func number() -> Int? {
        var value: Int?
        while let scalar = current, ("0"..."9").contains(scalar) {
            value = (value ?? 0) * 10 + Int(scalar.value - 48)
            guard value! < 1_000_000 else { return nil }
            index += 1
        }
        return value
    }

    /// [+-]hh[:mm[:ss]] in seconds; nil (nothing consumed) when there is no number here.
    mutating func offset() -> Int32? {
        let start = index
        var sign: Int32 = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number(), hours <= 167 else {
            index = start
            return nil
        }
        var seconds = Int32(hours) * 3600
        if take(":") {
            guard let minutes = number(), minutes < 60 else { return nil }
            seconds += Int32(minutes) * 60
            if take(":") {
                guard let extra = number(), extra < 60 else { return nil }
                seconds += Int32(extra)
            }
        }
        return sign * seconds
    }

    /// Mm.w.d, Jn or n, then an optional /time.
    mutating func change() -> PosixTimeZoneRule.Change? {
        var change: PosixTimeZoneRule.Change
        if take("M") {
            guard let month = number(), (1...12).contains(month), take("."),
                  let week = number(), (1...5).contains(week), take("."),
                  let weekday = number(), (0...6).contains(weekday) else { return nil }
            change = .init(day: .monthWeekDay(month: month, week: week, weekday: weekday))
        } else if take("J") {
            guard let day = number(), (1...365).contains(day) else { return nil }
            change = .init(day: .julianWithoutLeapDay(day))
        } else {
            guard let day = number(), (0...365).contains(day) else { return nil }
            change = .init(day: .zeroBased(day))
        }
        if take("/") {
            guard let time = offset() else { return nil }
            change.time = time
        }
        return change
    }
}
