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
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var flags: UInt8 = 0  // every digit's table entry or'ed together
        Self.hexDigits.withUnsafeBufferPointer { table in
            withUnsafeMutableBytes(of: &bytes) { output in
                var position = 0
                for index in 0..<16 {
                    if position == 8 || position == 13 || position == 18 || position == 23 { position += 1 }
                    let high = table[Int(utf8[position])], low = table[Int(utf8[position + 1])]
                    flags |= high | low
                    output[index] = (high & 0x0F) << 4 | (low & 0x0F)
                    position += 2
                }
            }
        }
        guard flags & Self.notHex == 0 else { return nil }
        return (UUID(uuid: bytes), flags & Self.upperCaseHex == 0)
    }

    /// Each byte's value as a hex digit in the low four bits, with `upperCaseHex` for A-F and
    /// `notHex` for bytes that are no hex digit.
    private static let hexDigits: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return (UInt8(byte) - UInt8(ascii: "A") + 10) | upperCaseHex
        default: return notHex
        }
    }
    private static let upperCaseHex: UInt8 = 0x10
    private static let notHex: UInt8 = 0x80

    /// `uuidString.lowercased()`, or its first `digits` hex digits, without the C library's
    /// `sprintf`.
    func lowercasedString(digits: Int = 32) -> String {
        String(unsafeUninitializedCapacity: Self.textLength(digits: digits)) { writeLowercased(digits: digits, into: UnsafeMutableRawBufferPointer($0)) }
    }

    /// The length of `lowercasedString(digits:)`: the digits and the dashes between them.
    static func textLength(digits: Int) -> Int {
        digits + [8, 12, 16, 20].count { $0 < digits }
    }

    /// Writes `lowercasedString(digits:)` at the start of `output` (which has room for it);
    /// the number of bytes written.
    func writeLowercased(digits: Int = 32, into output: UnsafeMutableRawBufferPointer) -> Int {
        withUnsafeBytes(of: uuid) { bytes in
            var position = 0
            for index in 0..<(digits + 1) / 2 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    output[position] = UInt8(ascii: "-")
                    position += 1
                }
                let pair = Self.hexPairs[Int(bytes[index])]
                output[position] = UInt8(truncatingIfNeeded: pair >> 8)
                position += 1
                if 2 * index + 1 < digits {
                    output[position] = UInt8(truncatingIfNeeded: pair)
                    position += 1
                }
            }
            return position
        }
    }

    /// The two lower-case hex digits of each byte, the first in the high half.
    private static let hexPairs: [UInt16] = (0...255).map { byte in
        let digits = Array("0123456789abcdef".utf8)
        return UInt16(digits[byte >> 4]) << 8 | UInt16(digits[byte & 0x0F])
    }
}
