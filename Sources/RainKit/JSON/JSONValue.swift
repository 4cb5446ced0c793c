/// Any JSON value as a tree: what rain keeps of members it does not know (so a saved file keeps
/// them), and what a caller outside the library reads a document into; rain's readers walk the map.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a whole document strictly (RFC 8259, see `JSONScanner`); fragments (a bare string
    /// or number) are allowed here and rejected by the readers that expect an object.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try JSONNode.document(bytes).value()
    }

    /// Pretty-printed JSON (two-space indent, keys sorted) ending in a newline; `null` for a number not finite.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// `serialized()`, or compactly on one line without spaces, as the UTF-8 bytes a file holds.
    public func serializedBytes(compactly: Bool = false) -> [UInt8] {
        var writer = JSONWriter(compactly: compactly)
        writer.write(self, depth: 0)
        return writer.finished()
    }

    /// A number as JSON text (see `JSONWriter.write(_:)`): `1`, not `1.0`.
    static func format(_ value: Double) -> String {
        String(decoding: JSONValue.number(value).serializedBytes().dropLast(), as: UTF8.self)
    }
}
