import FoundationEssentials

/// How long a server asked us to wait: `Retry-After` as seconds or an HTTP date
/// (IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT"), else `ratelimit-reset` in seconds.
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
        guard let date = httpDate(value.trimmingASCIISpaces) else { return nil }
        let interval = date.timeIntervalSince(now)
        return interval <= 0 ? 0 : Int(min(interval.rounded(.up), Double(longest)))
    }

    /// Parses IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT" (its year is four digits: a longer
    /// one would overflow the seconds).
    static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", parts[0].hasSuffix(","), parts[3].utf8.count == 4, parts[3].isASCIIDigits,
              let day = Int(parts[1]), let year = Int(parts[3]) else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let monthIndex = months.firstIndex(of: String(parts[2])) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...31).contains(day), (0...23).contains(clock[0]),
              (0...59).contains(clock[1]), (0...60).contains(clock[2]) else { return nil }
        let days = CivilDate(year: year, month: monthIndex + 1, day: day).days
        let seconds = days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
