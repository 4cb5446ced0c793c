/// A count or a number of seconds a server writes in a response header: `1*DIGIT` (RFC 9110's
/// `delay-seconds`, 10.2.3; Kong's `X-RateLimit-*` and the draft's `RateLimit-*` alike), with
/// the field's optional whitespace around it (OWS, RFC 9110 5.6.3). Not "+2", "-2", "2.5" or
/// "0x10", which `Int` or a lenient reader would take. Digits beyond `Int`'s read as
/// `Int.max`: a server's number is huge or not, never a trap, and each reader bounds it to
/// what it can mean there.
enum HeaderNumber {
    static func value(_ text: String) -> Int? {
        let digits = text.trimmingASCIISpaces
        guard !digits.isEmpty, digits.isASCIIDigits else { return nil }
        return Int(digits) ?? Int.max
    }
}

extension HTTPResponse {
    /// The number in header `name` (`HeaderNumber`); nil when there is none or it is not one.
    func number(inHeader name: String) -> Int? { header(name).flatMap(HeaderNumber.value) }
}

extension StringProtocol {
    var isASCIIDigits: Bool { utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
}

extension String {
    /// Without a header field's optional whitespace (OWS: spaces and tabs) around it.
    var trimmingASCIISpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
