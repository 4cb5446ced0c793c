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
        try list(in: file.load())
    }

    /// The places a file with these bytes holds (what `make fuzz` feeds the store's reader).
    func list(decoding bytes: [UInt8]) throws -> LocationList {
        try list(in: file.document(from: bytes))
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
            var list = try self.list(in: defaults)
            let location = Location(name: name, coordinate: coordinate, country: place.country,
                                    region: place.region, timeZone: place.timeZone)
            list.locations.append(location)
            if select || list.current == nil {
                list.currentID = location.id
            }
            try self.store(list, in: &defaults)
            return (location, list.currentID == location.id)
        }
    }

    /// Makes the place `reference` means the current location.
    @discardableResult
    public func select(_ reference: String) throws -> Location {
        try file.update { defaults in
            var list = try self.list(in: defaults)
            let location = try list.resolve(reference)
            list.currentID = location.id
            try self.store(list, in: &defaults)
            return location
        }
    }

    /// Leaves no place selected as the current location (so that any place, the last one too,
    /// can be removed). Returns the place that was current, if any.
    @discardableResult
    public func selectNone() throws -> Location? {
        try file.update { defaults in
            var list = try self.list(in: defaults)
            let previous = list.current
            list.currentID = nil
            try self.store(list, in: &defaults)
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
            var list = try self.list(in: defaults)
            let wanted = Set(ids)
            if let current = list.current, wanted.contains(current.id) {
                throw LocationsError.removingCurrent(current)
            }
            let removed = list.locations.filter { wanted.contains($0.id) }
            let vanished = ids.filter { id in !removed.contains { $0.id == id } }
            guard !removed.isEmpty else { return Removal(removed: [], vanished: vanished) }
            list.locations.removeAll { wanted.contains($0.id) }
            try self.store(list, in: &defaults)
            return Removal(removed: removed, vanished: vanished)
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

        init(id: String, name: String, latitude: Double, longitude: Double,
             country: String? = nil, region: String? = nil, timezone: String? = nil) {
            self.id = id
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.country = country
            self.region = region
            self.timezone = timezone
        }

        /// "locations[1].latitude should be a number", in the order the fields are listed.
        init(_ members: [String: JSONValue], at place: String, in path: String) throws(DefaultsFileError) {
            func text(_ key: String) throws(DefaultsFileError) -> String? {
                switch members[key] {
                case .string(let text)?: return text
                case nil, .null?: return nil
                default: throw .unreadable(path: path, reason: "\(place).\(key) should be text in quotes")
                }
            }
            func string(_ key: String) throws(DefaultsFileError) -> String {
                guard let value = try text(key) else { throw .unreadable(path: path, reason: "\(place).\(key) is missing") }
                return value
            }
            func number(_ key: String) throws(DefaultsFileError) -> Double {
                switch members[key] {
                case .number(let value)?: return value
                case nil, .null?: throw .unreadable(path: path, reason: "\(place).\(key) is missing")
                default: throw .unreadable(path: path, reason: "\(place).\(key) should be a number")
                }
            }
            id = try string("id")
            name = try string("name")
            latitude = try number("latitude")
            longitude = try number("longitude")
            country = try text("country")
            region = try text("region")
            timezone = try text("timezone")
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

    private func list(in defaults: Defaults) throws(DefaultsFileError) -> LocationList {
        let currentText: String?
        do {
            currentText = try defaults.value(String.self, forKey: Self.currentKey)
        } catch {
            throw .unreadable(path: file.path, reason: "\(Self.currentKey) should be a location ID in quotes")
        }
        var locations: [Location] = []
        var seen = Set<UUID>()
        for (index, (entry, _)) in try storedEntries(in: defaults).enumerated() {
            let place = "\(Self.locationsKey)[\(index)]"
            guard let id = UUID(uuidString: entry.id) else {
                throw .unreadable(path: file.path, reason: "\(place).id is not a location ID (a UUID)")
            }
            guard seen.insert(id).inserted else {
                throw .unreadable(path: file.path, reason: "\(place).id \(entry.id) appears twice")
            }
            do {
                let name = try LocationValidation.validName(entry.name)
                let coordinate = try LocationValidation.validCoordinate(latitude: entry.latitude, longitude: entry.longitude)
                locations.append(Location(id: id, name: name, coordinate: coordinate, country: entry.country,
                                          region: entry.region, timeZone: entry.timezone))
            } catch {
                throw .unreadable(path: file.path, reason: "\(place): \(error)")
            }
        }
        var currentID: UUID?
        if let currentText {
            guard let id = UUID(uuidString: currentText) else {
                throw .unreadable(path: file.path, reason: "\(Self.currentKey) is not a location ID (a UUID)")
            }
            currentID = id
        }
        return LocationList(locations: locations, currentID: currentID)
    }

    /// Each saved entry as rain reads it, with the members it did not understand (written by a
    /// newer rain or by hand), which are saved back unchanged.
    private func storedEntries(in defaults: Defaults) throws(DefaultsFileError) -> [(StoredLocation, unknown: [String: JSONValue])] {
        guard let value = defaults.values[Self.locationsKey], value != .null else { return [] }
        guard case .array(let items) = value else {
            throw .unreadable(path: file.path, reason: "\(Self.locationsKey) should be a list of places ([...]) but is \(value.kindDescription)")
        }
        var entries: [(StoredLocation, unknown: [String: JSONValue])] = []
        for (index, item) in items.enumerated() {
            let place = "\(Self.locationsKey)[\(index)]"
            guard case .object(let members) = item else {
                throw .unreadable(path: file.path, reason: "\(place) should be a place ({\"id\": ..., \"name\": ..., ...}) but is \(item.kindDescription)")
            }
            let entry = try StoredLocation(members, at: place, in: file.path)
            entries.append((entry, members.filter { !StoredLocation.keys.contains($0.key) }))
        }
        return entries
    }

    private func store(_ list: LocationList, in defaults: inout Defaults) throws {
        var unknown: [String: [String: JSONValue]] = [:]
        for (entry, members) in (try? storedEntries(in: defaults)) ?? [] where !members.isEmpty {
            unknown[entry.id.lowercased()] = members
        }
        let stored = list.locations.map { location in
            let entry = StoredLocation(id: location.idString, name: location.name,
                                       latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
                                       country: location.country, region: location.region, timezone: location.timeZone)
            return JSONValue.object(entry.members.merging(unknown[location.idString] ?? [:]) { known, _ in known })
        }
        defaults.set(value: .array(stored), forKey: Self.locationsKey)
        try defaults.set(list.current?.idString, forKey: Self.currentKey)
    }
}
