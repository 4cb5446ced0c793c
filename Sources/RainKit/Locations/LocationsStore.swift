import Foundation

/// The saved places, kept in a `DefaultsFile` under `locations` and `current_location_id`.
/// Every change is a read-modify-write under the file's lock, so concurrent rain processes
/// lose nothing.
public struct LocationsStore: Sendable {
    static let locationsKey = "locations"
    static let currentKey = "current_location_id"

    public let file: DefaultsFile
    /// The forecasts of removed places are deleted from it.
    public let cache: ForecastCache?

    public init(file: DefaultsFile, cache: ForecastCache? = nil) {
        self.file = file
        self.cache = cache
    }

    public init(paths: RainPaths) {
        self.init(file: DefaultsFile(path: paths.defaultsFile, lockPath: paths.defaultsLockFile),
                  cache: ForecastCache(directory: paths.forecastsDirectory))
    }

    /// The places as saved now.
    public func load() throws -> LocationList {
        try list(in: file.load())
    }

    /// Saves a new place. The first place ever saved (or any, with `select`) becomes current.
    public func add(name: String, coordinate: Coordinate, select: Bool = false) throws -> (location: Location, isCurrent: Bool) {
        let name = try LocationValidation.validName(name)
        let coordinate = try LocationValidation.validCoordinate(latitude: coordinate.latitude, longitude: coordinate.longitude)
        return try file.update { defaults in
            var list = try self.list(in: defaults)
            let location = Location(name: name, coordinate: coordinate)
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
        let removal = try file.update { defaults in
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
        // Only once the store is saved: a leftover forecast of a removed place harms nothing,
        // a place without its forecast would be worse.
        for location in removal.removed {
            try? cache?.remove(for: location.id)
        }
        return removal
    }

    /// Resolves every reference first and removes only when all are known, unambiguous and
    /// not current: the all-or-nothing batch removal of `rain locations remove`.
    public func resolveForRemoval(_ references: [String], in list: LocationList) throws(LocationsError) -> [Location] {
        let locations = try list.resolve(references)
        if let current = locations.first(where: list.isCurrent) { throw .removingCurrent(current) }
        return locations
    }

    // MARK: - The stored shape

    private struct StoredLocation: Codable {
        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
    }

    private func list(in defaults: Defaults) throws(DefaultsFileError) -> LocationList {
        let stored: [StoredLocation]
        let currentText: String?
        do {
            stored = try defaults.value([StoredLocation].self, forKey: Self.locationsKey) ?? []
        } catch {
            throw .unreadable(path: file.path, reason: Self.explain(error, under: Self.locationsKey))
        }
        do {
            currentText = try defaults.value(String.self, forKey: Self.currentKey)
        } catch {
            throw .unreadable(path: file.path, reason: Self.explain(error, under: Self.currentKey))
        }
        var locations: [Location] = []
        for (index, entry) in stored.enumerated() {
            let place = "\(Self.locationsKey)[\(index)]"
            guard let id = UUID(uuidString: entry.id) else {
                throw .unreadable(path: file.path, reason: "\(place).id is not a UUID")
            }
            if locations.contains(where: { $0.id == id }) {
                throw .unreadable(path: file.path, reason: "\(place).id \(entry.id) appears twice")
            }
            do {
                let name = try LocationValidation.validName(entry.name)
                let coordinate = try LocationValidation.validCoordinate(latitude: entry.latitude, longitude: entry.longitude)
                locations.append(Location(id: id, name: name, coordinate: coordinate))
            } catch {
                throw .unreadable(path: file.path, reason: "\(place): \(error)")
            }
        }
        var currentID: UUID?
        if let currentText {
            guard let id = UUID(uuidString: currentText) else {
                throw .unreadable(path: file.path, reason: "\(Self.currentKey) is not a UUID")
            }
            currentID = id
        }
        return LocationList(locations: locations, currentID: currentID)
    }

    private func store(_ list: LocationList, in defaults: inout Defaults) throws {
        let stored = list.locations.map {
            StoredLocation(id: $0.idString, name: $0.name, latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude)
        }
        try defaults.set(stored, forKey: Self.locationsKey)
        try defaults.set(list.current?.idString, forKey: Self.currentKey)
    }

    /// "locations[1].latitude has the wrong type (expected a number)"
    private static func explain(_ error: any Error, under key: String) -> String {
        guard let error = error as? DecodingError else { return "\(key): \(error)" }
        func path(_ context: DecodingError.Context, _ last: CodingKey? = nil) -> String {
            var text = key
            for key in context.codingPath + (last.map { [$0] } ?? []) {
                if let index = key.intValue { text += "[\(index)]" } else { text += "." + key.stringValue }
            }
            return text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context)) has the wrong type (expected \(type == String.self ? "a string" : type == Double.self ? "a number" : type == [StoredLocation].self ? "an array" : "an object"))"
        case .valueNotFound(_, let context):
            return "\(path(context)) is missing"
        case .keyNotFound(let key, let context):
            return "\(path(context, key)) is missing"
        case .dataCorrupted(let context):
            return "\(path(context)) is not usable"
        @unknown default:
            return "\(error)"
        }
    }
}
