import FoundationEssentials

/// Any JSON value as a tree: what rain keeps of a document's members it does not know (so a
/// saved file keeps them), and what a caller outside the library can read a document into.
/// Rain's own readers walk the map (`JSONNode`) instead.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a whole document strictly (RFC 8259, see `JSONScanner`); fragments (a bare string
    /// or number) are allowed here and rejected by the readers that expect an object.
    public static func parse(_ bytes: Data) throws(JSONError) -> JSONValue {
        try parse(Array(bytes))
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try JSONNode.document(bytes).value()
    }
}
