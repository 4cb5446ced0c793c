/// A count or a number of seconds a server writes in a response header: `1*DIGIT` (RFC 9110's
/// `delay-seconds`, 10.2.3; Kong's `X-RateLimit-*` and the draft's `RateLimit-*` alike), with
/// the field's optional whitespace around it (OWS, RFC 9110 5.6.3). Not "+2", "-2", "2.5" or
/// "0x10", which `Int` or a lenient reader would take. Digits beyond `Int`'s read as
/// `Int.max`: a server's number is huge or not, never a trap, and each reader bounds it to
/// what it can mean there.
enum HeaderNumber {
    static func value(_ text: some StringProtocol) -> Int? {
        let digits = text.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            .reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.reversed()
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        var number = 0
        for digit in digits {
            let (times, timesOverflow) = number.multipliedReportingOverflow(by: 10)
            let (plus, plusOverflow) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if timesOverflow || plusOverflow { return Int.max }
            number = plus
        }
        return number
    }
}

extension HTTPResponse {
    /// The number in header `name` (`HeaderNumber`); nil when there is none or it is not one.
    func number(inHeader name: String) -> Int? { header(name).flatMap(HeaderNumber.value) }
}
