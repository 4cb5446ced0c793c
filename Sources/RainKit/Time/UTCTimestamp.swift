import FoundationEssentials

/// ISO 8601 times in UTC to the second, `2026-08-20T12:00:00Z`: how every time in rain's JSON
/// is written. Written and read here by arithmetic on the civil date; FoundationEssentials'
/// ISO8601FormatStyle goes through a Calendar for each one, which a forecast's 130 times felt.
package enum UTCTimestamp {
    package static func string(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = CivilDate.days(fromSeconds: seconds)
        let civil = CivilDate(days: days)
        guard (0...9999).contains(civil.year) else {
            // Outside what four digits hold: the library's own form.
            return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
        }
        let time = Int(seconds - Int64(days) * 86_400)
        var text = ByteBuffer(capacity: 20)
        text.putDigits(UInt64(civil.year), count: 4)
        text.put(UInt8(ascii: "-"))
        text.putDigits(UInt64(civil.month), count: 2)
        text.put(UInt8(ascii: "-"))
        text.putDigits(UInt64(civil.day), count: 2)
        text.put(UInt8(ascii: "T"))
        text.putDigits(UInt64(time / 3600), count: 2)
        text.put(UInt8(ascii: ":"))
        text.putDigits(UInt64(time / 60 % 60), count: 2)
        text.put(UInt8(ascii: ":"))
        text.putDigits(UInt64(time % 60), count: 2)
        text.put(UInt8(ascii: "Z"))
        return text.text
    }

    /// The moment `text` names when it is `YYYY-MM-DDTHH:MM:SS`, maybe with a fraction of a
    /// second (dropped: rain keeps whole seconds), then `Z` or an offset `+HH:MM`/`-HH:MM` (as the
    /// alert feeds write them), with a real date and time; nil for anything else (the caller may
    /// try the other ISO 8601 forms, which go through a Calendar).
    static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
            func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for byte in bytes[start..<start + count] {
                    guard isDigit(byte) else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                return value
            }
            var zone = 19
            if bytes[zone] == UInt8(ascii: ".") {
                zone += 1
                let fraction = zone
                while zone < bytes.count, isDigit(bytes[zone]) { zone += 1 }
                guard zone > fraction, zone < bytes.count else { return nil }
            }
            var offset = 0
            switch bytes[zone] {
            case UInt8(ascii: "Z"):
                guard zone + 1 == bytes.count else { return nil }
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard zone + 6 == bytes.count, bytes[zone + 3] == UInt8(ascii: ":"),
                      let hours = number(zone + 1, 2), let minutes = number(zone + 4, 2), hours < 24, minutes < 60 else { return nil }
                offset = (hours * 3600 + minutes * 60) * (bytes[zone] == UInt8(ascii: "-") ? -1 : 1)
            default:
                return nil
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  (1...12).contains(month), (1...CivilDate.daysInMonth(month, of: year)).contains(day),
                  hour < 24, minute < 60, second < 60 else { return nil }
            let days = CivilDate(year: year, month: month, day: day).days
            return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second - offset))
        }
    }
}
