import FoundationEssentials

/// The saved places, kept in a `DefaultsFile` under `locations` and `current_location_id`.
/// Every change is a read-modify-write under the file's lock, so concurrent rain processes
/// lose nothing.
public struct LocationsStore: Sendable {
    static let locationsKey = "locations"
    static let currentKey = "current_location_id"

    public let file: DefaultsFile

    public init(file: DefaultsFile) {
        self.file = file
    }

    public init(paths: RainPaths) {
        self.init(file: DefaultsFile(path: paths.defaultsFile, lockPath: paths.defaultsLockFile))
    }

    /// The places as saved now.
    public func load() throws -> LocationList {
        try contents(of: file.load()).list
    }

    /// The places a file with these bytes holds (what `make fuzz` feeds the store's reader).
    func list(decoding bytes: [UInt8]) throws -> LocationList {
        try contents(of: file.document(from: bytes)).list
    }

    /// Saves a new place. The first place ever saved (or any, with `select`) becomes current.
    public func add(name: String, coordinate: Coordinate, select: Bool = false) throws -> (location: Location, isCurrent: Bool) {
        try add(Location(name: name, coordinate: coordinate), select: select)
    }

    /// Saves `place` (its name and coordinates validated) as a new place with its own ID.
    public func add(_ place: Location, select: Bool = false) throws -> (location: Location, isCurrent: Bool) {
        let name = try LocationValidation.validName(place.name)
        let coordinate = try LocationValidation.validCoordinate(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)
        return try file.update { defaults in
            var contents = try self.contents(of: defaults)
            let location = Location(name: name, coordinate: coordinate, country: place.country,
                                    region: place.region, timeZone: place.timeZone)
            contents.entries.append(Entry(location))
            if select || contents.current == nil {
                contents.currentID = location.id
            }
            self.store(contents, in: &defaults)
            return (location, contents.currentID == location.id)
        }
    }

    /// Makes the place `reference` means the current location.
    @discardableResult
    public func select(_ reference: String) throws -> Location {
        try file.update { defaults in
            var contents = try self.contents(of: defaults)
            let location = try contents.list.resolve(reference)
            contents.currentID = location.id
            self.store(contents, in: &defaults)
            return location
        }
    }

    /// Leaves no place selected as the current location (so that any place, the last one too,
    /// can be removed). Returns the place that was current, if any.
    @discardableResult
    public func selectNone() throws -> Location? {
        try file.update { defaults in
            var contents = try self.contents(of: defaults)
            let previous = contents.current
            contents.currentID = nil
            self.store(contents, in: &defaults)
            return previous
        }
    }

    /// What `remove(ids:)` did.
    public struct Removal: Sendable, Equatable {
        /// The places removed, in list order.
        public var removed: [Location]
        /// Asked-for IDs that were no longer saved (another process removed them meanwhile).
        public var vanished: [UUID]
    }

    /// Removes the places with these IDs at once, or none of them: when one of them is the
    /// current location, nothing is removed. IDs no longer saved are reported, not an error.
    public func remove(ids: [UUID]) throws -> Removal {
        try file.update { defaults in
            var contents = try self.contents(of: defaults)
            let wanted = Set(ids)
            if let current = contents.current, wanted.contains(current.id) {
                throw LocationsError.removingCurrent(current)
            }
            let removed = contents.entries.lazy.map(\.location).filter { wanted.contains($0.id) }
            let found = Set(removed.map(\.id))
            let vanished = ids.filter { !found.contains($0) }
            guard !removed.isEmpty else { return Removal(removed: [], vanished: vanished) }
            contents.entries.removeAll { wanted.contains($0.location.id) }
            self.store(contents, in: &defaults)
            return Removal(removed: Array(removed), vanished: vanished)
        }
    }

    /// Resolves every reference first and removes only when all are known, unambiguous and
    /// not current: the all-or-nothing batch removal of `rain locations remove`.
    public func resolveForRemoval(_ references: [String], in list: LocationList) throws(LocationsError) -> [Location] {
        let locations = try list.resolve(references)
        if let current = locations.first(where: list.isCurrent) { throw .removingCurrent(current) }
        return locations
    }

    // MARK: - The stored shape

    /// A saved place, and the JSON it is saved as.
    private struct Entry {
        var location: Location
        /// The entry as read when rain would write it the same (its unknown members are then
        /// kept as they are, and nothing needs to be built for it), else rebuilt.
        var saved: JSONValue

        init(_ location: Location, unknown: [String: JSONValue] = [:]) {
            self.location = location
            saved = .object(StoredLocation(location).members.merging(unknown) { known, _ in known })
        }

        init(_ location: Location, saved: JSONValue) {
            self.location = location
            self.saved = saved
        }
    }

    /// What the document says about places.
    private struct Contents {
        var entries: [Entry]
        var currentID: UUID?

        var list: LocationList { LocationList(locations: entries.map(\.location), currentID: currentID) }

        var current: Location? {
            guard let currentID else { return nil }
            return entries.first { $0.location.id == currentID }?.location
        }
    }

