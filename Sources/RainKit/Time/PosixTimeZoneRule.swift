/// The POSIX TZ rule of a TZif footer (RFC 8536 section 3.3) or of `TZ`, e.g.
/// "CET-1CEST,M3.5.0,M10.5.0/3": standard time and its offset, and optionally daylight saving
/// time with its offset and the rules for when it starts and ends (Mm.w.d, Jn or n, each with
/// an optional time of day that may be negative or past 24 h). POSIX offsets count west of
/// UTC; this type stores east.
///
/// Read and applied as glibc does (time/tzset.c, `__tzset_parse_tz` and `__tz_compute`), for
/// quiet hours must keep the clock `date` shows: past a readable standard time it keeps what
/// it read of the rest and drops nothing, so "JST-9 " is JST, "ABC-9:60" is 9:59 east, and
/// "JST-9,M3.2.0,M11.1.0" (no daylight name) is 0 east in summer.
struct PosixTimeZoneRule: Sendable, Equatable {
    var standardOffset: Int32
    var daylight: Daylight?
    /// Daylight time is named but no rules follow ("AAA-9BBB", "AAA-9BBB-10,"): glibc takes
    /// them from the file `posixrules` where it can (`ZoneInfo.borrowingRules`), and the US
    /// rules, as `daylight` holds them, where it cannot.
    var borrowsRules = false

    struct Daylight: Sendable, Equatable {
        var offset: Int32
        var start: Change
        var end: Change
    }

    struct Change: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// Jn: day 1...365, February 29 never counted (0, left by a rule glibc stopped reading, is December 31).
            case julianWithoutLeapDay(Int)
            /// n: day 0...365, February 29 counted.
            case zeroBased(Int)
            /// Mm.w.d: weekday d (0 Sunday) of week w (5: the last) of month m. Month,
            /// week and weekday may be outside 1...12, 1...5 and 0...6 where glibc stopped
            /// reading the rule.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        /// What glibc keeps of a rule it could not read: nothing but January 1, 00:00.
        static let unread = Change(day: .zeroBased(0), time: 0)

