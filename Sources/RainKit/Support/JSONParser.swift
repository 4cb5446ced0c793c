/// A strict RFC 8259 parser: one value with optional whitespace around it, no comments, no
/// trailing commas, no duplicate keys in an object (the RFC leaves them to the reader; rain
/// would otherwise silently use one of two settings), numbers that fit a Double, valid UTF-8.
/// A leading UTF-8 byte order mark is skipped, as the RFC allows. Every mistake names its line
/// and column.
struct JSONParser {
    /// Deeper documents are refused rather than risk the stack.
    static let maximumDepth = 256

    /// The document; valid only while the caller holds the array it points into.
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var depth = 0
    /// The members of the objects being read, the innermost object's last: one buffer for all
    /// objects instead of an array for each. `start`: where the key begins, to name a duplicate.
    private var members: [(key: String, value: JSONValue, start: Int)] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    static func parse(_ bytes: [UInt8]) throws(JSONValue.SyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONValue.SyntaxError) in try parse(buffer) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONValue.SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        guard parser.offset < bytes.count else {
            throw JSONValue.SyntaxError(reason: "there is nothing in it", line: 1, column: 1, isEmpty: true)
        }
        if bytes[parser.offset] == UInt8(ascii: "<") {
            throw parser.error("it looks like an HTML page, not JSON")
        }
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.offset == bytes.count else {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document")
        }
        return value
    }

    // MARK: Values

    mutating func value() throws(JSONValue.SyntaxError) -> JSONValue {
        guard offset < bytes.count else { throw error("the document ends where a value was expected") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "'"): throw error("strings must be in double quotes")
        case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw error("unexpected \(describeCurrent()) where a value was expected")
        default: throw error("unexpected \(describeCurrent()) where a value was expected")
        }
    }

    private mutating func object() throws(JSONValue.SyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        offset += 1
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            offset += 1
            return .object([:])
        }
        let first = members.count
        while true {
            skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside an object (a '}' is missing)") }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                if bytes[offset] == UInt8(ascii: "}") { throw error("a comma before '}' (trailing commas are not allowed in JSON)") }
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyStart = offset
            let key = try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key \"\(key.strippingControlCharacters)\", found \(describeCurrent())") }
            offset += 1
            skipWhitespace()
            let value = try value()
            members.append((key, value, keyStart))
            skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside an object (a '}' is missing)") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                // Built at its final size: growing a dictionary member by member rehashes it.
                // A key met again is found here, hashed once with the rest (not looked up as read).
                var object = [String: JSONValue](minimumCapacity: members.count - first)
                for (key, value, start) in members[first...] {
                    guard object.updateValue(value, forKey: key) == nil else {
                        throw error("the key \"\(key.strippingControlCharacters)\" appears twice in the same object", at: start)
                    }
                }
                members.removeSubrange(first...)
                return .object(object)
            default: throw error("expected ',' or '}' after a value in an object, found \(describeCurrent())")
            }
        }
    }

    private mutating func array() throws(JSONValue.SyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        offset += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { throw error("a comma before ']' (trailing commas are not allowed in JSON)") }
            items.append(try value())
            skipWhitespace()
            guard offset < bytes.count else { throw error("the document ends inside an array (a ']' is missing)") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return .array(items)
            default: throw error("expected ',' or ']' after a value in an array, found \(describeCurrent())")
            }
        }
    }

    private mutating func enterContainer() throws(JSONValue.SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func literal(_ word: StaticString) throws(JSONValue.SyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected) else {
            throw error("unexpected \(describeCurrent()) where a value was expected")
        }
        offset += expected.count
    }

    // MARK: Numbers

    mutating func number() throws(JSONValue.SyntaxError) -> Double {
        let start = offset
        let isNegative = peek(UInt8(ascii: "-"))
        if isNegative { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("a number needs a digit after '-'") }
        // The digits as one integer, for the exact fast path below.
        var significand: UInt64 = 0
        var digitCount = 0
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw error("numbers cannot start with 0", at: start) }
        } else {
            accumulateDigits(into: &significand, count: &digitCount)
        }
        var fractionDigits = 0
        if peek(UInt8(ascii: ".")) {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("a number needs a digit after '.'") }
            let before = digitCount
            accumulateDigits(into: &significand, count: &digitCount)
            fractionDigits = digitCount - before
        }
        var hasExponent = false
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("a number needs a digit in its exponent") }
            skipDigits()
        }
        // Clinger's fast path: an integer below 2^53 and a power of ten up to 10^22 are both
        // exact Doubles, so one division rounds exactly as parsing the text would.
        if !hasExponent, digitCount <= 15, fractionDigits < Self.powersOfTen.count {
            let magnitude = Double(significand) / Self.powersOfTen[fractionDigits]
            return isNegative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is too large", at: start)
        }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    /// Skips digits, adding the first 15 or so to `significand` (`count` counts them all).
    private mutating func accumulateDigits(into significand: inout UInt64, count: inout Int) {
        while offset < bytes.count, isDigit(bytes[offset]) {
            if count < 19 { significand = significand &* 10 &+ UInt64(bytes[offset] &- UInt8(ascii: "0")) }
            count += 1
            offset += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }

    // MARK: Strings

    mutating func string() throws(JSONValue.SyntaxError) -> String {
        let start = offset
        offset += 1
        var decoded: [UInt8] = []
        var runStart = offset
        var bits: UInt8 = 0  // every byte of the text or'ed together: below 0x80 when it is ASCII
        while true {
            // The plain run up to the next quote, backslash or control character.
            while offset < bytes.count, bytes[offset] >= 0x20, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") {
                bits |= bytes[offset]
                offset += 1
            }
            guard offset < bytes.count else { throw error("the document ends inside a string (a closing '\"' is missing)", at: start) }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                try escape(into: &decoded)
                runStart = offset
            } else {
                throw error("a control character (U+\(hex(UInt32(byte)))) inside a string must be written as an escape")
            }
        }
        let text: String?
        if decoded.isEmpty && bits < 0x80 {
            // ASCII is valid UTF-8: no need for the (generic, slower) validating initialiser.
            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]), as: UTF8.self)
        } else if decoded.isEmpty {
            text = String(validating: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]), as: UTF8.self)
        } else {
            decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
            text = String(validating: decoded, as: UTF8.self)
        }
        guard let text else { throw error("a string is not valid UTF-8 text", at: start) }
        offset += 1
        return text
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(JSONValue.SyntaxError) {
        let start = offset
        offset += 1
        guard offset < bytes.count else { throw error("the document ends inside a string", at: start) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeStart: start)
            if (0xD800...0xDBFF).contains(scalar), bytes.count - offset >= 6,
               bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") {
                let save = offset
                offset += 2
                let low = try hexQuad(escapeStart: save)
                if (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    offset = save
                }
            }
            // A lone surrogate cannot be text; the RFC leaves it to the reader.
            decoded.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
        default:
            throw error("unknown escape \\\(byte >= 0x21 && byte < 0x7F ? String(Unicode.Scalar(byte)) : describe(byte)) in a string", at: start)
        }
    }

    private mutating func hexQuad(escapeStart: Int) throws(JSONValue.SyntaxError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw error("'\\u' needs four hex digits", at: escapeStart) }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("'\\u' needs four hex digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        offset += 4
        return value
    }

    // MARK: Whitespace, positions, messages

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    func peek(_ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }

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

    private func error(_ reason: String, at position: Int? = nil) -> JSONValue.SyntaxError {
        let position = min(position ?? offset, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[0..<position] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // count characters, not the continuation bytes of one
            }
        }
        return JSONValue.SyntaxError(reason: reason, line: line, column: column, isEmpty: false)
    }
}
