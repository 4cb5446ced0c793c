import FoundationEssentials

/// How a document names a type's fields: rain's own (the cache, `--json`, the store:
/// snake_case, ISO 8601 times) or a Dark Sky-compatible server's (camelCase, unix times).
enum JSONNaming: Sendable {
    case rain, darkSky
}

/// One field of `Model` as JSON holds it: rain's key, the server's keys (most preferred first;
/// by default rain's key in camelCase) and where its value lives in the model.
struct JSONField<Model>: Sendable {
    enum Value: Sendable {
        case number(WritableKeyPath<Model, Double?> & Sendable)
        /// A number that must be there.
        case coordinate(WritableKeyPath<Model, Double> & Sendable)
        case text(WritableKeyPath<Model, String?> & Sendable)
        /// Text that must be there in rain's documents (a server's may leave it to the model's default).
        case name(WritableKeyPath<Model, String> & Sendable)
        /// A time that must be there.
        case time(WritableKeyPath<Model, Date> & Sendable)
        case optionalTime(WritableKeyPath<Model, Date?> & Sendable)
        case texts(WritableKeyPath<Model, [String]> & Sendable)
        case id(WritableKeyPath<Model, UUID> & Sendable)
        /// A precipitation type; "none" and "" (Pirate Weather's words for none) are nil.
        case precipType(WritableKeyPath<Model, String?> & Sendable)
        /// Anything else (a nested object, a list of them, a name from a set): made by the
        /// functions below.
        case custom(Custom)
    }

    /// How a value of its own kind is read, whether it is there to write, and written.
    struct Custom: Sendable {
        let isRequired: Bool
        let read: @Sendable (inout Model, JSONNode) throws(JSONError) -> Void
        let isPresent: @Sendable (Model) -> Bool
        let write: @Sendable (Model, inout JSONWriter, _ depth: Int) -> Void
    }

    let key: String
    let darkSkyKeys: [String]
    let value: Value

    init(_ key: String, _ value: Value, darkSky: [String]? = nil) {
        self.key = key
        self.value = value
        self.darkSkyKeys = darkSky ?? [Self.camelCase(key)]
    }

    /// `apparent_temperature` -> `apparentTemperature`.
    static func camelCase(_ key: String) -> String {
        let words = key.split(separator: "_")
        return words.enumerated().map { index, word in index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst() }.joined()
    }

    func isRequired(in naming: JSONNaming) -> Bool {
        switch value {
        case .coordinate, .time, .id: return true
        case .name: return naming == .rain
        case .custom(let custom): return custom.isRequired
        default: return false
        }
    }
}

/// A type's fields in one naming: what reads an object of them into the model and writes the
/// model back (members in the order of their keys, as `JSONValue` objects are written).
struct JSONFields<Model>: Sendable {
    let naming: JSONNaming
    private let fields: [JSONField<Model>]
    /// Every key the naming reads, with its field, as bytes to compare with a document's.
    private let keys: [(bytes: [UInt8], field: Int, preferred: UInt64)]
    private let writingOrder: [Int]
    /// For each field that must be there, the bits of its keys.
    private let required: [(field: Int, keys: UInt64)]

    init(_ fields: [JSONField<Model>], naming: JSONNaming) {
        self.naming = naming
        self.fields = fields
        var keys: [(bytes: [UInt8], field: Int, preferred: UInt64)] = []
        for (index, field) in fields.enumerated() {
            let names = naming == .rain ? [field.key] : field.darkSkyKeys
            let first = keys.count
            for name in names {
                // The bits of this field's keys read in preference to this one.
                keys.append((Array(name.utf8), index, ((UInt64(1) << (keys.count - first)) - 1) << first))
            }
        }
        precondition(keys.count <= 64)
        self.keys = keys
        required = fields.indices.filter { fields[$0].isRequired(in: naming) }.map { field in
            (field, keys.indices.filter { keys[$0].field == field }.reduce(UInt64(0)) { $0 | UInt64(1) << $1 })
        }
        writingOrder = fields.indices.sorted { fields[$0].key < fields[$1].key }
    }

    // MARK: Reading

    /// Reads the object `node` into `model`, passing over members it does not know. Whether the
    /// object is as rain writes it (no null member, an ID in lower case).
    @discardableResult
    func read(_ node: JSONNode, into model: inout Model) throws(JSONError) -> Bool {
        var ignored: [String: JSONValue] = [:]
        return try read(node, into: &model, unknown: &ignored, keepsUnknown: false)
    }

    /// `read(_:into:)`, keeping the members it does not know in `unknown`.
    func read(_ node: JSONNode, into model: inout Model, keeping unknown: inout [String: JSONValue]) throws(JSONError) -> Bool {
        try read(node, into: &model, unknown: &unknown, keepsUnknown: true)
    }

