import Glibc

/// Checks a document against RFC 8259 in one pass (skipping a leading byte order mark, as the RFC
/// allows) and writes its map. Every mistake names its line and column, a key twice in one object
/// too (the RFC leaves that to the reader; rain would otherwise silently use one of two settings).
struct JSONScanner {
    /// Deeper documents are refused rather than risk the stack.
    static let maximumDepth = 256
    /// A map entry holds an offset in 29 bits.
    static let maximumSize = 1 << 29

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0
    /// The map being written, two words a value (see `JSONMap`), and how many are written.
    private let entries: UnsafeMutableBufferPointer<UInt32>
    private var written = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>, into entries: UnsafeMutableBufferPointer<UInt32>) {
        self.bytes = bytes
        self.entries = entries
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// The map of `bytes` (see `JSONMap`), or the first mistake in them.
    static func map(_ bytes: [UInt8]) throws(JSONError) -> JSONMap {
        let entries = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
            // Every value starts at a byte of its own (an unclosed "[[[[" is four values in four
            // bytes): at most a value a byte, two words each. Pages never written are never touched.
            try [UInt32](unsafeUninitializedCapacity: 2 * buffer.count + 2) { entries, initialized throws(JSONError) in
                var scanner = JSONScanner(buffer, into: entries)
                try scanner.document()
                initialized = scanner.written
            }
        }
        return JSONMap(bytes: bytes, entries: entries)
    }

    private mutating func document() throws(JSONError) {
        skipWhitespace()
        guard offset < bytes.count else { throw JSONError(problem: LocalizedText(N_("there is nothing in it")), line: 1, column: 1, isEmpty: true) }
        guard bytes.count < Self.maximumSize else {
            throw error(N_("the document is larger than {size} MB"), ["size": .verbatim(String(Self.maximumSize >> 20))])
        }
        if bytes[offset] == UInt8(ascii: "<") { throw error(N_("it looks like an HTML page, not JSON")) }
        try value()
        skipWhitespace()
        guard offset == bytes.count else { throw error(N_("unexpected {found} after the end of the document"), ["found": describeCurrent()]) }
    }

    // MARK: Values

    @inline(__always)
    private mutating func record(_ kind: JSONKind, at start: Int, end: Int = 0) {
        entries[written] = UInt32(start) << 3 | kind.rawValue
        entries[written + 1] = UInt32(end)
        written += 2
    }

    private mutating func value() throws(JSONError) {
        guard offset < bytes.count else { throw error(N_("the document ends where a value was expected")) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true", .trueValue)
        case UInt8(ascii: "f"): try literal("false", .falseValue)
        case UInt8(ascii: "n"): try literal("null", .null)
        case UInt8(ascii: "'"): throw error(N_("strings must be in double quotes"))
        case UInt8(ascii: "/"): throw error(N_("comments are not allowed in JSON"))
        default: throw error(N_("unexpected {found} where a value was expected"), ["found": describeCurrent()])
        }
    }

    private mutating func object() throws(JSONError) {
        let container = try openContainer(.object)
        if peek(UInt8(ascii: "}")) { return close(container) }
        var keyCount = 0
        var seen = Set<String>()  // for an object of many keys
        var keyBits = SIMD4<UInt64>()
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw error(N_("the document ends inside an object (a '}' is missing)")) }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                if bytes[offset] == UInt8(ascii: "}") { throw error(N_("a comma before '}' (trailing commas are not allowed in JSON)"), at: lastComma) }
                throw error(N_("expected a key in double quotes, found {found}"), ["found": describeCurrent()])
            }
            try string()
            try checkKeyIsNew(written - 2, in: container, keysBefore: keyCount, seen: &seen, bits: &keyBits)
            keyCount += 1
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw error(N_("expected ':' after the key \"{key}\", found {found}"),
                            ["key": .verbatim(keyText(written - 2).strippingControlCharacters), "found": describeCurrent()])
            }
            offset += 1
            skipWhitespace()
            try value()
            skipWhitespace()
            guard offset < bytes.count else { throw error(N_("the document ends inside an object (a '}' is missing)")) }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): return close(container)
            default: throw error(N_("expected ',' or '}' after a value in an object, found {found}"), ["found": describeCurrent()])
            }
        }
    }

    private mutating func array() throws(JSONError) {
        let container = try openContainer(.array)
        if peek(UInt8(ascii: "]")) { return close(container) }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { throw error(N_("a comma before ']' (trailing commas are not allowed in JSON)"), at: lastComma) }
            try value()
            skipWhitespace()
            guard offset < bytes.count else { throw error(N_("the document ends inside an array (a ']' is missing)")) }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): return close(container)
            default: throw error(N_("expected ',' or ']' after a value in an array, found {found}"), ["found": describeCurrent()])
            }
        }
    }

    private func keyText(_ entry: Int) -> String {
        let raw = rawKey(entry)
        return entries[entry] & 7 == JSONKind.plainText.rawValue ? String(decoding: raw, as: UTF8.self) : JSONText.decode(raw)
    }

    /// Throws when the object already has the key at `entry` (equal as Swift's strings: "é" as one
    /// character or two is one key). While an object has fewer than 64 keys, all plain (ASCII
    /// without escapes), a key is compared with those before it only if `bits` (a bit from a hash
    /// of each key) say it may match; past that, with a set of the keys' texts.
    private func checkKeyIsNew(_ entry: Int, in container: Int, keysBefore: Int, seen: inout Set<String>,
                               bits: inout SIMD4<UInt64>) throws(JSONError) {
        var isRepeated = false
        if seen.isEmpty && keysBefore < 64 && entries[entry] & 7 == JSONKind.plainText.rawValue {
            let raw = rawKey(entry)
            let hash = raw.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 } &* 0x9E37_79B9_7F4A_7C15
            let word = Int(hash >> 62), bit: UInt64 = 1 << (hash >> 56 & 63)
            if bits[word] & bit == 0 { bits[word] |= bit; return }
            var other = container + 2
            while other < entry, !isRepeated {
                isRepeated = raw.elementsEqual(rawKey(other))
                other = next(after: other + 2)
            }
        } else {
            if seen.isEmpty {
                var other = container + 2
                while other < entry {
                    seen.insert(keyText(other))
                    other = next(after: other + 2)
                }
            }
            isRepeated = !seen.insert(keyText(entry)).inserted
        }
        if isRepeated {
            throw error(N_("the key \"{key}\" appears twice in the same object"), ["key": .verbatim(keyText(entry).strippingControlCharacters)], at: Int(entries[entry] >> 3))
        }
    }

    private func next(after entry: Int) -> Int { JSONMap.next(after: entry, first: entries[entry], second: entries[entry + 1]) }

    private func rawKey(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(entries[entry] >> 3) + 1..<Int(entries[entry + 1])])
    }

    /// Records a container at its bracket and steps inside; returns its entry.
    private mutating func openContainer(_ kind: JSONKind) throws(JSONError) -> Int {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error(N_("nested more than {depth} levels deep"), ["depth": .verbatim(String(Self.maximumDepth))]) }
        let index = written
        record(kind, at: offset)
        offset += 1
        skipWhitespace()
        return index
    }

    /// Passes the closing bracket and steps outside; the container's second word becomes the entry after it.
    private mutating func close(_ container: Int) {
        depth -= 1
        offset += 1
        entries[container + 1] = UInt32(written)
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONKind) throws(JSONError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected) else {
            throw error(N_("unexpected {found} where a value was expected"), ["found": describeCurrent()])
        }
        record(kind, at: offset)
        offset += expected.count
    }

    // MARK: Numbers

    private mutating func number() throws(JSONError) {
        let start = offset
        if peek(UInt8(ascii: "-")) { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error(N_("a number needs a digit after '-'")) }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error(N_("numbers cannot start with 0"), at: start) }
        }
        skipDigits()
        if peek(UInt8(ascii: ".")) {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error(N_("a number needs a digit after '.'")) }
            skipDigits()
        }
        var hasExponent = false
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error(N_("a number needs a digit in its exponent")) }
            skipDigits()
        }
        // Only an exponent or more than 308 digits can leave a Double's range.
        let text = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        if hasExponent || text.count > 308, JSONNumber.parse(text) == nil {
            throw error(N_("the number {number} is too large"), ["number": .verbatim(JSONNumber.shown(text))], at: start)
        }
        record(.number, at: start, end: offset)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        var index = offset
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        offset = index
    }

    // MARK: Strings

    /// A string at its opening quote: plain when it is ASCII without escapes.
    private mutating func string() throws(JSONError) {
        let start = offset
        var index = offset + 1
        var bits: UInt8 = 0  // every byte of the text or'ed together: below 0x80 when it is ASCII
        var hasEscapes = false
        while true {
            // Up to a quote, a backslash or a control character: eight bytes at a time, then one by one.
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                let stops = Self.stopBytes(in: word)
                if stops != 0 {
                    let before = stops.trailingZeroBitCount >> 3  // little-endian: the first byte is the lowest
                    if before > 0, word & (UInt64.max >> (64 - 8 * before)) & Self.highBits != 0 { bits |= 0x80 }
                    index += before
                    break
                }
                if word & Self.highBits != 0 { bits |= 0x80 }
                index += 8
            }
            while index < bytes.count {
                let next = bytes[index]
                if next < 0x20 || next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") { break }
                bits |= next
                index += 1
            }
            offset = index
            guard index < bytes.count else { throw error(N_("the document ends inside a string (a closing '\"' is missing)"), at: start) }
            let stop = bytes[index]
            if stop == UInt8(ascii: "\"") { break }
            if stop == UInt8(ascii: "\\") {
                hasEscapes = true
                try escape()
                index = offset
            } else {
                throw error(N_("a control character (U+{code}) inside a string must be written as an escape"),
                            ["code": .verbatim(stop.hex(digits: 2, uppercase: true))])
            }
        }
        if bits >= 0x80, String(validating: UnsafeBufferPointer(rebasing: bytes[start + 1..<index]), as: UTF8.self) == nil {
            throw error(N_("a string is not valid UTF-8 text"), at: start)
        }
        record(hasEscapes || bits >= 0x80 ? .text : .plainText, at: start, end: index)
        offset = index + 1
    }

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that ends a string's plain run (a quote, a
    /// backslash, a control character), exact up to the first such byte; zero when none is.
    /// A byte b is zero exactly when (b - 1) & ~b has its high bit set, the first time.
    @inline(__always)
    private static func stopBytes(in word: UInt64) -> UInt64 {
        let quotes = word ^ (lowBits &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (lowBits &* UInt64(UInt8(ascii: "\\")))
        let zeroQuote = (quotes &- lowBits) & ~quotes
        let zeroBackslash = (backslashes &- lowBits) & ~backslashes
        let control = (word &- lowBits &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highBits
    }

    private mutating func escape() throws(JSONError) {
        let start = offset
        offset += 1
        guard offset < bytes.count else { throw error(N_("the document ends inside a string"), at: start) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            break
        case UInt8(ascii: "u"):
            guard bytes.count - offset >= 4, JSONText.quad(bytes, at: offset) != nil else {
                throw error(N_("'\\u' needs four hex digits"), at: start)
            }
            offset += 4
        default:
            let escape: LocalizedText = byte >= 0x21 && byte < 0x7F ? .verbatim(String(Unicode.Scalar(byte))) : describe(byte)
            throw error(N_("unknown escape \\{escape} in a string"), ["escape": escape], at: start)
        }
    }

    // MARK: Whitespace and messages

    private mutating func skipWhitespace() {
        var index = offset
        // A space, line feed, carriage return or tab: a bit each of the mask.
        while index < bytes.count, bytes[index] <= 0x20, UInt64(1) << bytes[index] & 0x1_0000_2600 != 0 { index += 1 }
        offset = index
    }

    private func peek(_ expected: UInt8) -> Bool { offset < bytes.count && bytes[offset] == expected }
    private var lastComma: Int? { bytes[..<offset].lastIndex(of: UInt8(ascii: ",")) }

    private func describeCurrent() -> LocalizedText {
        guard offset < bytes.count else { return LocalizedText(N_("the end of the document")) }
        return describe(bytes[offset])
    }

    /// `'x'` (the byte itself, as it is), "a space" or "byte 0x1F".
    private func describe(_ byte: UInt8) -> LocalizedText {
        if byte >= 0x21 && byte < 0x7F { return .verbatim("'\(Character(Unicode.Scalar(byte)))'") }
        if byte == 0x20 { return LocalizedText(N_("a space")) }
        return LocalizedText(N_("byte 0x{hex}"), ["hex": .verbatim(byte.hex(digits: 2, uppercase: true))])
    }

    /// `message` (marked with `N_`) with `values`, at `position` (where the scanner is by default).
    private func error(_ message: String, _ values: KeyValuePairs<String, LocalizedText> = [:], at position: Int? = nil) -> JSONError {
        let (line, column) = JSONError.position(of: position ?? offset, in: bytes)
        return JSONError(problem: LocalizedText(message, values), line: line, column: column)
    }
}
