import Foundation

/// A parsed JSON document, kept as plain values so that readers can walk it and name the path
/// of whatever they find wrong (`hourly.data[2].temperature`).
enum JSONTree: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    /// Why bytes are not a JSON document: "empty body" or "not JSON: ...".
    struct SyntaxError: Error, Sendable, Equatable {
        var reason: String
    }

    /// Parses a whole document; fragments (a bare string or number) are allowed here and
    /// rejected by the readers that expect an object.
    static func parse(_ bytes: Data) throws(SyntaxError) -> JSONTree {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw SyntaxError(reason: "empty body")
        }
        do {
            return try JSONDecoder().decode(JSONTree.self, from: bytes)
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
}

extension JSONTree: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let array = try? container.decode([JSONTree].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONTree].self))
        }
    }
}
