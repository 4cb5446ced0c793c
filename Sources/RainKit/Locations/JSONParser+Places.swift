import FoundationEssentials
import Glibc

/// A saved place read straight from `defaults.json`: the members rain writes, and any others.
struct PlaceFields {
    var id: UUID
    /// Whether the ID is written in lower case, as rain writes it.
    var idIsLowercase: Bool
    var name: String
    var latitude: Double
    var longitude: Double
    var country: String?
    var region: String?
    var timezone: String?
    /// Members rain does not know (written by a newer rain or by hand).
    var unknown: [String: JSONValue] = [:]
}

extension JSONParser {
    /// The places of a defaults document and its other top-level members, when it has the shape
    /// rain writes: an object whose `locations` is an array of objects with an `id` (a UUID in
    /// its canonical form), a text `name`, number `latitude` and `longitude` and, when there,
    /// text `country`, `region` and `timezone`. That is read without building a JSON value for
    /// every place, thousands of places in a few milliseconds.
    ///
    /// Each place goes to `take` as it is read (false stops the reading); what this returns is
    /// the other members. nil for anything else, a mistake or only another shape: the general
    /// parser reads those (and names the mistake). What this reads, the general parser reads
    /// the same.
    static func places(in bytes: [UInt8], _ take: (consuming PlaceFields) -> Bool) -> [String: JSONValue]? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            return try? parser.placesDocument(take)
        }
    }

    private mutating func placesDocument(_ take: (consuming PlaceFields) -> Bool) throws(JSONValue.SyntaxError) -> [String: JSONValue]? {
        skipWhitespace()
        guard peek(UInt8(ascii: "{")) else { return nil }
        offset += 1
        var hasPlaces = false
        var others: [String: JSONValue] = [:]
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { return nil }
            let key = try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { return nil }
            offset += 1
            skipWhitespace()
            if key == LocationsStore.locationsKey {
                guard !hasPlaces, try placeList(take) else { return nil }
                hasPlaces = true
            } else {
                guard others[key] == nil else { return nil }
                depth = 1  // inside the document, as the general parser counts
                others[key] = try value()
            }
            guard let isLast = endOfMember(closedBy: UInt8(ascii: "}")) else { return nil }
            if isLast { break }
        }
        skipWhitespace()
        guard offset == bytes.count, hasPlaces else { return nil }
        return others
    }

    /// Whether the array at `offset` held places only, each given to `take` (which agreed).
    private mutating func placeList(_ take: (consuming PlaceFields) -> Bool) throws(JSONValue.SyntaxError) -> Bool {
        guard peek(UInt8(ascii: "[")) else { return false }
        offset += 1
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            return true
        }
        while true {
            skipWhitespace()
            guard let place = try placeFields(), take(place) else { return false }
            guard let isLast = endOfMember(closedBy: UInt8(ascii: "]")) else { return false }
            if isLast { return true }
        }
    }

    /// After a member of an object or an element of an array: true at the bracket that closes
    /// it, false at a comma (a member follows), nil at anything else; either is passed.
    private mutating func endOfMember(closedBy bracket: UInt8) -> Bool? {
        skipWhitespace()
        guard peek(UInt8(ascii: ",")) || peek(bracket) else { return nil }
        offset += 1
        return bytes[offset - 1] == bracket
    }

    private enum PlaceKey: UInt8, CaseIterable {
        case id = 1, name = 2, latitude = 4, longitude = 8, country = 16, region = 32, timezone = 64

        /// The key these bytes spell, without escapes.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            let key: PlaceKey
            switch bytes.count {  // the keys are told apart by their length, and two by their first letter
            case 2: key = .id
            case 4: key = .name
            case 6: key = .region
            case 7: key = .country
            case 8: key = bytes[0] == UInt8(ascii: "l") ? .latitude : .timezone
            case 9: key = .longitude
            default: return nil
            }
            let name = key.name
            guard memcmp(name.utf8Start, bytes.baseAddress!, bytes.count) == 0 else { return nil }
            self = key
        }

        var name: StaticString {
            switch self {
            case .id: return "id"
            case .name: return "name"
            case .latitude: return "latitude"
            case .longitude: return "longitude"
            case .country: return "country"
            case .region: return "region"
            case .timezone: return "timezone"
            }
        }

        /// The key's name and its closing quote as two little-endian words of bytes (zero past
        /// the end), and which of their bytes count.
        struct Pattern {
            var words: (UInt64, UInt64) = (0, 0)
            var masks: (UInt64, UInt64) = (0, 0)
        }

        /// By `rawValue`'s bit number.
        static let patterns: [Pattern] = allCases.map { key in
            var pattern = Pattern()
            withUnsafeMutableBytes(of: &pattern.words) { words in
                withUnsafeMutableBytes(of: &pattern.masks) { masks in
                    for (index, byte) in Array(key.name.description.utf8 + [UInt8(ascii: "\"")]).enumerated() {
                        words[index] = byte
                        masks[index] = 0xFF
                    }
                }
            }
            pattern.words = (UInt64(littleEndian: pattern.words.0), UInt64(littleEndian: pattern.words.1))
            pattern.masks = (UInt64(littleEndian: pattern.masks.0), UInt64(littleEndian: pattern.masks.1))
            return pattern
        }

        /// The key whose name and closing quote start `text` (at least 16 bytes), told by its
        /// first letter or two and checked in two words.
        static func quoted(_ text: UnsafeRawPointer) -> PlaceKey? {
            let first = UInt64(littleEndian: text.loadUnaligned(as: UInt64.self))
            let key: PlaceKey
            switch UInt8(truncatingIfNeeded: first) {
            case UInt8(ascii: "i"): key = .id
            case UInt8(ascii: "n"): key = .name
            case UInt8(ascii: "l"): key = UInt8(truncatingIfNeeded: first >> 8) == UInt8(ascii: "a") ? .latitude : .longitude
            case UInt8(ascii: "c"): key = .country
            case UInt8(ascii: "r"): key = .region
            case UInt8(ascii: "t"): key = .timezone
            default: return nil
            }
            let pattern = patterns[key.rawValue.trailingZeroBitCount]
            let second = UInt64(littleEndian: (text + 8).loadUnaligned(as: UInt64.self))
            guard first & pattern.masks.0 == pattern.words.0, second & pattern.masks.1 == pattern.words.1 else { return nil }
            return key
        }

        /// The key `text` names, escapes and all decoded.
        init?(_ text: String) {
            guard let key = Self.allCases.first(where: { $0.name.description == text }) else { return nil }
            self = key
        }
    }

    private mutating func placeFields() throws(JSONValue.SyntaxError) -> PlaceFields? {
        guard peek(UInt8(ascii: "{")) else { return nil }
        offset += 1
        var seen: UInt8 = 0
        var id: (id: UUID, isLowercase: Bool)?
        var name: String?
        var latitude: Double?
        var longitude: Double?
        var country: String?
        var region: String?
        var timezone: String?
        var unknown: [String: JSONValue] = [:]
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { return nil }
            let (known, keyText) = try placeKey()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { return nil }
            offset += 1
            skipWhitespace()
            if let known {
                guard seen & known.rawValue == 0 else { return nil }
                seen |= known.rawValue
                switch known {
                case .id: id = try placeID()
                case .name: name = try text()
                case .latitude: latitude = try numberToken()
                case .longitude: longitude = try numberToken()
                case .country: country = try text()
                case .region: region = try text()
                case .timezone: timezone = try text()
                }
            } else if let keyText, unknown[keyText] == nil {
                depth = 3  // in the document, its list of places and this place
                unknown[keyText] = try value()
            } else {
                return nil
            }
            guard let isLast = endOfMember(closedBy: UInt8(ascii: "}")) else { return nil }
            if isLast { break }
        }
        guard let id, let name, let latitude, let longitude else { return nil }
        return PlaceFields(id: id.id, idIsLowercase: id.isLowercase, name: name, latitude: latitude, longitude: longitude,
                           country: country, region: region, timezone: timezone, unknown: unknown)
    }

    /// The key at `offset` (its opening quote): one a place has, told from its bytes without
    /// making a string when it has no escapes, or any other key as text.
    private mutating func placeKey() throws(JSONValue.SyntaxError) -> (known: PlaceKey?, text: String?) {
        if bytes.count - offset >= 17, let key = PlaceKey.quoted(UnsafeRawPointer(bytes.baseAddress! + offset + 1)) {
            offset += key.name.utf8CodeUnitCount + 2
            return (key, nil)
        }
        var end = offset + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\""), let key = PlaceKey(UnsafeBufferPointer(rebasing: bytes[offset + 1..<end])) {
            offset = end + 1
            return (key, nil)
        }
        let text = try string()
        return (PlaceKey(text), text)
    }

    /// A text value; nil for any other value (null too: rain leaves absent members out).
    private mutating func text() throws(JSONValue.SyntaxError) -> String? {
        guard peek(UInt8(ascii: "\"")) else { return nil }
        return try string()
    }

    private mutating func numberToken() throws(JSONValue.SyntaxError) -> Double? {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) else {
            return nil
        }
        return try number()
    }

    /// A UUID in its canonical form; nil for anything else.
    private mutating func placeID() throws(JSONValue.SyntaxError) -> (id: UUID, isLowercase: Bool)? {
        guard peek(UInt8(ascii: "\"")) else { return nil }
        // Hex digits and dashes need no decoding: read them where they are.
        if bytes.count - offset >= 38, bytes[offset + 37] == UInt8(ascii: "\""),
           let id = UUID.canonical(utf8: UnsafeBufferPointer(rebasing: bytes[offset + 1..<offset + 37])) {
            offset += 38
            return id
        }
        return UUID.canonical(try string())
    }
}