    /// A place as `defaults.json` keeps it, read straight from the document's values (no
    /// Codable round trip: that was most of the time of every command on a large store).
    private struct StoredLocation {
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

        init(_ location: Location) {
            id = location.idString
            name = location.name
            latitude = location.coordinate.latitude
            longitude = location.coordinate.longitude
            country = location.country
            region = location.region
            timezone = location.timeZone
        }

        /// "locations[1].latitude should be a number", in the order the fields are listed.
        init(_ members: [String: JSONValue], at index: Int, in path: String) throws(DefaultsFileError) {
            let place = { LocationsStore.place(index) }
            var hasNull = false
            // Only a place with more members than the four required can have the optional ones.
            let mayHaveMore = members.count > 4
            func text(_ key: String, optional: Bool = false) throws(DefaultsFileError) -> String? {
                guard !optional || mayHaveMore else { return nil }
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
            country = try text("country", optional: true)
            region = try text("region", optional: true)
            timezone = try text("timezone", optional: true)
            self.hasNull = hasNull
        }

        var members: [String: JSONValue] {
            var members: [String: JSONValue] = ["id": .string(id), "name": .string(name),
                                                "latitude": .number(latitude), "longitude": .number(longitude)]
            members["country"] = country.map(JSONValue.string)
            members["region"] = region.map(JSONValue.string)
            members["timezone"] = timezone.map(JSONValue.string)
            return members
        }
    }

    /// The places of the document, checked. Every entry's shape is checked before any entry's
    /// values, so a document with several mistakes names the same one whatever is fastest.
    private func contents(of defaults: Defaults) throws(DefaultsFileError) -> Contents {
        let currentText: String?
        switch defaults.values[Self.currentKey] {
        case .string(let text)?: currentText = text
        case nil, .null?: currentText = nil
        default: throw .unreadable(path: file.path, reason: "\(Self.currentKey) should be a location ID in quotes")
        }
        var entries: [Entry] = []
        var firstMistake: DefaultsFileError?
        var seen = Set<UUID>()
        if let value = defaults.values[Self.locationsKey], value != .null {
            guard case .array(let items) = value else {
                throw .unreadable(path: file.path, reason: "\(Self.locationsKey) should be a list of places ([...]) but is \(value.kindDescription)")
            }
            entries.reserveCapacity(items.count)
            seen.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard case .object(let members) = item else {
                    throw .unreadable(path: file.path, reason: "\(Self.place(index)) should be a place ({\"id\": ..., \"name\": ..., ...}) but is \(item.kindDescription)")
                }
                let stored = try StoredLocation(members, at: index, in: file.path)
                guard firstMistake == nil else { continue }
                do throws(DefaultsFileError) {
                    entries.append(try entry(stored, members: members, item: item, at: index, seen: &seen))
                } catch {
                    firstMistake = error
                }
            }
        }
        if let firstMistake { throw firstMistake }
        var currentID: UUID?
        if let currentText {
            guard let id = UUID(canonical: currentText) ?? UUID(uuidString: currentText) else {
                throw .unreadable(path: file.path, reason: "\(Self.currentKey) is not a location ID (a UUID)")
            }
            currentID = id
        }
        return Contents(entries: entries, currentID: currentID)
    }

    /// "locations[2]", as errors name an entry.
    private static func place(_ index: Int) -> String { "\(locationsKey)[\(index)]" }

    private func entry(_ stored: StoredLocation, members: [String: JSONValue], item: JSONValue, at index: Int,
                       seen: inout Set<UUID>) throws(DefaultsFileError) -> Entry {
        let canonical = UUID.canonical(stored.id)
        guard let id = canonical?.id ?? UUID(uuidString: stored.id) else {
            throw .unreadable(path: file.path, reason: "\(Self.place(index)).id is not a location ID (a UUID)")
        }
        guard seen.insert(id).inserted else {
            throw .unreadable(path: file.path, reason: "\(Self.place(index)).id \(stored.id) appears twice")
        }
        let location: Location
        do {
            let name = try LocationValidation.validName(stored.name)
            let coordinate = try LocationValidation.validCoordinate(latitude: stored.latitude, longitude: stored.longitude)
            location = Location(id: id, name: name, coordinate: coordinate, country: stored.country,
                                region: stored.region, timeZone: stored.timezone)
        } catch {
            throw .unreadable(path: file.path, reason: "\(Self.place(index)): \(error)")
        }
        // Saved as rain writes it (a lower-case ID, a trimmed name, no nulls): kept as it is.
        if !stored.hasNull, canonical?.isLowercase == true, location.name == stored.name {
            return Entry(location, saved: item)
        }
        return Entry(location, unknown: members.filter { !StoredLocation.keys.contains($0.key) })
    }

    private func store(_ contents: Contents, in defaults: inout Defaults) {
        defaults.set(value: .array(contents.entries.map(\.saved)), forKey: Self.locationsKey)
        defaults.set(value: contents.current.map { .string($0.idString) }, forKey: Self.currentKey)
    }
}
