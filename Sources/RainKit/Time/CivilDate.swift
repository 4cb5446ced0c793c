/// Days and dates in the proleptic Gregorian calendar, counted from 1970-01-01 (Howard
/// Hinnant's algorithms): what local times need once the offset is known.
struct CivilDate: Equatable {
    var year: Int
    /// 1...12
    var month: Int
    /// 1...31
    var day: Int

    /// The date `days` after 1970-01-01.
    init(days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    var days: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 for Sunday ... 6 for Saturday.
    static func weekday(days: Int) -> Int {
        ((days % 7) + 7 + 4) % 7   // 1970-01-01 was a Thursday
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Floor division, for days from seconds before 1970 too.
    static func days(fromSeconds seconds: Int64) -> Int {
        Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    }
}
