import FoundationEssentials

/// Any JSON value: what rain reads documents into, so that readers can walk them and name the
/// path of whatever they find wrong (`hourly.data[2].temperature`), and documents keep keys rain
/// does not know about when they are saved.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Why bytes are not a JSON document, and where: `line 3, column 12: the key "units" appears
    /// twice in the same object`.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var line: Int
        public var column: Int
        /// Nothing but whitespace: each reader names that in its own words ("the file is empty").
        public var isEmpty: Bool

        public init(reason: String, line: Int, column: Int, isEmpty: Bool = false) {
            self.reason = reason
            self.line = line
            self.column = column
            self.isEmpty = isEmpty
        }

        public var description: String { isEmpty ? reason : "line \(line), column \(column): \(reason)" }
    }

    /// Parses a whole document strictly (RFC 8259, see `JSONParser`); fragments (a bare string
    /// or number) are allowed here and rejected by the readers that expect an object.
    public static func parse(_ bytes: Data) throws(SyntaxError) -> JSONValue {
        try JSONParser.parse(Array(bytes))
    }

    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        try JSONParser.parse(bytes)
    }

    /// A human name for the kind of value, as error messages say it ("found a string").
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
