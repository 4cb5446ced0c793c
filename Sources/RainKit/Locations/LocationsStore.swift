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
        try contents(of: file.loadBytes()).list
    }

    /// The places a file with these bytes holds (what `make fuzz` feeds the store's reader).
    func list(decoding bytes: [UInt8]) throws -> LocationList {
        try contents(of: bytes).list
    }

    /// Saves a new place. The first place ever saved (or any, with `select`) becomes current.
    public func add(name: String, coordinate: Coordinate, select: Bool = false) throws -> (location: Location, isCurrent: Bool) {
        try add(Location(name: name, coordinate: coordinate), select: select)
    }

    /// Saves `place` (its name and coordinates validated) as a new place with its own ID.
    public func add(_ place: Location, select: Bool = false) throws -> (location: Location, isCurrent: Bool) {
        let name = try LocationValidation.validName(place.name)
        let coordinate = try LocationValidation.validCoordinate(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)
        return try change { contents in
            let location = Location(name: name, coordinate: coordinate, country: place.country,
                                    region: place.region, timeZone: place.timeZone)
            contents.entries.append(Entry(location: location))
            if select || contents.current == nil {
                contents.currentID = location.id
            }
            contents.isChanged = true
            return (location, contents.currentID == location.id)
        }
    }

    /// Makes the place `reference` means the current location.
    @discardableResult
    public func select(_ reference: String) throws -> Location {
        try change { contents in
            let location = try contents.list.resolve(reference)
            contents.isChanged = contents.currentID != location.id
            contents.currentID = location.id
            return location
        }
    }

    /// Leaves no place selected as the current location (so that any place, the last one too,
    /// can be removed). Returns the place that was current, if any.
    @discardableResult
    public func selectNone() throws -> Location? {
        try change { contents in
            let previous = contents.current
            contents.isChanged = contents.currentID != nil
            contents.currentID = nil
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
        try change { contents in
            let wanted = Set(ids)
            if let current = contents.current, wanted.contains(current.id) {
                throw LocationsError.removingCurrent(current)
            }
            let removed = contents.entries.lazy.map(\.location).filter { wanted.contains($0.id) }
            let found = Set(removed.map(\.id))
            let vanished = ids.filter { !found.contains($0) }
            guard !removed.isEmpty else {
                contents.leavesFileAlone = true
                return Removal(removed: [], vanished: vanished)
            }
            contents.entries.removeAll { wanted.contains($0.location.id) }
            contents.isChanged = true
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

    /// Runs `body` on the saved places under the file's lock and saves what it leaves when
    /// that differs from the file: when it changed them, or when the file is not as rain
    /// writes it (unless `body` leaves the file alone). A file that cannot be read is never
    /// overwritten: the error is thrown before `body` runs.
    private func change<Result>(_ body: (inout Contents) throws -> Result) throws -> Result {
        try file.updateBytes { bytes in
            var contents = try contents(of: bytes)
            let result = try body(&contents)
            guard contents.isChanged || (!contents.isSavedForm && !contents.leavesFileAlone) else {
                return (result, nil)
            }
            // Pretty-printed, a file written compactly by hand grows by about a third; memory
            // reserved and not used is never touched, so a generous guess costs nothing.
            let size = bytes?.count ?? 0
            return (result, contents.serialized(capacity: 2 * size + 64 * 1024))
        }
    }
}
