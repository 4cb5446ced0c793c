import FoundationEssentials

/// Any JSON value: what rain reads documents into, so that readers can walk them and name the
/// path of whatever they find wrong (`hourly.data[2].temperature`), and documents keep keys rain
/// does not know about when they are saved.
public enum JSONValue: Sendable, Equatable, Codable {
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

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
