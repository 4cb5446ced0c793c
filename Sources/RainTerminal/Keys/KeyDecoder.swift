import RainKit

/// Turns the bytes a terminal sends into key presses: arrows and paging keys in their CSI
/// (`ESC [ A`) and SS3 (`ESC O A`) forms, Enter, Esc, Ctrl-letters and UTF-8 characters.
/// A sequence split across reads is kept until the rest comes; a lone ESC is only known to be
/// the Esc key when nothing follows it for a moment, so the caller then calls `flush()`.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// True when bytes wait for the rest of a sequence.
    var isWaiting: Bool { !pending.isEmpty }

    mutating func feed(_ bytes: some Sequence<UInt8>) -> [KeyPress] {
        pending += bytes
        var keys: [KeyPress] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending[index...]) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Nothing more came: an ESC waiting alone was the Esc key; an unfinished sequence is dropped.
    mutating func flush() -> [KeyPress] {
        defer { pending = [] }
        return pending.first == 0x1B ? [.escape] : []
    }

    /// The key at the start of `bytes` and how many bytes it took (a nil key for bytes that mean
    /// nothing here); nil when the bytes end in the middle of it.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> (KeyPress?, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return escapeSequence(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00...0x1F: return (nil, 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
        default: return utf8Character(bytes)
        }
    }

    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (KeyPress?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O") {
            guard bytes.count >= 3 else { return nil }
            return (finalKey(bytes[start + 2], parameter: nil), 3)
        }
        guard introducer == UInt8(ascii: "[") else {
            // ESC and a printable character in one read is Alt and that key, which means
            // nothing here (taken for Esc, Alt-x would quit); before anything else, Esc.
            if (0x20...0x7E).contains(introducer) { return (nil, 2) }
            return (.escape, 1)
        }
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return nil }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let parameter = Int(parameters.prefix { $0 != ";" })
        return (finalKey(bytes[index], parameter: parameter), index - start + 1)
    }

    private static func finalKey(_ final: UInt8, parameter: Int?) -> KeyPress? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameter {
            case 1, 7: return .home
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    private static func utf8Character(_ bytes: ArraySlice<UInt8>) -> (KeyPress?, Int)? {
        let first = bytes[bytes.startIndex]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard length > 1 else { return (nil, 1) }  // a stray continuation byte
        guard bytes.count >= length else { return nil }
        let text = String(validating: bytes.prefix(length), as: UTF8.self)
        return (text.flatMap(\.first).map(KeyPress.character), length)
    }
}
