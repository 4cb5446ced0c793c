import FoundationEssentials

extension JSONValue {
    /// The document as pretty-printed JSON (two-space indent, keys sorted), ending in a newline.
    /// Numbers that are not finite cannot be written in JSON and come out as `null`.
    public func serialized() -> String {
        var output = ""
        write(to: &output, indent: 0)
        output += "\n"
        return output
    }

    /// The same document on one line, without spaces (keys sorted), ending in a newline: for
    /// files only programs read.
    public func serializedCompactly() -> String {
        var output = ""
        output.reserveCapacity(16 * 1024)
        write(to: &output, indent: nil)
        output += "\n"
        return output
    }

    /// `indent` nil: compact.
    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += Self.format(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                Self.newLine(to: &output, indent: indent.map { $0 + 1 })
                item.write(to: &output, indent: indent.map { $0 + 1 })
            }
            Self.newLine(to: &output, indent: indent)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Self.newLine(to: &output, indent: indent.map { $0 + 1 })
                Self.writeString(key, to: &output)
                output += indent == nil ? ":" : ": "
                members[key]!.write(to: &output, indent: indent.map { $0 + 1 })
            }
            Self.newLine(to: &output, indent: indent)
            output += "}"
        }
    }

    private static func newLine(to output: inout String, indent: Int?) {
        guard let indent else { return }
        output += "\n"
        for _ in 0..<indent { output += "  " }
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
    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        // Printable ASCII without quote or backslash (nearly every key and value) goes as it is.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            output += value
            output += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.isTerminalControl:
                // Escaped, not dropped: the text stays exact, and no terminal or JavaScript
                // reader (U+2028, U+2029) acts on it when the JSON is printed.
                output += unicodeEscape(UInt16(scalar.value))
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
