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

    /// The places in the file with these bytes (none when there is no file). A file with the
    /// shape rain writes is read straight into places; any other (a mistake, or a hand-edited
    /// file) through its JSON values, which name the first mistake.
    func contents(of bytes: [UInt8]?) throws(DefaultsFileError) -> Contents {
        guard let bytes else { return Contents() }
        if let contents = Self.placesContents(of: bytes) { return contents }
        return try contents(of: file.document(from: bytes))
    }

    /// The contents of a file with the shape rain writes, read straight into places; nil when
    /// it has another shape or breaks a rule (the general reader then names it).
    static func placesContents(of bytes: [UInt8]) -> Contents? {
        var contents = Contents()
        // No place takes fewer than 80 bytes: room for all of them at once, never copied as the
        // list grows (what is reserved and not used costs no memory that is touched).
        contents.locations.reserveCapacity(bytes.count / 80)
        var isSavedForm = true
        let others = JSONParser.places(in: bytes) { (place: consuming PlaceFields) in
            guard let name = try? LocationValidation.validName(place.name),
                  let coordinate = try? LocationValidation.validCoordinate(latitude: place.latitude, longitude: place.longitude) else {
                return false
            }
            isSavedForm = isSavedForm && place.idIsLowercase && name == place.name
            if !place.unknown.isEmpty { contents.unknown[place.id] = place.unknown }
            contents.locations.append(Location(id: place.id, name: name, coordinate: coordinate, country: place.country,
                                               region: place.region, timeZone: place.timezone))
            return true
        }
        guard let others, !IDSet.hasRepeatedID(contents.locations) else { return nil }
        switch others[currentKey] {
        case .string(let text)?:
            guard let (id, isLowercase) = UUID.canonical(text) else { return nil }
            contents.currentID = id
            isSavedForm = isSavedForm && isLowercase
        case nil: break
        default: return nil
        }
        contents.others = others
        contents.others[currentKey] = nil
        contents.isSavedForm = isSavedForm && (contents.currentID == nil || contents.current != nil)
        return contents
    }

    // MARK: - Any document

    /// A place as `defaults.json` keeps it, read straight from the document's values (no
    /// Codable round trip: that was most of the time of every command on a large store).
    struct StoredLocation {
        static let keys: Set<String> = ["id", "name", "latitude", "longitude", "country", "region", "timezone"]

        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
        var country: String?
        var region: String?
        var timezone: String?
        /// Whether one of the optional members is there as null (rain leaves it out).
        var hasNull = false

        /// "locations[1].latitude should be a number", in the order the fields are listed.
        init(_ members: [String: JSONValue], at index: Int, in path: String) throws(DefaultsFileError) {
            let place = { LocationsStore.place(index) }
            var hasNull = false
            func text(_ key: String) throws(DefaultsFileError) -> String? {
                switch members[key] {
                case .string(let text)?: return text
                case nil: return nil
                case .null?:
                    hasNull = true
                    return nil
                default: throw .unreadable(path: path, reason: "\(place()).\(key) should be text in quotes")
                }
            }
            func string(_ key: String) throws(DefaultsFileError) -> String {
                guard let value = try text(key) else { throw .unreadable(path: path, reason: "\(place()).\(key) is missing") }
                return value
            }
            func number(_ key: String) throws(DefaultsFileError) -> Double {
                switch members[key] {
                case .number(let value)?: return value
                case nil, .null?: throw .unreadable(path: path, reason: "\(place()).\(key) is missing")
                default: throw .unreadable(path: path, reason: "\(place()).\(key) should be a number")
                }
            }
            id = try string("id")
            name = try string("name")
            latitude = try number("latitude")
            longitude = try number("longitude")
            country = try text("country")
            region = try text("region")
            timezone = try text("timezone")
            self.hasNull = hasNull
        }
    }

    /// "locations[2]", as errors name an entry.
    static func place(_ index: Int) -> String { "\(locationsKey)[\(index)]" }

    /// The places of any document, checked. Every entry's shape is checked before any entry's
    /// values, so a document with several mistakes is named by the first of the first kind.
    func contents(of defaults: Defaults) throws(DefaultsFileError) -> Contents {
        var contents = Contents(others: defaults.values)
        contents.others[Self.locationsKey] = nil
        contents.others[Self.currentKey] = nil
        let currentText: String?
        switch defaults.values[Self.currentKey] {
        case .string(let text)?: currentText = text
        case nil: currentText = nil
        case .null?: currentText = nil
        default: throw .unreadable(path: file.path, reason: "\(Self.currentKey) should be a location ID in quotes")
        }
        var isSavedForm = defaults.values[Self.currentKey] != .null
        let value = defaults.values[Self.locationsKey]
        var items: [JSONValue] = []
        switch value {
        case .array(let array)?: items = array
        case nil, .null?: isSavedForm = false
        case let value?:
            throw .unreadable(path: file.path, reason: "\(Self.locationsKey) should be a list of places ([...]) but is \(value.kindDescription)")
        }
        var stored: [(StoredLocation, members: [String: JSONValue])] = []
        for (index, item) in items.enumerated() {
            guard case .object(let members) = item else {
                throw .unreadable(path: file.path, reason: "\(Self.place(index)) should be a place ({\"id\": ..., \"name\": ..., ...}) but is \(item.kindDescription)")
            }
            stored.append((try StoredLocation(members, at: index, in: file.path), members))
        }
        var seen = Set<UUID>()
        for (index, (entry, members)) in stored.enumerated() {
            let canonical = UUID.canonical(entry.id)
            guard let id = canonical?.id ?? UUID(uuidString: entry.id) else {
                throw .unreadable(path: file.path, reason: "\(Self.place(index)).id is not a location ID (a UUID)")
            }
            guard seen.insert(id).inserted else {
                throw .unreadable(path: file.path, reason: "\(Self.place(index)).id \(entry.id) appears twice")
            }
            let location: Location
            do {
                let name = try LocationValidation.validName(entry.name)
                let coordinate = try LocationValidation.validCoordinate(latitude: entry.latitude, longitude: entry.longitude)
                location = Location(id: id, name: name, coordinate: coordinate, country: entry.country,
                                    region: entry.region, timeZone: entry.timezone)
            } catch {
                throw .unreadable(path: file.path, reason: "\(Self.place(index)): \(error)")
            }
            isSavedForm = isSavedForm && !entry.hasNull && canonical?.isLowercase == true && location.name == entry.name
            contents.locations.append(location)
            let unknown = members.filter { !StoredLocation.keys.contains($0.key) }
            if !unknown.isEmpty { contents.unknown[id] = unknown }
        }
        if let currentText {
            guard let id = UUID(canonical: currentText) ?? UUID(uuidString: currentText) else {
                throw .unreadable(path: file.path, reason: "\(Self.currentKey) is not a location ID (a UUID)")
            }
            contents.currentID = id
            isSavedForm = isSavedForm && contents.current?.idString == currentText
        }
        contents.isSavedForm = isSavedForm
        return contents
    }
}
