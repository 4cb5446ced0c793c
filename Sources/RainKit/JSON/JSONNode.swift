import FoundationEssentials

/// A value in a scanned document, as every reader of rain walks it: by key and by element,
/// decoding a string or number only when asked. Every complaint is worded here, with the
/// value's path, line and column.
struct JSONNode: Sendable {
    let map: JSONMap
    let entry: Int
    /// The number the document's provider sends for "no value", read as nil.
    var missingValue: Double?

    static func document(_ bytes: [UInt8], missingValue: Double? = nil) throws(JSONError) -> JSONNode {
        JSONNode(map: try JSONScanner.map(bytes), entry: 0, missingValue: missingValue)
    }

    var kind: JSONKind { map.kind(at: entry) }
    var isNull: Bool { kind == .null }

    private func child(_ entry: Int) -> JSONNode { JSONNode(map: map, entry: entry, missingValue: missingValue) }

    // MARK: Errors

    /// `problem` about this value, with its path and position.
    func error(_ problem: LocalizedText) -> JSONError {
        let (line, column) = JSONError.position(of: map.offset(at: entry), in: map.bytes)
        return JSONError(problem: problem, line: line, column: column, path: map.path(to: entry))
    }

    /// `message` (marked with `N_`) with `values`, about this value.
    func error(_ message: String, _ values: KeyValuePairs<String, LocalizedText> = [:]) -> JSONError {
        error(LocalizedText(message, values))
    }

    /// `expected` (marked with `N_`: "an object") is not what is here.
    func mismatch(_ expected: String) -> JSONError {
        let values: KeyValuePairs<String, LocalizedText> = ["expected": LocalizedText(expected), "found": kind.text]
        return entry == 0 ? error(N_("expected {expected} at the top level, found {found}"), values)
            : error(N_("expected {expected}, found {found}"), values)
    }

    /// A latitude and longitude read here that name no place on the globe.
    func offTheGlobe(_ latitude: Double, _ longitude: Double) -> JSONError {
        error(N_("expected coordinates on the globe, found {coordinates}"), ["coordinates": .verbatim("\(latitude),\(longitude)")])
    }

    // MARK: Containers

    /// Each member in document order (no key twice: the scanner saw to that) until `body` returns false.
    func forEachMember(_ body: (_ key: Int, _ value: JSONNode) throws(JSONError) -> Bool) throws(JSONError) {
        guard kind == .object else { throw mismatch(N_("an object")) }
        var key = entry + 2
        let end = map.next(after: entry)
        while key < end {
            let value = key + 2
            guard try body(key, child(value)) else { return }
            key = map.next(after: value)
        }
    }

    /// The member `key`, or nil when it is absent or null.
    func member(_ key: String) throws(JSONError) -> JSONNode? {
        var found: JSONNode?
        try forEachMember { keyEntry, value in
            let isKey = map.kind(at: keyEntry) == .plainText
                ? map.withText(at: keyEntry) { raw in raw.count == key.utf8.count && raw.elementsEqual(key.utf8) }
                : map.text(at: keyEntry) == key
            guard isKey else { return true }
            found = value
            return false
        }
        return found?.isNull == true ? nil : found
    }

    func requiredMember(_ key: String) throws(JSONError) -> JSONNode {
        guard let node = try member(key) else { throw missing(key) }
        return node
    }

    /// `missing "key"`, about this object (where the member should be).
    func missing(_ key: String) -> JSONError {
        error(N_("missing \"{key}\""), ["key": .verbatim(key)])
    }

    func members() throws(JSONError) -> [String: JSONNode] {
        var members: [String: JSONNode] = [:]
        try forEachMember { keyEntry, value in
            members[map.text(at: keyEntry)] = value
            return true
        }
        return members
    }

    func elements() throws(JSONError) -> [JSONNode] { try elements { $0 } }

    func elements<Value>(_ read: (JSONNode) throws(JSONError) -> Value) throws(JSONError) -> [Value] {
        guard kind == .array else { throw mismatch(N_("an array")) }
        var values: [Value] = []
        var element = entry + 2
        let end = map.next(after: entry)
        while element < end {
            values.append(try read(child(element)))
            element = map.next(after: element)
        }
        return values
    }

    // MARK: Values

    /// No measurement or time rain reads comes anywhere near this; a larger number is a broken
    /// document, and letting it through would overflow the arithmetic that draws it.
    static let largestMagnitude = 1e12
    /// Longest string kept; longer ones are cut (a hostile or broken server cannot flood the screen).
    static let maximumStringLength = 1000
    /// Most Unicode scalars a kept string has: one character can be any number of them (a letter
    /// under a million accents, a chain of emoji joined into one), so counting characters alone
    /// would keep it whole.
    static let maximumStringScalars = 4 * maximumStringLength
    /// Unix seconds from 1970 up to the year 3000; anything else is not a time.
    static let plausibleUnixTimes: ClosedRange<Double> = 0...32_503_680_000

    /// The number; nil for null or the missing value.
    func number() throws(JSONError) -> Double? {
        if kind == .null { return nil }
        guard kind == .number else { throw mismatch(N_("a number")) }
        let number = map.number(at: entry)
        if number == missingValue { return nil }
        guard abs(number) <= Self.largestMagnitude else { throw error(N_("{number} is out of range"), ["number": .verbatim("\(number)")]) }
        return number
    }

