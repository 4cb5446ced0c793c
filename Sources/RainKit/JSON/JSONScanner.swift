import Glibc

/// Checks a document against RFC 8259 in one pass and writes its map: one value with optional
/// whitespace around it, no comments, no trailing commas, numbers that fit a Double, valid
/// UTF-8; a leading byte order mark is skipped, as the RFC allows. Strings and numbers are only
/// checked here; `JSONNode` decodes one when a reader asks for it. Every mistake names its line
/// and column, a key twice in one object too (the RFC leaves that to the reader; rain would
/// otherwise silently use one of two settings).
struct JSONScanner {
    /// Deeper documents are refused rather than risk the stack.
    static let maximumDepth = 256
    /// A map entry holds an offset in 29 bits.
    static let maximumSize = 1 << 29

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0
    private var entries: [UInt32] = []
    /// The keys' entries of the objects being scanned, the innermost object's last: one buffer
    /// for all objects instead of an array for each.
    private var keys: [Int] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        entries.reserveCapacity(bytes.count / 2)
    }

    static func map(_ bytes: [UInt8]) throws(JSONError) -> JSONMap {
        let entries = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in try scan(buffer) }
        return JSONMap(bytes: bytes, entries: entries)
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> [UInt32] {
        var scanner = JSONScanner(bytes)
        scanner.skipWhitespace()
        guard scanner.offset < bytes.count else {
            throw JSONError(reason: "there is nothing in it", line: 1, column: 1, isEmpty: true)
        }
        guard bytes.count < maximumSize else { throw scanner.error("the document is larger than \(maximumSize >> 20) MB") }
        if bytes[scanner.offset] == UInt8(ascii: "<") {
            throw scanner.error("it looks like an HTML page, not JSON")
        }
        try scanner.value()
        scanner.skipWhitespace()
        guard scanner.offset == bytes.count else {
            throw scanner.error("unexpected \(scanner.describeCurrent()) after the end of the document")
        }
        return scanner.entries
    }

    // MARK: Values

    private mutating func record(_ kind: JSONKind, end: Int = 0) {
        entries.append(UInt32(offset) << 3 | kind.rawValue)
        entries.append(UInt32(end))
    }

    private mutating func value() throws(JSONError) {
        guard offset < bytes.count else { throw error("the document ends where a value was expected") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true", .trueValue)
        case UInt8(ascii: "f"): try literal("false", .falseValue)
        case UInt8(ascii: "n"): try literal("null", .null)
        case UInt8(ascii: "'"): throw error("strings must be in double quotes")
        case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
        default: throw error("unexpected \(describeCurrent()) where a value was expected")
        }
    }

    private mutating func object() throws(JSONError) {
        let container = try openContainer(.object)
        defer { depth -= 1 }
        if peek(UInt8(ascii: "}")) { return close(container) }
        let firstKey = keys.count
        defer { keys.removeSubrange(firstKey...) }
        var seen = Set<String>()  // for an object of many keys
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside an object (a '}' is missing)") }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                if bytes[offset] == UInt8(ascii: "}") { throw error("a comma before '}' (trailing commas are not allowed in JSON)") }
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyStart = offset
            try string()
            try checkKeyIsNew(entries.count - 2, firstKey: firstKey, seen: &seen, at: keyStart)
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw error("expected ':' after the key \"\(keyText(entries.count - 2).strippingControlCharacters)\", found \(describeCurrent())")
            }
            offset += 1
            skipWhitespace()
            try value()
            skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside an object (a '}' is missing)") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): return close(container)
            default: throw error("expected ',' or '}' after a value in an object, found \(describeCurrent())")
            }
        }
    }

    private mutating func array() throws(JSONError) {
        let container = try openContainer(.array)
        defer { depth -= 1 }
        if peek(UInt8(ascii: "]")) { return close(container) }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { throw error("a comma before ']' (trailing commas are not allowed in JSON)") }
            try value()
            skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside an array (a ']' is missing)") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): return close(container)
            default: throw error("expected ',' or ']' after a value in an array, found \(describeCurrent())")
            }
        }
    }

    /// The text of the key at `entry`, escapes decoded.
    private func keyText(_ entry: Int) -> String {
        let raw = rawKey(entry)
        return entries[entry] & 7 == JSONKind.plainText.rawValue ? String(decoding: raw, as: UTF8.self) : JSONText.decode(raw)
    }

    /// Throws when the object already has the key at `entry` (keys are the same text when
    /// Swift's strings are equal: "é" written as one character or two is one key); keeps it for
    /// the keys after it. A small object compares with each key before; a large one keeps a set.
    private mutating func checkKeyIsNew(_ entry: Int, firstKey: Int, seen: inout Set<String>, at start: Int) throws(JSONError) {
        let isPlain = entries[entry] & 7 == JSONKind.plainText.rawValue
        let count = keys.count - firstKey
        var isRepeated = false
        if count < 32 {
            let raw = rawKey(entry)
            for other in keys[firstKey...] {
                let otherIsPlain = entries[other] & 7 == JSONKind.plainText.rawValue
                if isPlain && otherIsPlain {
                    let otherRaw = rawKey(other)
                    isRepeated = raw.count == otherRaw.count && memcmp(raw.baseAddress!, otherRaw.baseAddress!, raw.count) == 0
                } else {
                    isRepeated = keyText(entry) == keyText(other)
                }
                if isRepeated { break }
            }
        } else {
            if seen.isEmpty { seen = Set(keys[firstKey...].map(keyText)) }
            isRepeated = !seen.insert(keyText(entry)).inserted
        }
        if isRepeated {
            throw error("the key \"\(keyText(entry).strippingControlCharacters)\" appears twice in the same object", at: start)
        }
        keys.append(entry)
    }

    private func rawKey(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(entries[entry] >> 3) + 1..<Int(entries[entry + 1])])
    }

    /// Records a container at its bracket and steps inside; its entry's index.
    private mutating func openContainer(_ kind: JSONKind) throws(JSONError) -> Int {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        let index = entries.count
        record(kind)
        offset += 1
        skipWhitespace()
        return index
    }

    /// Passes the closing bracket; the container's second word becomes the index after it.
    private mutating func close(_ container: Int) {
        offset += 1
        entries[container + 1] = UInt32(entries.count)
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONKind) throws(JSONError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected) else {
            throw error("unexpected \(describeCurrent()) where a value was expected")
        }
        record(kind)
        offset += expected.count
    }

    // MARK: Numbers

    private mutating func number() throws(JSONError) {
        let start = offset
        if peek(UInt8(ascii: "-")) { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("a number needs a digit after '-'") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error("numbers cannot start with 0", at: start) }
        }
        skipDigits()
        if peek(UInt8(ascii: ".")) {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("a number needs a digit after '.'") }
            skipDigits()
        }
        var hasExponent = false
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("a number needs a digit in its exponent") }
            skipDigits()
        }
        // Only an exponent or more than 308 digits can leave a Double's range.
        let text = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        if hasExponent || text.count > 308, JSONNumber.parse(text) == nil {
            let shown = String(decoding: text, as: UTF8.self)
            throw error("the number \(shown.count > 40 ? String(shown.prefix(40)) + "…" : shown) is too large", at: start)
        }
        let end = offset
        offset = start
        record(.number, end: end)
        offset = end
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }

    // MARK: Strings

    /// A string at its opening quote: plain when it is ASCII without escapes.
    private mutating func string() throws(JSONError) {
        let start = offset
        offset += 1
        var bits: UInt8 = 0  // every byte of the text or'ed together: below 0x80 when it is ASCII
        var hasEscapes = false
        while true {
            while offset < bytes.count, bytes[offset] >= 0x20, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") {
                bits |= bytes[offset]
                offset += 1
            }
            guard offset < bytes.count else { throw error("the document ends inside a string (a closing '\"' is missing)", at: start) }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try escape()
            } else {
                throw error("a control character (U+\(hex(UInt32(byte)))) inside a string must be written as an escape")
            }
        }
        if bits >= 0x80, String(validating: UnsafeBufferPointer(rebasing: bytes[start + 1..<offset]), as: UTF8.self) == nil {
            throw error("a string is not valid UTF-8 text", at: start)
        }
        let end = offset
        offset = start
        record(hasEscapes || bits >= 0x80 ? .text : .plainText, end: end)
        offset = end + 1
    }

    private mutating func escape() throws(JSONError) {
        let start = offset
        offset += 1
        guard offset < bytes.count else { throw error("the document ends inside a string", at: start) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            break
        case UInt8(ascii: "u"):
            guard bytes.count - offset >= 4, bytes[offset..<offset + 4].allSatisfy({ JSONText.hexDigit($0) != nil }) else {
                throw error("'\\u' needs four hex digits", at: start)
            }
            offset += 4
        default:
            throw error("unknown escape \\\(byte >= 0x21 && byte < 0x7F ? String(Unicode.Scalar(byte)) : describe(byte)) in a string", at: start)
        }
    }

    // MARK: Whitespace, positions, messages

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private func peek(_ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }

    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "the end of the document" }
        return describe(bytes[offset])
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        return "byte 0x\(hex(UInt32(byte)))"
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, (value > 0xFF ? 4 : 2) - digits.count)) + digits
    }

    private func error(_ reason: String, at position: Int? = nil) -> JSONError {
        let (line, column) = JSONError.position(of: min(position ?? offset, bytes.count), in: bytes)
        return JSONError(reason: reason, line: line, column: column)
    }
}
