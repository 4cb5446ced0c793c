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
        guard utf8.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var isLowercase = true
        let parsed = withUnsafeMutableBytes(of: &bytes) { output in
            var position = 0
            for index in 0..<16 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard utf8[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = hexValue(utf8[position], isLowercase: &isLowercase),
                      let low = hexValue(utf8[position + 1], isLowercase: &isLowercase) else { return false }
                output[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return parsed ? (UUID(uuid: bytes), isLowercase) : nil
    }

    private static func hexValue(_ byte: UInt8, isLowercase: inout Bool) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"):
            isLowercase = false
            return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `uuidString.lowercased()`, or its first `digits` hex digits, without the C library's
    /// `sprintf`.
    func lowercasedString(digits: Int = 32) -> String {
        let dashes = max(0, min(4, (digits - 1) / 4 - 1))  // after digits 8, 12, 16 and 20 where there are more
        return String(unsafeUninitializedCapacity: digits + dashes) { output in
            var position = 0
            forEachLowercasedByte(digits: digits) { byte in
                output[position] = byte
                position += 1
            }
            return position
        }
    }

    /// The bytes of `lowercasedString(digits:)` in order.
    func forEachLowercasedByte(digits: Int = 32, _ body: (UInt8) -> Void) {
        let hex: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: uuid) { bytes in
            for index in 0..<digits {
                if index == 8 || index == 12 || index == 16 || index == 20 { body(UInt8(ascii: "-")) }
                let byte = bytes[index / 2]
                body(hex.utf8Start[Int(index % 2 == 0 ? byte >> 4 : byte & 0x0F)])
            }
        }
    }
}