    private func read(_ node: JSONNode, into model: inout Model, unknown: inout [String: JSONValue], keepsUnknown: Bool) throws(JSONError) -> Bool {
        var present: UInt64 = 0, valued: UInt64 = 0
        var hint = 0
        var isSavedForm = true
        try node.forEachMember { keyEntry, value throws(JSONError) in
            guard let key = self.key(at: keyEntry, in: node.map, hint: &hint) else {
                if keepsUnknown { unknown[node.map.text(at: keyEntry)] = try value.value() }
                return true
            }
            let bit = UInt64(1) << key
            present |= bit
            if value.isNull { isSavedForm = false }
            guard valued & keys[key].preferred == 0,
                  try read(value, into: &model, fields[keys[key].field], overwrites: keys[key].preferred == 0, isSavedForm: &isSavedForm) else {
                return true
            }
            valued |= bit
            return true
        }
        for (field, keys) in required where present & keys == 0 {
            throw node.missing(naming == .rain ? fields[field].key : fields[field].darkSkyKeys[0])
        }
        return isSavedForm
    }

    /// The index in `keys` of the key at `keyEntry`, trying the one after the last found first
    /// (servers write their keys in the same order every time).
    private func key(at keyEntry: Int, in map: JSONMap, hint: inout Int) -> Int? {
        let found: Int?
        if map.kind(at: keyEntry) == .plainText {
            found = map.withText(at: keyEntry) { raw in
                for step in 0..<keys.count {
                    let index = (hint + step) % keys.count
                    if keys[index].bytes.count == raw.count, keys[index].bytes.withUnsafeBufferPointer({ $0.elementsEqual(raw) }) {
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

    /// Whether a value was set (a field read in preference to others sets only a value).
    private func read(_ node: JSONNode, into model: inout Model, _ field: JSONField<Model>, overwrites: Bool,
                      isSavedForm: inout Bool) throws(JSONError) -> Bool {
        let hasAlternatives = !overwrites || (naming == .darkSky && field.darkSkyKeys.count > 1)
        switch field.value {
        case .number(let path):
            let number = try node.number()
            if number == nil && hasAlternatives { return false }
            model[keyPath: path] = number
            return number != nil
        case .coordinate(let path):
            model[keyPath: path] = try node.requiredNumber()
        case .text(let path):
            let text = try node.string()
            model[keyPath: path] = text
            return text != nil
        case .name(let path):
            model[keyPath: path] = try node.requiredString()
        case .time(let path):
            guard let time = try naming == .rain ? node.isoTime() : node.unixTime() else { throw node.mismatch("a time") }
            model[keyPath: path] = time
        case .optionalTime(let path):
            model[keyPath: path] = try naming == .rain ? node.isoTime() : node.unixTime()
        case .texts(let path):
            model[keyPath: path] = try node.elements { item throws(JSONError) in try item.requiredString() }
        case .id(let path):
            let text = try node.requiredString()
            guard let (id, isLowercase) = UUID.canonical(text) ?? UUID(uuidString: text).map({ ($0, false) }) else {
                throw node.error("expected a location ID (a UUID)")
            }
            if !isLowercase { isSavedForm = false }
            model[keyPath: path] = id
        case .precipType(let path):
            let type = try node.string()
            model[keyPath: path] = type == "none" || type == "" ? nil : type
        case .custom(let custom):
            try custom.read(&model, node)
        }
        return true
    }

    // MARK: Writing

    /// The object of `model`'s fields at `depth`, and `extra` members, in the order of their
    /// keys; absent values (nil, or numbers JSON cannot hold) are left out.
    func write(_ model: Model, to writer: inout JSONWriter, depth: Int, extra: [String: JSONValue] = [:]) {
        precondition(naming == .rain, "rain writes its own naming only")
        var isFirst = true
        var others = extra.keys.sorted()[...]
        for index in writingOrder {
            let field = fields[index]
            while let other = others.first, other < field.key {
                writer.openMember(other, isFirst: &isFirst, depth: depth + 1)
                writer.write(extra[other]!, depth: depth + 1)
                others.removeFirst()
            }
            write(field, of: model, to: &writer, depth: depth, isFirst: &isFirst)
        }
        for other in others {
            writer.openMember(other, isFirst: &isFirst, depth: depth + 1)
            writer.write(extra[other]!, depth: depth + 1)
        }
        if isFirst { writer.write(.object([:]), depth: depth) } else { writer.close("}", depth: depth) }
    }

    private func write(_ field: JSONField<Model>, of model: Model, to writer: inout JSONWriter, depth: Int, isFirst: inout Bool) {
        func open() { writer.openMember(field.key, isFirst: &isFirst, depth: depth + 1) }
        switch field.value {
        case .number(let path):
            guard let number = model[keyPath: path], number.isFinite else { return }
            open()
            writer.write(number)
        case .coordinate(let path):
            open()
            writer.write(model[keyPath: path])
        case .text(let path), .precipType(let path):
            guard let text = model[keyPath: path] else { return }
            open()
            writer.write(text)
        case .name(let path):
            open()
            writer.write(model[keyPath: path])
        case .time(let path):
            open()
            writer.write(UTCTimestamp.string(model[keyPath: path]))
        case .optionalTime(let path):
            guard let time = model[keyPath: path] else { return }
            open()
            writer.write(UTCTimestamp.string(time))
        case .texts(let path):
            open()
            writer.write(.array(model[keyPath: path].map(JSONValue.string)), depth: depth + 1)
        case .id(let path):
            open()
            writer.write(model[keyPath: path])
        case .custom(let custom):
            guard custom.isPresent(model) else { return }
            open()
            custom.write(model, &writer, depth + 1)
        }
    }
}

extension JSONField.Value {
    /// An object of `Part`'s fields; absent or null is nil.
    static func object<Part: Sendable>(_ path: WritableKeyPath<Model, Part?> & Sendable, _ fields: JSONFields<Part>, _ blank: Part) -> Self {
        .custom(.init(isRequired: false, read: { model, node throws(JSONError) in
            var part = blank
            if node.isNull { return model[keyPath: path] = nil }
            try fields.read(node, into: &part)
            model[keyPath: path] = part
        }, isPresent: { $0[keyPath: path] != nil }, write: { model, writer, depth in
            fields.write(model[keyPath: path]!, to: &writer, depth: depth)
        }))
    }

    /// An object of `Part`'s fields that must be there.
    static func required<Part: Sendable>(_ path: WritableKeyPath<Model, Part> & Sendable, _ fields: JSONFields<Part>) -> Self {
        .custom(.init(isRequired: true, read: { model, node throws(JSONError) in
            guard !node.isNull else { throw node.mismatch("an object") }
            try fields.read(node, into: &model[keyPath: path])
        }, isPresent: { _ in true }, write: { model, writer, depth in
            fields.write(model[keyPath: path], to: &writer, depth: depth)
        }))
    }

    /// An array of objects of `Part`'s fields; absent or null is empty, and written as `[]`.
    static func list<Part: Sendable>(_ path: WritableKeyPath<Model, [Part]> & Sendable, _ fields: JSONFields<Part>, _ blank: Part) -> Self {
        .custom(.init(isRequired: false, read: { model, node throws(JSONError) in
            model[keyPath: path] = node.isNull ? [] : try node.elements { element throws(JSONError) in
                var part = blank
                try fields.read(element, into: &part)
                return part
            }
        }, isPresent: { _ in true }, write: { model, writer, depth in
            let parts = model[keyPath: path]
            guard !parts.isEmpty else { return writer.write(.array([]), depth: depth) }
            for (index, part) in parts.enumerated() {
                writer.openElement(isFirst: index == 0, depth: depth + 1)
                fields.write(part, to: &writer, depth: depth + 1)
            }
            writer.close("]", depth: depth)
        }))
    }

    /// One of `Choice`'s names; absent or null is nil.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(_ path: WritableKeyPath<Model, Choice?> & Sendable) -> Self
    where Choice.RawValue == String {
        .custom(.init(isRequired: false, read: { model, node throws(JSONError) in
            model[keyPath: path] = try node.name(of: Choice.self)
        }, isPresent: { $0[keyPath: path] != nil }, write: { model, writer, _ in
            writer.write(model[keyPath: path]!.rawValue)
        }))
    }

    /// One of `Choice`'s names, which must be there.
    static func requiredChoice<Choice: RawRepresentable & CaseIterable & Sendable>(_ path: WritableKeyPath<Model, Choice> & Sendable) -> Self
    where Choice.RawValue == String {
        .custom(.init(isRequired: true, read: { model, node throws(JSONError) in
            guard let choice = try node.name(of: Choice.self) else { throw node.mismatch("a string") }
            model[keyPath: path] = choice
        }, isPresent: { _ in true }, write: { model, writer, _ in
            writer.write(model[keyPath: path].rawValue)
        }))
    }

    /// A number that must be `value` (a document's version), written as it.
    static func exactly(_ value: Double, saying mismatch: @escaping @Sendable (Double) -> String) -> Self {
        .custom(.init(isRequired: true, read: { _, node throws(JSONError) in
            let found = try node.requiredNumber()
            guard found == value else { throw node.error(mismatch(found)) }
        }, isPresent: { _ in true }, write: { _, writer, _ in writer.write(value) }))
    }
}