        var day: Day
        /// Seconds after local midnight (in the time in force before the change).
        var time: Int32 = 7200
    }

    /// What glibc keeps of a TZif footer it cannot read: UTC (`__tzset_parse_tz` clears all first).
    static let unreadable = PosixTimeZoneRule("UTC0")!

    /// nil where glibc reads no standard time ("", "CET", "Asia/Tokyo"): UTC.
    init?(_ text: String) {
        var scanner = RuleScanner(text)
        guard scanner.name(), let standard = scanner.offset(isStandard: true) else { return nil }
        standardOffset = standard
        guard !scanner.isAtEnd else { return }
        // Without a daylight name glibc keeps 0 as its offset and still reads the rules.
        var daylightOffset: Int32 = 0
        if scanner.name() {
            daylightOffset = scanner.offset(isStandard: false) ?? standard + 3600
            borrowsRules = scanner.isAtEnd || scanner.isAtLoneComma
        }
        var start = Change.unread, end = Change.unread
        if scanner.change(into: &start, isStart: true) { _ = scanner.change(into: &end, isStart: false) }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    /// Seconds east of UTC at `time` (seconds since 1970, UTC).
    func offset(at time: Int64) -> Int32 {
        guard let daylight else { return standardOffset }
        // glibc takes the year of the UTC date, and the changes of that year.
        let year = CivilDate(days: CivilDate.days(fromSeconds: time)).year
        // Where glibc's day of a change is undefined (`monthWeekDay`) this keeps standard
        // time, as this machine's glibc shows for "JST-9BBB,M99.9.9,M3.2.0".
        guard let startDay = Self.moment(of: daylight.start, in: year), let endDay = Self.moment(of: daylight.end, in: year) else {
            return standardOffset
        }
        // The change into daylight time is given in standard time, the one out of it in daylight time.
        let start = startDay - Int64(standardOffset)
        let end = endDay - Int64(daylight.offset)
        let isDaylight = start > end ? !(end <= time && time < start) : (start <= time && time < end)
        return isDaylight ? daylight.offset : standardOffset
    }

    /// The local moment (seconds since 1970 as if local time were UTC) of `change` in `year`,
    /// as glibc computes it (time/tzset.c, `compute_change`); nil where glibc's is undefined.
    static func moment(of change: Change, in year: Int) -> Int64? {
        // glibc counts the days of 1970 and every year before it from 1970-01-01.
        let january1 = year > 1970 ? CivilDate(year: year, month: 1, day: 1).days : 0
        let days: Int
        switch change.day {
        case .julianWithoutLeapDay(let day):
            days = january1 + day - 1 + (CivilDate.isLeapYear(year) && day >= 60 ? 1 : 0)
        case .zeroBased(let day):
            days = january1 + day
        case .monthWeekDay(let month, let week, let weekday):
            guard let day = monthWeekDay(month: month, week: week, weekday: weekday, in: year) else { return nil }
            days = january1 + day
        }
        return Int64(days) * 86_400 + Int64(change.time)
    }

    /// glibc's `__mon_yday`: days before each month, a common year's row then a leap year's.
    private static let daysBeforeMonth = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365,
                                          0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366]

    /// Days after January 1 of Mm.w.d in `year`, step for step as `compute_change`: the days
    /// before month m from `__mon_yday[leap][m - 1]`, the weekday of its first day by Zeller's
    /// congruence, then w - 1 weeks on while they stay inside the month. A month outside
    /// 1...12 (a rule glibc stopped reading keeps it) reads that table beyond the year's row:
    /// within the table it is defined (M13 in a common year: 365 days, then the first such
    /// weekday of January next); outside it, undefined: nil. (M0 in a common year reads
    /// before the table: this machine's glibc shows some answer there, not rain's.)
    private static func monthWeekDay(month: Int, week: Int, weekday: Int, in year: Int) -> Int? {
        let row = CivilDate.isLeapYear(year) ? 13 : 0
        let before = row + month - 1, this = row + month
        guard daysBeforeMonth.indices.contains(before) else { return nil }
        let m1 = (month + 9) % 12 + 1
        let yy0 = month <= 2 ? year - 1 : year
        let yy1 = yy0 / 100, yy2 = yy0 % 100
        var firstWeekday = ((26 * m1 - 2) / 10 + 1 + yy2 + yy2 / 4 + yy1 / 4 - 2 * yy1) % 7
        if firstWeekday < 0 { firstWeekday += 7 }
        var day = weekday - firstWeekday
        if day < 0 { day += 7 }
        var counted = 1
        while counted < week {
            // The month's end is read only here: past the table only when a week is added.
            guard daysBeforeMonth.indices.contains(this) else { return nil }
            if day + 7 >= daysBeforeMonth[this] - daysBeforeMonth[before] { break }
            day += 7
            counted += 1
        }
        return daysBeforeMonth[before] + day
    }
}

