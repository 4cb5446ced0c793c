import Foundation

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

    /// Why bytes are not a JSON document: "empty body" or "not JSON: ...".
    public struct SyntaxError: Error, Sendable, Equatable {
        public var reason: String
    }

    /// Parses a whole document; fragments (a bare string or number) are allowed here and
    /// rejected by the readers that expect an object.
    public static func parse(_ bytes: Data) throws(SyntaxError) -> JSONValue {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw SyntaxError(reason: "empty body")
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: bytes)
        } catch {
            throw SyntaxError(reason: "not JSON: " + diagnosis(of: bytes))
        }
    }

    /// Where the syntax goes wrong, as Foundation's parser says it ("Unexpected end of file
    /// during JSON parse."); JSONDecoder's own message does not say.
    private static func diagnosis(of bytes: Data) -> String {
        var detail = "a value could not be read (perhaps a number out of range)"
        do {
            _ = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
        } catch {
            if let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String { detail = debug }
        }
        if bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) == UInt8(ascii: "<") {
            detail += " (it looks like HTML)"
        }
        return shortened(detail)
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

    private static func shortened(_ text: String) -> String {
        let single = text.strippingControlCharacters
        return single.count > 200 ? String(single.prefix(200)) + "…" : single
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
