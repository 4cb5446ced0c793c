/// A checked JSON document and its map, in the spirit of swift-foundation's `JSONMap`: two
/// words per value, in document order, the first its offset and kind, the second the end of
/// its text (a string or number) or the entry after its last member (an array or object), so
/// skipping a value is a jump. Nothing is decoded until a reader asks (`JSONNode`).
final class JSONMap: Sendable {
    let bytes: [UInt8]
    let entries: [UInt32]

    init(bytes: [UInt8], entries: [UInt32]) {
        self.bytes = bytes
        self.entries = entries
    }

    /// (Its three bits are the case's number: the cases are declared in the order of their raw values.)
    func kind(at entry: Int) -> JSONKind { unsafeBitCast(UInt8(truncatingIfNeeded: entries[entry] & 7), to: JSONKind.self) }

    /// Where the value's text starts: its bracket, quote or first character.
    func offset(at entry: Int) -> Int { Int(entries[entry] >> 3) }

    /// The entry after this value and everything in it.
    func next(after entry: Int) -> Int { Self.next(after: entry, first: entries[entry], second: entries[entry + 1]) }

    /// The entry after the value at `entry` whose two words are `first` and `second`: a
    /// container's second word, else the next pair (the scanner reads its map being written).
    @inline(__always)
    static func next(after entry: Int, first: UInt32, second: UInt32) -> Int {
        let kind = first & 7
        return kind == JSONKind.array.rawValue || kind == JSONKind.object.rawValue ? Int(second) : entry + 2
    }

    /// The bytes between a string's quotes, or a number's text.
    func withText<Result>(at entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = offset(at: entry) + (kind(at: entry) == .number ? 0 : 1)
        let end = Int(entries[entry + 1])
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The string at `entry`, escapes decoded.
    func text(at entry: Int) -> String {
        let isPlain = kind(at: entry) == .plainText
        return withText(at: entry) { raw in isPlain ? String(decoding: raw, as: UTF8.self) : JSONText.decode(raw) }
    }

    func number(at entry: Int) -> Double {
        withText(at: entry) { JSONNumber.parse($0) ?? .nan }
    }

    /// The path of the value at `target` (`hourly.data[2].temperature`), found by walking down to it.
    func path(to target: Int) -> String {
        var path = ""
        var container = 0
        while container != target, kind(at: container) == .array || kind(at: container) == .object {
            let isObject = kind(at: container) == .object
            let toValue = isObject ? 2 : 0  // from a member's key to its value; an element is its own
            var child = container + 2
            var position = 0
            // Past the members or elements before the one that holds the target.
            while child < next(after: container), target >= next(after: child + toValue) {
                child = next(after: child + toValue)
                position += 1
            }
            guard child < next(after: container) else { break }
            if isObject {
                path += (path.isEmpty ? "" : ".") + text(at: child)
            } else {
                path += "[\(position)]"
            }
            container = child + toValue
        }
        return path
    }
}

enum JSONKind: UInt32 {
    case null = 0, falseValue, trueValue, number
    /// ASCII without escapes: its bytes are its text.
    case plainText
    /// With escapes or beyond ASCII (checked to be UTF-8).
    case text
    case array, object

    /// As messages say it: "found a string".
    var text: LocalizedText {
        switch self {
        case .null: return .verbatim("null")
        case .falseValue, .trueValue: return LocalizedText(N_("a boolean"))
        case .number: return LocalizedText(N_("a number"))
        case .plainText, .text: return LocalizedText(N_("a string"))
        case .array: return LocalizedText(N_("an array"))
        case .object: return LocalizedText(N_("an object"))
        }
    }
}

/// Why bytes are not the document a reader wants, and where (`hourly.data[2].temperature:
/// expected a number, found a string`), in words the catalogues translate.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public var problem: LocalizedText
    public var line: Int
    public var column: Int
    /// Nothing but whitespace: each reader names that in its own words ("the file is empty").
    public var isEmpty = false
    /// Where in the document, for a value of the wrong shape; nil for a mistake of syntax.
    public var path: String?

