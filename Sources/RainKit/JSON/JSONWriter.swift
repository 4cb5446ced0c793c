import FoundationEssentials

/// Writes JSON text as UTF-8 bytes, pretty-printed (two-space indent) or compact; its parts
/// (`openMember`, `writeArray`, `close`) let a caller write a large document from its own data.
struct JSONWriter: ~Copyable {
    private var buffer: ByteBuffer
    /// One line without spaces instead of indented lines.
    let isCompact: Bool

    init(compactly: Bool = false, capacity: Int = 16 * 1024) {
        isCompact = compactly
        buffer = ByteBuffer(capacity: capacity)
    }

    /// A writer that writes its text to `descriptor` as it goes (see `finish()`).
    init(compactly: Bool = false, flushingTo descriptor: Int32) {
        isCompact = compactly
        buffer = ByteBuffer(flushingTo: descriptor)
    }

    /// The text, ending in a newline.
    consuming func finished() -> [UInt8] {
        buffer.put(UInt8(ascii: "\n"))
        return buffer.bytes
    }

    /// Ends the text with a newline and writes the rest to the descriptor; the errno of the first write that failed.
    mutating func finish() -> Int32? {
        buffer.put(UInt8(ascii: "\n"))
        return buffer.flush()
    }

    /// `value` at nesting `depth` (0: the document), objects' keys sorted.
    mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .null: buffer.put("null")
        case .bool(let value): buffer.put(value ? "true" : "false")
        case .number(let value): write(value)
        case .string(let value): write(value)
        case .array(let items): writeArray(items, depth: depth) { writer, item in writer.write(item, depth: depth + 1) }
        case .object(let members):
            guard !members.isEmpty else { return buffer.put("{}") }
            var isFirst = true
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                openMember(key, isFirst: &isFirst, depth: depth + 1)
                write(value, depth: depth + 1)
            }
            close("}", depth: depth)
        }
    }

    /// The array of `elements` at `depth`, each written by `body` at `depth + 1` after the
    /// bracket or a comma, the line break and indent; `[]` when there are none.
    mutating func writeArray<Elements: Collection>(_ elements: Elements, depth: Int,
                                                   _ body: (inout JSONWriter, Elements.Element) -> Void) {
        guard !elements.isEmpty else { return buffer.put("[]") }
        var isFirst = true
        for element in elements {
            open("[", isFirst: &isFirst, depth: depth + 1)
            body(&self, element)
        }
        close("]", depth: depth)
    }

    /// Before a member at `depth`: the brace (`isFirst`, then false) or a comma, a new line, the key and the colon.
    mutating func openMember(_ key: String, isFirst: inout Bool, depth: Int) {
        open("{", isFirst: &isFirst, depth: depth)
        write(key)
        buffer.put(isCompact ? ":" : ": ")
    }

    /// `openMember` with the key already quoted, with its colon (`"name": `): for a key written thousands of times.
    mutating func openMember(quoted key: [UInt8], isFirst: inout Bool, depth: Int) {
        open("{", isFirst: &isFirst, depth: depth)
        key.withUnsafeBufferPointer { buffer.put(isCompact ? UnsafeBufferPointer(rebasing: $0.dropLast()) : $0) }
    }

    /// `bracket` before the first member or element (`isFirst`, then false), else a comma; a new line.
    private mutating func open(_ bracket: Unicode.Scalar, isFirst: inout Bool, depth: Int) {
        buffer.put(isFirst ? UInt8(ascii: bracket) : UInt8(ascii: ","))
        isFirst = false
        newLine(depth: depth)
    }

    /// The end of a non-empty array or object at `depth`.
    mutating func close(_ bracket: Unicode.Scalar, depth: Int) {
        newLine(depth: depth)
        buffer.put(UInt8(ascii: bracket))
    }

    private mutating func newLine(depth: Int) {
        guard !isCompact else { return }
        buffer.put(UInt8(ascii: "\n"))
        buffer.putSpaces(2 * depth)
    }

    // MARK: Numbers

    /// Whole numbers (`1`, not `1.0`) and short decimals (52.52) digit by digit; others in Swift's
    /// shortest round-trip form, much slower to make; `null` for what is not finite.
    mutating func write(_ value: Double) {
        let magnitude = value.magnitude
        if magnitude < 1e15, magnitude.wholePart == magnitude {
            if value < 0 { buffer.put(UInt8(ascii: "-")) }
            buffer.putDigits(UInt64(magnitude))
            return
        }
        // The fewest decimals that read back as the same Double are Swift's shortest form too;
        // below 1e9 two candidates with as many decimals cannot both read back, so it is unique.
        if magnitude >= 1e-3, magnitude < 1e9 {
            var scale = 1.0
            for decimals in 1...6 {
                scale *= 10
                let scaled = (magnitude * scale).roundedNonNegative
                guard scaled / scale == magnitude else { continue }
                let units = UInt64(scaled)
                let whole = units / UInt64(scale)
                if value < 0 { buffer.put(UInt8(ascii: "-")) }
                buffer.putDigits(whole)
                buffer.put(UInt8(ascii: "."))
                buffer.putDigits(units - whole * UInt64(scale), count: decimals)
                return
            }
        }
        buffer.put(value.isFinite ? "\(value)" : "null")
    }

    /// A UUID in quotes, lower-case, as `UUID.lowercasedString()` writes it.
    mutating func write(_ id: UUID) {
        buffer.put(UInt8(ascii: "\""))
        buffer.putHex(id)
        buffer.put(UInt8(ascii: "\""))
    }

    // MARK: Strings

    /// A string in quotes; every character the terminal sanitiser takes out or turns into a space
    /// (`strippingControlCharacters`: C0, DEL, C1, U+2028, U+2029, bidirectional controls and
    /// marks, invisible characters) as `\\u` escapes.
    mutating func write(_ value: String) {
        buffer.put(UInt8(ascii: "\""))
        // Printable ASCII without quote or backslash (nearly every key and value) goes as it is.
        var text = value
        let isPlain = text.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            buffer.put(utf8)
            return true
        }
        if !isPlain {
            var previous: Unicode.Scalar?
            for scalar in value.unicodeScalars {
                defer { previous = scalar }
                switch scalar {
                case "\"": buffer.put("\\\"")
                case "\\": buffer.put("\\\\")
                case "\n": buffer.put("\\n")
                case "\r": buffer.put("\\r")
                case "\t": buffer.put("\\t")
                case _ where scalar.isTerminalControl || scalar.isInvisible(after: previous):
                    // Escaped, not dropped: the text stays exact, and no terminal or JavaScript
                    // reader (U+2028, U+2029) acts on it when the JSON is printed. Beyond the
                    // Basic Multilingual Plane (tags, variation selectors), as a surrogate pair.
                    for unit in UTF16.encode(scalar)! { buffer.put("\\u" + unit.hex(digits: 4)) }
                default: for byte in UTF8.encode(scalar)! { buffer.put(byte) }
                }
            }
        }
        buffer.put(UInt8(ascii: "\""))
    }
}