    /// The number with its text as the document wrote it (`JSONNumber.shown`), not held to
    /// `largestMagnitude`; nil for null or the missing value. For a field whose own range check
    /// words its error, which then quotes the number as the server sent it.
    func writtenNumber() throws(JSONError) -> (value: Double, text: String)? {
        if kind == .null { return nil }
        guard kind == .number else { throw mismatch(N_("a number")) }
        let number = map.number(at: entry)
        if number == missingValue { return nil }
        return (number, map.withText(at: entry, JSONNumber.shown))
    }

    func requiredNumber() throws(JSONError) -> Double {
        guard let number = try number() else { throw error(N_("missing (marked as no value)")) }
        return number
    }

    /// The text, cut to `maximumStringLength` characters and `maximumStringScalars` scalars;
    /// nil for null.
    func string() throws(JSONError) -> String? {
        if kind == .null { return nil }
        guard kind == .plainText || kind == .text else { throw mismatch(N_("a string")) }
        let text = map.text(at: entry)
        // Counting characters walks the text; few bytes cannot be many characters.
        guard text.utf8.count > Self.maximumStringLength else { return text }
        // The scalars first: cheap to count, and they bound what the characters' walk reads.
        let scalars = text.unicodeScalars
        let bounded = scalars.count > Self.maximumStringScalars
            ? String(String.UnicodeScalarView(scalars.prefix(Self.maximumStringScalars))) : text
        guard bounded.count > Self.maximumStringLength else { return bounded.utf8.count < text.utf8.count ? bounded + "…" : text }
        return String(bounded.prefix(Self.maximumStringLength)) + "…"
    }

    /// The whole text, however long; nil for null. Only for a value rain compares whole and
    /// then cuts itself: an alert's title (`Forecast.mergingIdenticalAlerts`, `Alert.fitted`).
    func wholeString() throws(JSONError) -> String? {
        if kind == .null { return nil }
        guard kind == .plainText || kind == .text else { throw mismatch(N_("a string")) }
        return map.text(at: entry)
    }

    func requiredWholeString() throws(JSONError) -> String {
        guard let text = try wholeString() else { throw mismatch(N_("a string")) }
        return text
    }

    func requiredString() throws(JSONError) -> String {
        guard let text = try string() else { throw mismatch(N_("a string")) }
        return text
    }

    /// Unix seconds as a date, to the whole second (as times are cached and shown); nil for no value.
    func unixTime() throws(JSONError) -> Date? {
        guard let seconds = try number() else { return nil }
        guard Self.plausibleUnixTimes.contains(seconds) else { throw error(N_("expected a unix time in seconds, found {number}"), ["number": .verbatim("\(seconds)")]) }
        return Date(timeIntervalSince1970: seconds.rounded(.down))
    }

    /// An ISO 8601 time: in UTC as rain writes them (`2026-08-20T12:00:00Z`), or with an offset
    /// (`2026-12-04T06:00:00-05:00`) as the alert feeds do; nil for null.
    func isoTime() throws(JSONError) -> Date? {
        guard let text = try string() else { return nil }
        if let date = UTCTimestamp.date(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        throw error(N_("expected an ISO 8601 time like {example}"), ["example": .verbatim("2026-08-20T12:00:00Z")])
    }

    /// A UUID in its canonical form, or any form Foundation reads (not as rain writes it); nil for other text.
    func uuid() throws(JSONError) -> (id: UUID, isLowercase: Bool)? {
        if kind == .plainText, let id = map.withText(at: entry, UUID.canonical(utf8:)) { return id }
        return UUID(uuidString: try requiredString()).map { ($0, false) }
    }

    /// One of `Value`'s raw names.
    func name<Value: RawRepresentable & CaseIterable>(of _: Value.Type) throws(JSONError) -> Value? where Value.RawValue == String {
        guard let name = try string() else { return nil }
        guard let value = Value(rawValue: name) else {
            let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw error(N_("expected one of {names}, found \"{found}\""),
                        ["names": .verbatim(known), "found": .verbatim(String(name.strippingControlCharacters.prefix(20)))])
        }
        return value
    }

    // MARK: Members by key

    func number(_ key: String) throws(JSONError) -> Double? { try member(key)?.number() }
    func string(_ key: String) throws(JSONError) -> String? { try member(key)?.string() }
    func requiredNumber(_ key: String) throws(JSONError) -> Double { try requiredMember(key).requiredNumber() }
    func requiredString(_ key: String) throws(JSONError) -> String { try requiredMember(key).requiredString() }
    func wholeString(_ key: String) throws(JSONError) -> String? { try member(key)?.wholeString() }
    func requiredWholeString(_ key: String) throws(JSONError) -> String { try requiredMember(key).requiredWholeString() }

    /// The whole value as a tree (kept as it is when rain does not know it).
    func value() throws(JSONError) -> JSONValue {
        switch kind {
        case .null: return .null
        case .falseValue: return .bool(false)
        case .trueValue: return .bool(true)
        case .number: return .number(map.number(at: entry))
        case .plainText, .text: return .string(map.text(at: entry))
        case .array: return .array(try elements { element throws(JSONError) in try element.value() })
        case .object:
            var values: [String: JSONValue] = [:]
            for (key, member) in try members() { values[key] = try member.value() }
            return .object(values)
        }
    }
}
