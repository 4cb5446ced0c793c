import FoundationEssentials

extension LocationsStore {
    /// What `defaults.json` says about places, and everything else it holds.
    struct Contents {
        var locations: [Location] = []
        /// The members of places' entries that rain does not know (kept as they are), by place.
        var unknown: [UUID: [String: JSONValue]] = [:]
        var currentID: UUID?
        /// The document's members other than the places and the current location's ID.
        var others: [String: JSONValue] = [:]
        /// Whether the file is exactly as rain would write these contents (IDs in lower case,
        /// names trimmed, no null members, a current location that is saved), so that it needs
        /// no saving while they do not change.
        var isSavedForm = false
        /// Set by a change to the places or the current location.
        var isChanged = false
        /// Set by a change that leaves the file alone whatever its form.
        var leavesFileAlone = false

        var list: LocationList { LocationList(locations: locations, currentID: currentID) }

        var current: Location? {
            guard let currentID else { return nil }
            return locations.first { $0.id == currentID }
        }
    }

    /// The places in the file with these bytes (none when there is no file); any mistake is
    /// named with its path, line and column, and the file is left as it is.
    func contents(of bytes: [UInt8]?) throws(DefaultsFileError) -> Contents {
        guard let bytes else { return Contents() }
        do {
            var contents = try Self.contents(of: JSONNode.document(bytes))
            // A byte order mark is allowed (RFC 8259 lets a reader pass over it); rain writes none.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { contents.isSavedForm = false }
            return contents
        } catch {
            let isSyntax = error.path == nil && !error.isEmpty
            throw .unreadable(path: file.path, reason: isSyntax || error.isEmpty ? error.notValidJSON() : error.text)
        }
    }

    /// "locations[2]", as errors name an entry.
    static func place(_ index: Int) -> String { "\(locationsKey)[\(index)]" }

    /// The contents of a defaults document: its places (each read with `LocationFields` and
    /// checked), the current place's ID and the other members as they are.
    static func contents(of root: JSONNode) throws(JSONError) -> Contents {
        guard root.kind == .object else { throw root.mismatch(N_("an object")) }
        var contents = Contents()
        var isSavedForm = true
        var places: JSONNode?
        var current: JSONNode?
        try root.forEachMember { keyEntry, value throws(JSONError) in
            let key = root.map.text(at: keyEntry)
            switch key {
            case locationsKey: places = value
            case currentKey: current = value
            default: contents.others[key] = try value.value()
            }
            return true
        }
        if let places, !places.isNull {
            guard places.kind == .array else { throw places.mismatch(N_("an array")) }
            // No place takes fewer than 80 bytes: room for all at once, never copied as the list grows.
            contents.locations.reserveCapacity(root.map.bytes.count / 80)
            var unknown: [String: JSONValue]? = [:]
            _ = try places.elements { node throws(JSONError) in
                guard node.kind == .object else { throw node.mismatch(N_("an object")) }
                var location = LocationFields.blank
                let isSaved = try LocationFields.table.read(node, into: &location, keeping: &unknown)
                let written = location.name
                do throws(LocationsError) {
                    location.name = try LocationValidation.validName(location.name)
                    location.coordinate = try LocationValidation.validCoordinate(latitude: location.coordinate.latitude,
                                                                                 longitude: location.coordinate.longitude)
                } catch {
                    throw node.error(error.text)
                }
                isSavedForm = isSavedForm && isSaved && written == location.name
                if unknown?.isEmpty == false {
                    contents.unknown[location.id] = unknown
                    unknown = [:]
                }
                contents.locations.append(location)
            }
            if IDSet.hasRepeatedID(contents.locations) {
                var seen = Set<UUID>()
                let index = contents.locations.firstIndex { !seen.insert($0.id).inserted }!
                let node = try places.elements()[index]
                throw try node.requiredMember("id").error(N_("{id} appears twice"), ["id": .verbatim(contents.locations[index].idString)])
            }
        } else {
            isSavedForm = false
        }
        if let current {
            if let text = try current.string() {
                guard let (id, isLowercase) = UUID.canonical(text) ?? UUID(uuidString: text).map({ ($0, false) }) else {
                    throw current.error(N_("expected a UUID, found \"{found}\""), ["found": .verbatim(String(text.strippingControlCharacters.prefix(20)))])
                }
                contents.currentID = id
                isSavedForm = isSavedForm && isLowercase
            } else {
                isSavedForm = false
            }
        }
        contents.isSavedForm = isSavedForm && (contents.currentID == nil || contents.current != nil)
        return contents
    }
}
