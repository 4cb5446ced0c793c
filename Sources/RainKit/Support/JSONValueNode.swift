import FoundationEssentials

/// A wrong shape found while walking a JSON document: what was expected where.
struct JSONValueError: Error, Sendable, Equatable {
    var reason: String
    var path: String?
}

/// A value in a JSON document together with its path, so every complaint names the field
/// (`hourly.data[2].temperature: expected a number, found a string`).
struct JSONValueNode: Sendable {
    let value: JSONValue
    /// The path of the container this value is in ("" for the document), and where in it. A
    /// container's own path is made once, for its members; a plain value's only when something
    /// names it, not for every value read.
    private let containerPath: String
    private let position: Position
    private let ownPath: String?

    private enum Position: Sendable {
        case document
        case member(String)
        case element(Int)
    }

    init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.containerPath = path
        self.position = .document
        self.ownPath = path
    }

    private init(_ value: JSONValue, in containerPath: String, at position: Position, missingMarkers: [Double]) {
        self.value = value
        self.containerPath = containerPath
        self.position = position
        self.missingMarkers = missingMarkers
        switch value {
        case .object, .array: ownPath = Self.path(in: containerPath, at: position)
        default: ownPath = nil
        }
    }

    /// Empty for the document itself; `hourly.data[2].temperature` for a value inside it.
    var path: String { ownPath ?? Self.path(in: containerPath, at: position) }

    private static func path(in containerPath: String, at position: Position) -> String {
        switch position {
        case .document: return containerPath
        case .member(let key): return containerPath.isEmpty ? key : "\(containerPath).\(key)"
        case .element(let index): return "\(containerPath)[\(index)]"
        }
    }

    /// Numbers a provider uses to say "no value" (Pirate Weather's -999); one or two, so a list.
    var missingMarkers: [Double] = []

    /// Longest string kept; longer ones are cut (a hostile or broken server cannot flood the screen).
    static let maximumStringLength = 1000

    func mismatch(_ expected: String) -> JSONValueError {
        JSONValueError(reason: "expected \(expected), found \(value.kindDescription)", path: path.isEmpty ? nil : path)
    }

    func object() throws(JSONValueError) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return members
    }

    /// The member `key`, or nil when it is absent or null.
    func member(_ key: String) throws(JSONValueError) -> JSONValueNode? {
        guard case .object(let members) = value else { throw mismatch("an object") }
        guard let found = members[key] else { return nil }
        if case .null = found { return nil }
        return JSONValueNode(found, in: path, at: .member(key), missingMarkers: missingMarkers)
    }

    func requiredMember(_ key: String) throws(JSONValueError) -> JSONValueNode {
        guard let node = try member(key) else {
            throw JSONValueError(reason: "missing required field", path: JSONValueNode(.null, in: path, at: .member(key), missingMarkers: []).path)
        }
        return node
    }

    func elements() throws(JSONValueError) -> [JSONValueNode] {
        guard case .array(let items) = value else { throw mismatch("an array") }
        let path = path
        return items.enumerated().map { index, item in
            JSONValueNode(item, in: path, at: .element(index), missingMarkers: missingMarkers)
        }
    }

    /// No measurement or time rain reads comes anywhere near this; a larger number is a broken
    /// document, and letting it through would overflow the arithmetic that draws it.
    static let largestMagnitude = 1e12

    /// The number, or nil when it is one of the missing markers.
    func number() throws(JSONValueError) -> Double? {
        guard case .number(let number) = value else { throw mismatch("a number") }
        if missingMarkers.contains(number) { return nil }
        guard number.isFinite, abs(number) <= Self.largestMagnitude else {
            throw JSONValueError(reason: "\(number) is out of range", path: path)
        }
        return number
    }

    func string() throws(JSONValueError) -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return Self.limited(text)
    }

    /// `text`, cut to `maximumStringLength` characters.
    static func limited(_ text: String) -> String {
        // Counting characters walks the text; few bytes cannot be many characters.
        guard text.utf8.count > maximumStringLength, text.count > maximumStringLength else { return text }
        return String(text.prefix(maximumStringLength)) + "…"
    }

    // MARK: Members by key

    func number(_ key: String) throws(JSONValueError) -> Double? {
        try member(key)?.number()
    }

    func string(_ key: String) throws(JSONValueError) -> String? {
        try member(key)?.string()
    }

    /// Unix seconds as a date; nil when absent or marked missing.
    func date(_ key: String) throws(JSONValueError) -> Date? {
        try member(key)?.date()
    }

    /// This value as unix seconds; nil when marked missing.
    func date() throws(JSONValueError) -> Date? {
        guard let seconds = try number() else { return nil }
        return try unixTime(seconds)
    }

    /// Unix seconds from 1970 up to the year 3000; anything else is not a time.
    static let plausibleUnixTimes: ClosedRange<Double> = 0...32_503_680_000

    private func unixTime(_ seconds: Double) throws(JSONValueError) -> Date {
        guard Self.plausibleUnixTimes.contains(seconds) else {
            throw JSONValueError(reason: "expected a unix time in seconds, found \(seconds)", path: path)
        }
        return Date(timeIntervalSince1970: seconds)
    }

    func requiredNumber(_ key: String) throws(JSONValueError) -> Double {
        let node = try requiredMember(key)
        guard let number = try node.number() else {
            throw JSONValueError(reason: "missing (marked as no value)", path: node.path)
        }
        return number
    }

    func requiredDate(_ key: String) throws(JSONValueError) -> Date {
        let seconds = try requiredNumber(key)
        return try requiredMember(key).unixTime(seconds)
    }

    func requiredString(_ key: String) throws(JSONValueError) -> String {
        try requiredMember(key).string()
    }
}
