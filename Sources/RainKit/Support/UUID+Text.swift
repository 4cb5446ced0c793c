import FoundationEssentials

extension UUID {
    /// The UUID in `text` when it is in the canonical form, 8-4-4-4-12 hex digits of either case
    /// (what rain writes); nil for anything else. Foundation's parser goes through `sscanf`,
    /// which is most of the time of reading a store of thousands of places.
    init?(canonical text: String) {
        guard let parsed = Self.canonical(text) else { return nil }
        self = parsed.id
    }

    /// `UUID(canonical:)`, and whether the text is all lower-case (as `lowercasedString()` writes it).
    static func canonical(_ text: String) -> (id: UUID, isLowercase: Bool)? {
        var text = text
        return text.withUTF8 { canonical(utf8: $0) }
    }

    /// `canonical(_:)` of the text these UTF-8 bytes spell.
    static func canonical(utf8: UnsafeBufferPointer<UInt8>) -> (id: UUID, isLowercase: Bool)? {
        guard utf8.count == 36, utf8[8] == UInt8(ascii: "-"), utf8[13] == UInt8(ascii: "-"),
              utf8[18] == UInt8(ascii: "-"), utf8[23] == UInt8(ascii: "-") else { return nil }
        // The 32 digits as four words of eight bytes (the first digit in the lowest byte), each
        // checked and decoded eight digits at a time.
        let text = UnsafeRawBufferPointer(utf8)
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func halves(_ first: Int, _ second: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: first, as: UInt32.self)))
                | UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: second, as: UInt32.self))) << 32
        }
        guard let first = hexValue(of: word(0)), let second = hexValue(of: halves(9, 14)),
              let third = hexValue(of: halves(19, 24)), let fourth = hexValue(of: word(28)) else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { output in
            output.storeBytes(of: first.value.littleEndian, toByteOffset: 0, as: UInt32.self)
            output.storeBytes(of: second.value.littleEndian, toByteOffset: 4, as: UInt32.self)
            output.storeBytes(of: third.value.littleEndian, toByteOffset: 8, as: UInt32.self)
            output.storeBytes(of: fourth.value.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        let hasUpperCase = first.hasUpperCase || second.hasUpperCase || third.hasUpperCase || fourth.hasUpperCase
        return (UUID(uuid: bytes), !hasUpperCase)
    }

    /// The four bytes eight ASCII hex digits of either case spell (the first digit in the lowest
    /// byte of `word`, the first byte in the lowest byte of the value), and whether a digit is an
    /// upper-case letter; nil when one is no hex digit.
    private static func hexValue(of word: UInt64) -> (value: UInt32, hasUpperCase: Bool)? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = 0x80 &* ones
        guard word & high == 0 else { return nil }
        // For bytes below 0x80, adding 0x80 - x sets a byte's top bit exactly when it is >= x.
        func atLeast(_ word: UInt64, _ value: UInt64) -> UInt64 { (word &+ (0x80 - value) &* ones) & high }
        let isDigit = atLeast(word, 0x30) & ~atLeast(word, 0x3A)
        let folded = word | 0x20 &* ones
        let isLetter = atLeast(folded, 0x61) & ~atLeast(folded, 0x67)
        guard isDigit | isLetter == high else { return nil }
        // A letter's value is its low four bits plus 9; then the nibbles are packed in pairs.
        var value = (word & (0x0F &* ones)) &+ (isLetter >> 7) &* 9
        value = (value & 0x000F_000F_000F_000F) << 4 | (value >> 8) & 0x000F_000F_000F_000F
        value = (value | value >> 8) & 0x0000_FFFF_0000_FFFF
        value = (value | value >> 16) & 0xFFFF_FFFF
        return (UInt32(truncatingIfNeeded: value), isLetter & ~(word << 2) != 0)
    }

    /// `uuidString.lowercased()`, or its first `digits` hex digits, without the C library's
    /// `sprintf`.
    func lowercasedString(digits: Int = 32) -> String {
        String(unsafeUninitializedCapacity: Self.textLength(digits: digits)) { writeLowercased(digits: digits, into: UnsafeMutableRawBufferPointer($0)) }
    }

    /// The length of `lowercasedString(digits:)`: the digits and the dashes between them.
    static func textLength(digits: Int) -> Int {
        digits + (digits > 8 ? 1 : 0) + (digits > 12 ? 1 : 0) + (digits > 16 ? 1 : 0) + (digits > 20 ? 1 : 0)
    }

    /// Writes `lowercasedString(digits:)` at the start of `output` (which has room for it);
    /// the number of bytes written.
    func writeLowercased(digits: Int = 32, into output: UnsafeMutableRawBufferPointer) -> Int {
        // Eight digits for each four bytes, in text order in memory.
        var text = withUnsafeBytes(of: uuid) { bytes in
            func eightDigits(_ offset: Int) -> UInt64 {
                Self.hexDigits(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))).bigEndian
            }
            return (eightDigits(0), eightDigits(4), eightDigits(8), eightDigits(12))
        }
        return withUnsafeBytes(of: &text) { text in
            if digits <= 8 {  // a short ID: no dash
                output.baseAddress!.copyMemory(from: text.baseAddress!, byteCount: digits)
                return digits
            }
            guard digits == 32 else {
                var position = 0
                for index in 0..<digits {
                    if index == 8 || index == 12 || index == 16 || index == 20 {
                        output[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    output[position] = text[index]
                    position += 1
                }
                return position
            }
            let from = text.baseAddress!, to = output.baseAddress!
            to.copyMemory(from: from, byteCount: 8)
            (to + 9).copyMemory(from: from + 8, byteCount: 4)
            (to + 14).copyMemory(from: from + 12, byteCount: 4)
            (to + 19).copyMemory(from: from + 16, byteCount: 4)
            (to + 24).copyMemory(from: from + 20, byteCount: 12)
            output[8] = UInt8(ascii: "-")
            output[13] = UInt8(ascii: "-")
            output[18] = UInt8(ascii: "-")
            output[23] = UInt8(ascii: "-")
            return 36
        }
    }

    /// The eight lower-case hex digits of `value`, the first in the highest byte.
    private static func hexDigits(_ value: UInt32) -> UInt64 {
        var nibbles = UInt64(value)
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
        let ones: UInt64 = 0x0101_0101_0101_0101
        // 1 in each byte whose nibble is 10 or more: a letter, 39 past where a digit would be.
        let isLetter = ((nibbles &+ 6 &* ones) >> 4) & ones
        return nibbles &+ 0x30 &* ones &+ isLetter &* 39
    }
}