    /// The problem with its place, to be put in the user's language.
    public var text: LocalizedText {
        if isEmpty { return problem }
        let line = LocalizedText.verbatim(String(line)), column = LocalizedText.verbatim(String(column))
        guard let path, !path.isEmpty else {
            return LocalizedText(N_("line {line}, column {column}: {reason}"), ["line": line, "column": column, "reason": problem])
        }
        return LocalizedText(N_("{path}: {reason} (line {line}, column {column})"),
                             ["path": .verbatim(path), "reason": problem, "line": line, "column": column])
    }

    public var description: String { text.description }

    /// What a reader of a file says of a document it could not scan: `not valid JSON: line 2,
    /// column 1: ...`, or `empty` ("the file is empty" unless given) for one of nothing but whitespace.
    /// A mistake of syntax has its problem on a line of its own under the place (one line ran to
    /// 127 columns under "unusable response from the API:").
    public func notValidJSON(orEmpty empty: LocalizedText? = nil) -> LocalizedText {
        if isEmpty { return empty ?? LocalizedText(N_("the file is empty")) }
        guard path?.isEmpty ?? true else { return LocalizedText(N_("not valid JSON: {reason}"), ["reason": text]) }
        let place = LocalizedText(N_("line {line}, column {column}:"), ["line": .verbatim(String(line)), "column": .verbatim(String(column))])
        return LocalizedText(N_("not valid JSON: {reason}"), ["reason": place]) + .verbatim("\n") + problem
    }

    /// Line and column of a byte offset; a column counts characters, not the continuation bytes of one.
    static func position(of offset: Int, in bytes: some BidirectionalCollection<UInt8>) -> (line: Int, column: Int) {
        let before = bytes.prefix(offset)
        let lastLine = before.reversed().prefix { $0 != 0x0A }
        return (before.count { $0 == 0x0A } + 1, lastLine.count { $0 & 0xC0 != 0x80 } + 1)
    }
}

enum JSONNumber {
    /// Most characters of a number's text an error quotes: a number of thousands of digits is cut.
    static let shownLength = 40

    /// A number's text as an error quotes it, cut to `shownLength` characters.
    static func shown(_ text: UnsafeBufferPointer<UInt8>) -> String {
        let shown = String(decoding: text, as: UTF8.self)
        return shown.count > shownLength ? String(shown.prefix(shownLength)) + "…" : shown
    }

    /// The Double `text` names (a number the scanner passed); nil beyond a Double's range.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let isNegative = text.first == UInt8(ascii: "-")
        var significand: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var isFraction = false
        var hasExponent = false
        for byte in text.dropFirst(isNegative ? 1 : 0) {
            if byte == UInt8(ascii: ".") {
                isFraction = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if digitCount < 19 { significand = significand &* 10 &+ UInt64(byte &- UInt8(ascii: "0")) }
                digitCount += 1
                if isFraction { fractionDigits += 1 }
            } else {
                hasExponent = true
                break
            }
        }
        // Clinger's fast path: an integer below 2^53 and a power of ten up to 10^22 are both
        // exact Doubles, so one division rounds exactly as parsing the text would.
        if !hasExponent, digitCount <= 15, fractionDigits < powersOfTen.count {
            let magnitude = Double(significand) / powersOfTen[fractionDigits]
            return isNegative ? -magnitude : magnitude
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { product, _ in product * 10 } }
}

enum JSONText {
    /// The text of a string's bytes between its quotes (checked by the scanner), escapes decoded.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            let escaped = raw[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "u"):
                var scalar = quad(raw, at: index) ?? 0
                index += 4
                if (0xD800...0xDBFF).contains(scalar), raw.count - index >= 6, raw[index] == UInt8(ascii: "\\"),
                   raw[index + 1] == UInt8(ascii: "u"), let low = quad(raw, at: index + 2), (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                // A lone surrogate cannot be text; the RFC leaves it to the reader.
                decoded.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
            default: decoded.append(controls[escaped] ?? escaped)  // '"', '\\' and '/' stand for themselves
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static let controls: [UInt8: UInt8] = [0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]  // \b \f \n \r \t

    /// The number the four hex digits at `index` name; nil when one is no hex digit.
    static func quad(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        var value: UInt32 = 0
        for byte in raw[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
