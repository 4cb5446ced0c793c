import FoundationEssentials

extension JSONValue {
    /// The document as pretty-printed JSON (two-space indent, keys sorted), ending in a newline.
    /// Numbers that are not finite cannot be written in JSON and come out as `null`.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// The same document on one line, without spaces (keys sorted), ending in a newline: for
    /// files only programs read.
    public func serializedCompactly() -> String {
        String(decoding: serializedBytes(compactly: true), as: UTF8.self)
    }

    /// `serialized()` (or `serializedCompactly()`) as the UTF-8 bytes a file holds; `capacity`:
    /// the size to expect (the file's size before), so a large document is not copied as it grows.
    public func serializedBytes(compactly: Bool = false, capacity: Int = 16 * 1024) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(capacity)
        write(to: &output, indent: compactly ? nil : 0)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    /// `indent` nil: compact.
    private func write(to output: inout [UInt8], indent: Int?) {
        switch self {
        case .null: Self.append("null", to: &output)
        case .bool(let value): Self.append(value ? "true" : "false", to: &output)
        case .number(let value): Self.writeNumber(value, to: &output)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            guard !items.isEmpty else { Self.append("[]", to: &output); return }
            output.append(UInt8(ascii: "["))
            let inner = indent.map { $0 + 1 }
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newLine(to: &output, indent: inner)
                item.write(to: &output, indent: inner)
            }
            Self.newLine(to: &output, indent: indent)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { Self.append("{}", to: &output); return }
            output.append(UInt8(ascii: "{"))
            let inner = indent.map { $0 + 1 }
            var order = Array(members.indices)
            order.sort { members[$0].key < members[$1].key }
            for (position, index) in order.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                Self.newLine(to: &output, indent: inner)
                Self.writeString(members[index].key, to: &output)
                Self.append(indent == nil ? ":" : ": ", to: &output)
                members[index].value.write(to: &output, indent: inner)
            }
            Self.newLine(to: &output, indent: indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    private static func newLine(to output: inout [UInt8], indent: Int?) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<2 * indent { output.append(UInt8(ascii: " ")) }
    }

    /// `format(value)`: whole numbers and short decimals (52.52) written digit by digit, others
    /// by Swift's shortest round-trip formatting, which is much slower.
    private static func writeNumber(_ value: Double, to output: inout [UInt8]) {
        let magnitude = value.magnitude
        if value == value.rounded(), magnitude < 1e15 {
            if value < 0 { output.append(UInt8(ascii: "-")) }
            writeDigits(UInt64(magnitude), to: &output)
            return
        }
        // The fewest decimals that read back as the same Double are Swift's shortest form too;
        // below 1e9 two candidates with as many decimals cannot both read back, so it is unique.
        if magnitude >= 1e-3, magnitude < 1e9 {
            var scale = 1.0
            for decimals in 1...6 {
                scale *= 10
                let scaled = (magnitude * scale).rounded()
                guard scaled / scale == magnitude else { continue }
                let units = UInt64(scaled)
                let whole = units / UInt64(scale)
                if value < 0 { output.append(UInt8(ascii: "-")) }
                writeDigits(whole, to: &output)
                output.append(UInt8(ascii: "."))
                writeDigits(units - whole * UInt64(scale), to: &output, count: decimals)
                return
            }
        }
        append(format(value), to: &output)
    }

    /// `number` in decimal, with leading zeros to `count` digits.
    private static func writeDigits(_ number: UInt64, to output: inout [UInt8], count: Int = 1) {
        var number = number
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 24 digits, backwards, one a byte
        let written = withUnsafeMutableBytes(of: &digits) { buffer in
            var written = 0
            repeat {
                buffer[written] = UInt8(ascii: "0") + UInt8(number % 10)
                number /= 10
                written += 1
            } while number > 0 || written < count
            return written
        }
        withUnsafeBytes(of: digits) { buffer in
            for index in stride(from: written - 1, through: 0, by: -1) { output.append(buffer[index]) }
        }
    }

    /// Whole numbers without a fraction (`1`, not `1.0`); others in Swift's shortest round-trip form.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// JSON text with every character outside ASCII written as a `\\u` escape (a UTF-16
    /// surrogate pair beyond U+FFFF): the same data, readable on a terminal that shows only
    /// ASCII. Such characters can only be inside strings, where an escape means the same.
    public static func escapingNonASCII(_ json: String) -> String {
        guard !json.utf8.allSatisfy({ $0 < 0x80 }) else { return json }
        var output = ""
        output.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            if scalar.isASCII {
                output.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 { output += unicodeEscape(unit) }
            }
        }
        return output
    }

    private static func unicodeEscape(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// Control characters (C0, DEL, C1), the line and paragraph separators and bidirectional
    /// controls are written as `\\u` escapes.
    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Printable ASCII without quote or backslash (nearly every key and value) goes as it is.
        var text = value
        let isPlain = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if isPlain {
            output.append(UInt8(ascii: "\""))
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": append("\\\"", to: &output)
            case "\\": append("\\\\", to: &output)
            case "\n": append("\\n", to: &output)
            case "\r": append("\\r", to: &output)
            case "\t": append("\\t", to: &output)
            case _ where scalar.isTerminalControl:
                // Escaped, not dropped: the text stays exact, and no terminal or JavaScript
                // reader (U+2028, U+2029) acts on it when the JSON is printed.
                append(unicodeEscape(UInt16(scalar.value)), to: &output)
            default: output.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