/// Reads the pieces of a POSIX TZ string as glibc's tzset.c does, byte by byte.
private struct RuleScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index == bytes.count }

    /// Nothing left but ",".
    var isAtLoneComma: Bool { index == bytes.count - 1 && bytes[index] == UInt8(ascii: ",") }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard current == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false }

    /// "CET" (3 or more ASCII letters) or "<+0330>" (3 or more letters, digits, "+" or "-",
    /// quoted); nothing consumed when there is neither (`parse_tzname`).
    mutating func name() -> Bool {
        var end = index
        while end < bytes.count, Self.isLetter(bytes[end]) { end += 1 }
        if end - index >= 3 {
            index = end
            return true
        }
        guard current == UInt8(ascii: "<") else { return false }
        end = index + 1
        while end < bytes.count, Self.isLetter(bytes[end]) || Self.isDigit(bytes[end])
                || bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ">"), end - index - 1 >= 3 else { return false }
        index = end + 1
        return true
    }

    /// [+-]hh[:mm[:ss]] east of UTC, hours up to 24, minutes and seconds up to 59, larger
    /// ones cut to those (`parse_offset`). nil when no hours follow: for standard time, the
    /// whole TZ is unreadable; for daylight time, it is an hour past standard time (the sign,
    /// if any, is consumed).
    mutating func offset(isStandard: Bool) -> Int32? {
        if isStandard {
            guard let byte = current, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || Self.isDigit(byte) else { return nil }
        }
        let east: Int32 = take("-") ? 1 : -1
        if east < 0 { _ = take("+") }
        let clock = clockTime()
        guard clock.count > 0 else { return nil }
        return east * (Int32(min(clock.hours, 24)) * 3600 + Int32(min(clock.minutes, 59)) * 60 + Int32(min(clock.seconds, 59)))
    }

    /// sscanf("%hu%n:%hu%n:%hu%n") at the current place: how many numbers were read and each
    /// (0 when not read), the place left after the last one read.
    private mutating func clockTime() -> (count: Int, hours: Int, minutes: Int, seconds: Int) {
        let (values, end) = threeShorts(separatedBy: UInt8(ascii: ":"))
        index = end
        let read = values + Array(repeating: 0, count: 3 - values.count)
        return (values.count, read[0], read[1], read[2])
    }

    /// Up to three of scanf's "%hu" from the current place, each after `separator` but the
    /// first, as far as they are there: the numbers read, and the place after the last of them
    /// (the current place when none was). The place is left as it was.
    private func threeShorts(separatedBy separator: UInt8) -> (values: [Int], end: Int) {
        var values: [Int] = []
        var probe = index, end = index
        while values.count < 3 {
            if !values.isEmpty {
                guard probe < bytes.count, bytes[probe] == separator else { break }
                probe += 1
            }
            guard let (value, after) = Self.scanfShort(bytes, from: probe) else { break }
            values.append(value)
            (probe, end) = (after, after)
        }
        return (values, end)
    }

    /// scanf's "%hu" at `start`: white space, a sign, digits, read as `strtoul` does (past
    /// its range, its largest value) and kept in 16 bits; nil without a digit.
    private static func scanfShort(_ bytes: [UInt8], from start: Int) -> (Int, Int)? {
        var at = start
        while at < bytes.count, bytes[at] == 0x20 || (0x09...0x0D).contains(bytes[at]) { at += 1 }
        var negative = false
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "+") {
            negative = bytes[at] == UInt8(ascii: "-")
            at += 1
        }
        let digits = at
        var value: UInt64 = 0, overflow = false
        while at < bytes.count, isDigit(bytes[at]) {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(bytes[at] - UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            value = sum
            at += 1
        }
        guard at > digits else { return nil }
        let long = overflow ? UInt64.max : (negative ? 0 &- value : value)
        return (Int(UInt16(truncatingIfNeeded: long)), at)
    }

    /// Mm.w.d, Jn or n, then an optional /time, into `change` as far as glibc reads it
    /// (`parse_rule`): false where it stops, what was read kept. At the end of the text it
    /// is the US rule (March's second Sunday, November's first).
    mutating func change(into change: inout PosixTimeZoneRule.Change, isStart: Bool) -> Bool {
        _ = take(",")
        if current == UInt8(ascii: "J") || Self.isDigit(current) {
            let julian = take("J")
            change.day = julian ? .julianWithoutLeapDay(0) : .zeroBased(0)
            guard Self.isDigit(current), let (day, end) = Self.scanfLong(bytes, from: index), day <= 365, !(julian && day == 0) else { return false }
            change.day = julian ? .julianWithoutLeapDay(day) : .zeroBased(day)
            index = end
        } else if take("M") {
            let (fields, end) = threeShorts(separatedBy: UInt8(ascii: "."))
            let read = fields + Array(repeating: 0, count: 3 - fields.count)
            change.day = .monthWeekDay(month: read[0], week: read[1], weekday: read[2])
            guard fields.count == 3, (1...12).contains(read[0]), (1...5).contains(read[1]), read[2] <= 6 else { return false }
            index = end
        } else if isAtEnd {
            change.day = isStart ? .monthWeekDay(month: 3, week: 2, weekday: 0) : .monthWeekDay(month: 11, week: 1, weekday: 0)
        } else {
            return false
        }
        guard isAtEnd || current == UInt8(ascii: "/") || current == UInt8(ascii: ",") else { return false }
        change.time = 7200
        if take("/") {
            guard !isAtEnd else { return false }
            let negative = take("-")
            let clock = clockTime()
            let seconds = Int32(clock.count > 0 ? clock.hours : 2) * 3600 + Int32(clock.minutes) * 60 + Int32(clock.seconds)
            change.time = negative ? -seconds : seconds
        }
        return true
    }

    /// `strtoul` on the digits at `start` (there is one): its value, the largest past its range.
    private static func scanfLong(_ bytes: [UInt8], from start: Int) -> (Int, Int)? {
        var at = start, value = 0
        while at < bytes.count, isDigit(bytes[at]) {
            value = min(value * 10 + Int(bytes[at] - UInt8(ascii: "0")), 1_000_000)
            at += 1
        }
        return (value, at)
    }
}
