import FoundationEssentials
import Glibc

/// How a document names a type's fields: rain's own (the cache, `--json`, the store:
/// snake_case keys, ISO 8601 times, every field there), or a server's, which its provider
/// describes (`Providers/`): the keys it uses for each of rain's, and how it writes times.
struct JSONNaming: Sendable {
    enum Times: Sendable { case iso8601, unixSeconds }

    /// The keys read for rain's `key`, most preferred first; none: the field is not read.
    let keys: @Sendable (_ key: String) -> [String]
    let times: Times
    /// Whether this is rain's own naming: the only one rain writes, and the one in which a
    /// field required in rain's documents must be there.
    let isRains: Bool

    /// A server's naming.
    init(times: Times, keys: @escaping @Sendable (_ key: String) -> [String]) {
        self.init(keys: keys, times: times, isRains: false)
    }

    private init(keys: @escaping @Sendable (String) -> [String], times: Times, isRains: Bool) {
        self.keys = keys
        self.times = times
        self.isRains = isRains
    }

    static let rain = JSONNaming(keys: { [$0] }, times: .iso8601, isRains: true)

    /// `apparent_temperature` -> `apparentTemperature` (keys are ASCII: `split` and `uppercased` cost 0.5 M instructions a refresh).
    static func camelCase(_ key: String) -> String {
        var bytes = Array(key.utf8)
        while let underscore = bytes.firstIndex(of: UInt8(ascii: "_")) {
            bytes.remove(at: underscore)
            if underscore < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[underscore]) { bytes[underscore] -= 32 }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One field of `Model` as JSON holds it: rain's key (another naming maps it to its own, see
/// `JSONNaming`) and how its value is read and written.
struct JSONField<Model>: Sendable {
    let key: String
    let value: Value

    init(_ key: String, _ value: Value) {
        self.key = key
        self.value = value
    }

    /// How one value is read into the model and taken from it to be written. Made by the
    /// functions below from a getter and a setter (closures: a key path costs a lookup of
    /// generic metadata each time it is used, which 10,000 places felt).
    struct Value: Sendable {
        enum Requirement: Sendable { case optional, required, requiredInRainsDocuments }
        let requirement: Requirement
        /// Reads `node` into the model; whether it set a value.
        let read: @Sendable (inout Model, JSONNode, inout JSONReading) throws(JSONError) -> Bool
        /// What is written for the model; nil: the member is left out.
        let written: @Sendable (Model) -> JSONWritten?
    }
}

/// What the reading of one object knows and learns.
struct JSONReading {
    let naming: JSONNaming
    /// A key read in preference to others: a missing value leaves what another key gave.
    var onlyValues = false
    /// Cleared by anything rain would write otherwise (an ID in upper case).
    var isSavedForm = true
}

/// A value as a field writes it.
enum JSONWritten {
    case number(Double)
    case text(String)
    case id(UUID)
    case texts([String])
    /// A nested object or array, written by the closure at the depth given.
    case nested((inout JSONWriter, Int) -> Void)
}

extension JSONField.Value {
    typealias Get<Value> = @Sendable (Model) -> Value
    typealias Set<Value> = @Sendable (inout Model, Value) -> Void

    /// A value that may be absent (`decode` gives nil), which then sets nothing when its field has
    /// other keys, so what another key gave stays. (`written` is the caller's own closure: one
    /// more call in it for each value cost 2% of a save of 10,000 places.)
    private static func optional<Wrapped>(_ set: @escaping Set<Wrapped?>,
                                          _ decode: @escaping @Sendable (JSONNode, JSONNaming) throws(JSONError) -> Wrapped?,
                                          written: @escaping @Sendable (Model) -> JSONWritten?) -> Self {
        Self(requirement: .optional, read: { model, node, reading throws(JSONError) in
            let value = try decode(node, reading.naming)
            if value != nil || !reading.onlyValues { set(&model, value) }
            return value != nil
        }, written: written)
    }

    static func number(_ get: @escaping Get<Double?>, _ set: @escaping Set<Double?>) -> Self {
        optional(set, { node, _ throws(JSONError) in try node.number() }) { model in
            get(model).flatMap { $0.isFinite ? .number($0) : nil }
        }
    }

    /// A number that must be there.
    static func coordinate(_ get: @escaping Get<Double>, _ set: @escaping Set<Double>) -> Self {
        Self(requirement: .required, read: { model, node, _ throws(JSONError) in
            set(&model, try node.requiredNumber())
            return true
        }, written: { .number(get($0)) })
    }

    static func text(_ get: @escaping Get<String?>, _ set: @escaping Set<String?>) -> Self {
        optional(set, { node, _ throws(JSONError) in try node.string() }) { model in get(model).map(JSONWritten.text) }
    }

    /// Text that must be there in rain's documents (a server's may leave it to the model's default).
    /// Read directly, not as `text` required: that is two closures more for each saved place.
    static func name(_ get: @escaping Get<String>, _ set: @escaping Set<String>) -> Self {
        Self(requirement: .requiredInRainsDocuments, read: { model, node, _ throws(JSONError) in
            set(&model, try node.requiredString())
            return true
        }, written: { .text(get($0)) })
    }

    /// As `name`, but read whole however long (`JSONNode.wholeString`): an alert's title, which
    /// identical alerts are told apart by before it is cut.
    static func wholeName(_ get: @escaping Get<String>, _ set: @escaping Set<String>) -> Self {
        Self(requirement: .requiredInRainsDocuments, read: { model, node, _ throws(JSONError) in
            set(&model, try node.requiredWholeString())
            return true
        }, written: { .text(get($0)) })
    }

    /// A time, as the naming writes times (ISO 8601 in rain's documents).
    static func optionalTime(_ get: @escaping Get<Date?>, _ set: @escaping Set<Date?>) -> Self {
        optional(set, { node, naming throws(JSONError) in
            switch naming.times {
            case .iso8601: try node.isoTime()
            case .unixSeconds: try node.unixTime()
            }
        }) { model in get(model).map { .text(UTCTimestamp.string($0)) } }
    }

    /// A time that must be there.
    static func time(_ get: @escaping Get<Date>, _ set: @escaping Set<Date>) -> Self {
        optionalTime({ get($0) }) { model, time in time.map { set(&model, $0) } }.required(saying: N_("a time"))
    }

    /// This value, which must be there: a member that gives none is a mismatch with `expected`.
    private func required(saying expected: String) -> Self {
        Self(requirement: .required, read: { [read] model, node, reading throws(JSONError) in
            guard try read(&model, node, &reading) else { throw node.mismatch(expected) }
            return true
        }, written: written)
    }

    static func texts(_ get: @escaping Get<[String]>, _ set: @escaping Set<[String]>) -> Self {
        Self(requirement: .optional, read: { model, node, _ throws(JSONError) in
            set(&model, try node.elements { item throws(JSONError) in try item.requiredString() })
            return true
        }, written: { .texts(get($0)) })
    }

    /// As `texts`, but left out where there are none.
    static func textsIfAny(_ get: @escaping Get<[String]>, _ set: @escaping Set<[String]>) -> Self {
        let all = texts(get, set)
        return Self(requirement: .optional, read: all.read, written: { get($0).isEmpty ? nil : .texts(get($0)) })
    }

    /// A UUID, which must be there; one not in lower case is not as rain writes it.
    static func id(_ get: @escaping Get<UUID>, _ set: @escaping Set<UUID>) -> Self {
        Self(requirement: .required, read: { model, node, reading throws(JSONError) in
            guard let (id, isLowercase) = try node.uuid() else {
                throw node.error(N_("expected a UUID, found \"{found}\""),
                                 ["found": .verbatim(String((try node.string() ?? "").strippingControlCharacters.prefix(20)))])
            }
            if !isLowercase { reading.isSavedForm = false }
            set(&model, id)
            return true
        }, written: { .id(get($0)) })
    }

    /// An object of `Part`'s fields; absent or null is nil.
    static func object<Part: Sendable>(_ get: @escaping Get<Part?>, _ set: @escaping Set<Part?>,
                                       _ fields: JSONFields<Part>, _ blank: Part) -> Self {
        optional(set, { node, _ throws(JSONError) in
            guard !node.isNull else { return nil }
            return try fields.read(node, startingFrom: blank)
        }) { model in
            get(model).map { part in .nested { writer, depth in fields.write(part, to: &writer, depth: depth) } }
        }
    }

    /// An object of `Part`'s fields that must be there.
    static func required<Part: Sendable>(_ get: @escaping Get<Part>, _ set: @escaping Set<Part>,
                                         _ fields: JSONFields<Part>, _ blank: Part) -> Self {
        object({ get($0) }, { model, part in part.map { set(&model, $0) } }, fields, blank).required(saying: N_("an object"))
    }

    /// A member only written, worked out from the rest of the model (nil: left out); what a
    /// document holds for it is not read.
    static func writtenOnly(_ written: @escaping @Sendable (Model) -> JSONWritten?) -> Self {
        Self(requirement: .optional, read: { _, _, _ throws(JSONError) in false }, written: written)
    }

    /// An array of objects of `Part`'s fields; absent or null is empty, and written as `[]`.
    static func list<Part: Sendable>(_ get: @escaping Get<[Part]>, _ set: @escaping Set<[Part]>,
                                     _ fields: JSONFields<Part>, _ blank: Part) -> Self {
        Self(requirement: .optional, read: { model, node, _ throws(JSONError) in
            set(&model, node.isNull ? [] : try node.elements { element throws(JSONError) in
                try fields.read(element, startingFrom: blank)
            })
            return true
        }, written: { model in
            let parts = get(model)
            return .nested { writer, depth in
                writer.writeArray(parts, depth: depth) { writer, part in fields.write(part, to: &writer, depth: depth + 1) }
            }
        })
    }

    /// One of `Choice`'s names; absent or null is nil.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(_ get: @escaping Get<Choice?>, _ set: @escaping Set<Choice?>) -> Self
    where Choice.RawValue == String {
        optional(set, { node, _ throws(JSONError) in try node.name(of: Choice.self) }) { model in
            get(model).map { .text($0.rawValue) }
        }
    }

    /// One of `Choice`'s names, which must be there.
    static func requiredChoice<Choice: RawRepresentable & CaseIterable & Sendable>(_ get: @escaping Get<Choice>, _ set: @escaping Set<Choice>) -> Self
    where Choice.RawValue == String {
        choice({ get($0) }) { model, choice in choice.map { set(&model, $0) } }.required(saying: N_("a string"))
    }

    /// A number that must be `value` (a document's version), written as it.
    static func exactly(_ value: Double, saying mismatch: @escaping @Sendable (Double) -> LocalizedText) -> Self {
        Self(requirement: .required, read: { _, node, _ throws(JSONError) in
            let found = try node.requiredNumber()
            guard found == value else { throw node.error(mismatch(found)) }
            return true
        }, written: { _ in .number(value) })
    }
}

/// A type's fields in one naming: what reads an object of them into the model and writes the
/// model back (members in the order of their keys, as `JSONValue` objects are written).
struct JSONFields<Model>: Sendable {
    let naming: JSONNaming
    /// Every key the naming reads, with its field, as bytes to compare with a document's.
    private let keys: [(bytes: [UInt8], reading: (field: Int, preferred: UInt64, hasAlternatives: Bool))]
    /// The fields' readers by field, and their keys and writers in the order of their keys:
    /// apart, so that reading or writing a value copies one closure, not a whole field.
    private let readers: [@Sendable (inout Model, JSONNode, inout JSONReading) throws(JSONError) -> Bool]
    private let writers: [(key: String, quotedKey: [UInt8], written: @Sendable (Model) -> JSONWritten?)]
    /// For each field that must be there, the key a message names and the bits of its keys.
    private let required: [(key: String, keys: UInt64)]

    init(_ fields: [JSONField<Model>], naming: JSONNaming) {
        self.naming = naming
        var keys: [(bytes: [UInt8], reading: (field: Int, preferred: UInt64, hasAlternatives: Bool))] = []
        var required: [(key: String, keys: UInt64)] = []
        for (index, field) in fields.enumerated() {
            let names = naming.keys(field.key)
            let first = keys.count
            for name in names {
                // The bits of this field's keys read in preference to this one.
                keys.append((Array(name.utf8), (index, ((UInt64(1) << (keys.count - first)) - 1) << first, names.count > 1)))
            }
            let requirement = field.value.requirement
            if requirement == .required || (requirement == .requiredInRainsDocuments && naming.isRains) {
                required.append((names[0], ((UInt64(1) << names.count) - 1) << first))
            }
        }
        precondition(keys.count <= 64)
        self.keys = keys
        self.required = required
        readers = fields.map(\.value.read)
        writers = !naming.isRains ? [] : fields.sorted { $0.key < $1.key }.map { ($0.key, Array("\"\($0.key)\": ".utf8), $0.value.written) }
    }

    // MARK: Reading

    /// The object `node` read into `blank`, passing over members it does not know.
    func read(_ node: JSONNode, startingFrom blank: Model) throws(JSONError) -> Model {
        var model = blank
        var unknown: [String: JSONValue]?
        _ = try read(node, into: &model, keeping: &unknown)
        return model
    }

    /// Reads the object `node` into `model`, keeping the members it does not know in `unknown`
    /// unless it is nil; whether the object is as rain writes it (no null member, an ID in lower case).
    func read(_ node: JSONNode, into model: inout Model, keeping unknown: inout [String: JSONValue]?) throws(JSONError) -> Bool {
        var present: UInt64 = 0, valued: UInt64 = 0
        var hint = 0
        var reading = JSONReading(naming: naming)
        try node.forEachMember { keyEntry, value throws(JSONError) in
            guard let key = self.key(at: keyEntry, in: node.map, hint: &hint) else {
                if unknown != nil { unknown![node.map.text(at: keyEntry)] = try value.value() }
                return true
            }
            let bit = UInt64(1) << key
            present |= bit
            if value.isNull { reading.isSavedForm = false }
            let (field, preferred, hasAlternatives) = keys[key].reading
            guard valued & preferred == 0 else { return true }
            reading.onlyValues = hasAlternatives
            if try readers[field](&model, value, &reading) { valued |= bit }
            return true
        }
        for (key, keys) in required where present & keys == 0 {
            throw node.missing(key)
        }
        return reading.isSavedForm
    }

    /// The index in `keys` of the key at `keyEntry`, trying first the one after the last found (servers keep an order).
    private func key(at keyEntry: Int, in map: JSONMap, hint: inout Int) -> Int? {
        let found: Int?
        if map.kind(at: keyEntry) == .plainText {
            found = map.withText(at: keyEntry) { raw in
                for step in 0..<keys.count {
                    let index = hint + step < keys.count ? hint + step : hint + step - keys.count
                    if keys[index].bytes.count == raw.count,
                       keys[index].bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, raw.baseAddress!, raw.count) == 0 }) {
                        return index
                    }
                }
                return nil
            }
        } else {
            let text = Array(map.text(at: keyEntry).utf8)
            found = keys.firstIndex { $0.bytes == text }
        }
        if let found { hint = found + 1 }
        return found
    }

    // MARK: Writing

    /// The object of `model`'s fields and `extra` members at `depth`, keys in order; absent values are left out.
    func write(_ model: Model, to writer: inout JSONWriter, depth: Int, extra: [String: JSONValue] = [:]) {
        precondition(naming.isRains, "rain writes its own naming only")
        var isFirst = true
        var others = extra.isEmpty ? [] : extra.keys.sorted()[...]
        // By index: a tuple taken out of the array whole would be copied, with its references.
        for index in writers.indices {
            while let other = others.first, other < writers[index].key {
                writer.openMember(other, isFirst: &isFirst, depth: depth + 1)
                writer.write(extra[other]!, depth: depth + 1)
                others.removeFirst()
            }
            guard let value = writers[index].written(model) else { continue }
            writer.openMember(quoted: writers[index].quotedKey, isFirst: &isFirst, depth: depth + 1)
            switch value {
            case .number(let number): writer.write(number)
            case .text(let text): writer.write(text)
            case .id(let id): writer.write(id)
            case .texts(let texts): writer.writeArray(texts, depth: depth + 1) { writer, text in writer.write(text) }
            case .nested(let write): write(&writer, depth + 1)
            }
        }
        for other in others {
            writer.openMember(other, isFirst: &isFirst, depth: depth + 1)
            writer.write(extra[other]!, depth: depth + 1)
        }
        if isFirst { writer.write(.object([:]), depth: depth) } else { writer.close("}", depth: depth) }
    }
}
