import FoundationEssentials

/// How long a server asked us to wait: `Retry-After` as seconds or an HTTP date
/// (`httpDate`), else `ratelimit-reset` in seconds.
enum RetryAfter {
    /// The longest wait told: a year, past the day beyond which rain says "later" and any
    /// `timeout_seconds`, and short enough that the moment it ends is still a date of four
    /// digits when kept (a wait of more digits than `Int` holds is as long).
    static let longest = 366 * 86_400

    /// Whole seconds from `now`, never negative; nil when the response says nothing usable.
    static func seconds(in response: HTTPResponse, now: Date = Date()) -> Int? {
        if let value = response.header("retry-after"), let seconds = seconds(from: value, now: now) {
            return seconds
        }
        if let seconds = response.number(inHeader: "ratelimit-reset") {
            return min(seconds, longest)
        }
        return nil
    }

    static func seconds(from value: String, now: Date) -> Int? {
        if let seconds = HeaderNumber.value(value) { return min(seconds, longest) }
        guard let date = httpDate(value.trimmingASCIISpaces, now: now) else { return nil }
        let interval = date.timeIntervalSince(now)
        return interval <= 0 ? 0 : Int(min(interval.rounded(.up), Double(longest)))
    }

    /// Parses an HTTP date in any of the three forms RFC 9110 (5.6.7) has recipients accept:
    /// IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT" (its year four digits: a longer one would
    /// overflow the seconds), and the obsolete RFC 850 "Sunday, 06-Nov-94 08:49:37 GMT" and
    /// asctime "Sun Nov  6 08:49:37 1994" that old servers and proxies still send.
    static func httpDate(_ text: String, now: Date = Date()) -> Date? {
        let parts = text.split(separator: " ")
        switch parts.count {
        case 6 where parts[5] == "GMT" && parts[0].hasSuffix(","):
            return date(year: parts[3], month: parts[2], day: parts[1], clock: parts[4])
        case 4 where parts[3] == "GMT" && parts[0].hasSuffix(","):
            let day = parts[1].split(separator: "-", omittingEmptySubsequences: false)
            guard day.count == 3, day[2].utf8.count == 2, day[2].isASCIIDigits, let twoDigits = Int(day[2]) else { return nil }
            // A two-digit year more than 50 years ahead is the latest past year ending so.
            let thisYear = CivilDate(days: Int((now.timeIntervalSince1970 / 86_400).rounded(.down))).year
            var year = thisYear - thisYear % 100 + twoDigits
            if year > thisYear + 50 { year -= 100 }
            return date(year: Substring(String(year)), month: day[1], day: day[0], clock: parts[2])
        case 5 where !parts[0].hasSuffix(","):
            return date(year: parts[4], month: parts[1], day: parts[2], clock: parts[3])
        default:
            return nil
        }
    }

    private static func date(year: Substring, month: Substring, day: Substring, clock: Substring) -> Date? {
        guard year.utf8.count == 4, year.isASCIIDigits, let year = Int(year),
              (1...2).contains(day.utf8.count), day.isASCIIDigits, let day = Int(day),
              let monthIndex = months.firstIndex(of: String(month)) else { return nil }
        let clock = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.utf8.count == 2 && $0.isASCIIDigits }) else { return nil }
        let (hour, minute, second) = (Int(clock[0])!, Int(clock[1])!, Int(clock[2])!)
        guard (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let days = CivilDate(year: year, month: monthIndex + 1, day: day).days
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
