import FoundationEssentials
import Glibc
import Synchronization

/// The saved places, kept in a `DefaultsFile` under `locations` and `current_location_id`.
/// Every change is a read-modify-write under the file's lock, so concurrent rain processes
/// lose nothing. A change may wait for another process's lock (up to the file's `lockTimeout`),
/// blocking its thread: from async code, make it through `DetachedThread.run`.
public struct LocationsStore: Sendable {
    static let locationsKey = "locations"
    static let currentKey = "current_location_id"

    public let file: DefaultsFile
    /// What `load()` read last, for a change right after it.
    private let lastLoad = LastLoad()

    public init(file: DefaultsFile) {
        self.file = file
    }

    public init(paths: RainPaths) {
        self.init(file: DefaultsFile(path: paths.defaultsFile, lockPath: paths.defaultsLockFile))
    }

    /// The places as saved now.
    public func load() throws -> LocationList {
        try loadNotingMisspeltKeys().list
    }

    /// `load()`, and the document's keys a letter or two from one rain reads that the document
    /// lacks (`location` without `locations`: a hand edit's typo, which hides every place), with
    /// the key meant. They are kept as they are.
    public func loadNotingMisspeltKeys() throws -> (list: LocationList, misspelt: [(key: String, meant: String)]) {
        let bytes = try file.read()
        let contents = try contents(of: bytes)
        if let bytes { lastLoad.keep(bytes, contents) }
        var missing: [String] = []
        if contents.locations.isEmpty { missing.append(Self.locationsKey) }
        if contents.currentID == nil { missing.append(Self.currentKey) }
        let misspelt = missing.isEmpty ? [] : contents.others.keys.sorted().compactMap { key in
            closestMatch(to: key, among: missing, strictly: true, atMost: 2).map { (key, $0) }
        }
        return (contents.list, misspelt)
    }

    /// The places a file with these bytes holds (what `make fuzz` feeds the store's reader).
    func list(decoding bytes: [UInt8]) throws -> LocationList {
        try contents(of: bytes).list
    }

    /// Saves `place` (its name and coordinates validated) as a new place with its own ID. The
    /// first place saved (or any, with `select`) becomes current; with places saved and none
    /// current (`select --none`), none is made current without `select`.
    func add(_ place: Location, select: Bool = false) throws -> (location: Location, isCurrent: Bool) {
        let name = try LocationValidation.validNewName(place.name)
        let coordinate = try LocationValidation.validCoordinate(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)
        return try change { contents in
            try LocationValidation.checkNameIsNoReference(name, among: contents.locations)
            let location = Location(name: name, coordinate: coordinate, country: place.country,
                                    region: place.region, timeZone: place.timeZone, alias: Self.validAlias(place.alias))
            contents.locations.append(location)
            if select || contents.locations.count == 1 {
                contents.currentID = location.id
            }
            contents.isChanged = true
            return (location, contents.currentID == location.id)
        }
    }

    /// The word a place was looked up by, kept when it could be a name (else left out).
    private static func validAlias(_ alias: String?) -> String? {
        alias.flatMap { try? LocationValidation.validName($0) }
    }

    /// What adding a place did.
    public enum Addition: Sendable {
        case added(Location, isCurrent: Bool)
        /// The place was saved already (`Location.isSamePlace`): nothing was added. Its number
        /// in the list, and whether it is (now) the current location.
        case alreadySaved(Location, number: Int, isCurrent: Bool)
    }

    /// Saves `place` unless the same place is saved already (then, with `select`, makes that
    /// one current); `again` saves it anyway. `lookedUp`: `place` is the geocoder's answer to a
    /// name, the same place as one found at its point in another language.
    public func add(_ place: Location, select: Bool = false, again: Bool, lookedUp: Bool = false) throws -> Addition {
        if again {
            let (location, isCurrent) = try add(place, select: select)
            return .added(location, isCurrent: isCurrent)
        }
        let name = try LocationValidation.validNewName(place.name)
        let coordinate = try LocationValidation.validCoordinate(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)
        let candidate = Location(name: name, coordinate: coordinate, country: place.country, region: place.region,
                                 timeZone: place.timeZone, alias: Self.validAlias(place.alias))
        return try change { contents in
            if let index = contents.locations.firstIndex(where: { $0.isSamePlace(as: candidate, lookedUp: lookedUp) }) {
                let saved = contents.locations[index]
                if select, contents.currentID != saved.id {
                    contents.currentID = saved.id
                    contents.isChanged = true
                }
                return .alreadySaved(saved, number: index + 1, isCurrent: contents.currentID == saved.id)
            }
            try LocationValidation.checkNameIsNoReference(name, among: contents.locations)
            contents.locations.append(candidate)
            if select || contents.locations.count == 1 { contents.currentID = candidate.id }
            contents.isChanged = true
            return .added(candidate, isCurrent: contents.currentID == candidate.id)
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
        try change { contents in try Self.remove(ids, from: &contents) }
    }

    /// Resolves `references` against the places as they are under the lock and removes them at
    /// once, reading the file once: `remove` without a question between the two. All or
    /// nothing, as `resolveForRemoval` then `remove(ids:)`; `read` sees the places first.
    public func remove(resolving references: [String], read: (LocationList) -> Void = { _ in }) throws -> Removal {
        // No file: nothing can match, and nothing (not the lock, not the folder) is made for that.
        guard access(file.path, F_OK) == 0 else {
            _ = try Self.resolve(references, in: Contents(), read: read)
            return Removal(removed: [], vanished: [])
        }
        return try change { contents in
            let ids = try Self.resolve(references, in: contents, read: read)
            return try Self.remove(ids, from: &contents)
        }
    }

    /// Kept apart so that the list it makes is gone before the places change (no copy of them).
    private static func resolve(_ references: [String], in contents: Contents, read: (LocationList) -> Void) throws -> [UUID] {
        let list = contents.list
        read(list)
        return try LocationsStore.resolveForRemoval(references, in: list).map(\.id)
    }

    private static func remove(_ ids: [UUID], from contents: inout Contents) throws -> Removal {
        var wanted = IDPrefixTable()
        for (index, id) in ids.enumerated() { wanted.add(IDPrefix(id), for: index) }
        wanted.sort()
        if let current = contents.current, wanted.contains(current.id) {
            throw LocationsError.removingCurrent(current)
        }
        var removed: [Location] = []
        // Places compared through the buffer and the kept ones moved up in order: `removeAll(where:)`
        // copies every place (and all its strings) twice to look at its ID.
        let kept = contents.locations.withUnsafeMutableBufferPointer { places in
            var kept = 0
            for index in places.indices {
                if wanted.contains(places[index].id) {
                    removed.append(places[index])
                } else {
                    if kept != index { places.swapAt(kept, index) }
                    kept += 1
                }
            }
            return kept
        }
        contents.locations.removeLast(contents.locations.count - kept)
        let found = Set(removed.map(\.id))
        let vanished = ids.filter { !found.contains($0) }
        guard !removed.isEmpty else {
            contents.leavesFileAlone = true
            return Removal(removed: [], vanished: vanished)
        }
        for location in removed { contents.unknown[location.id] = nil }
        contents.isChanged = true
        return Removal(removed: removed, vanished: vanished)
    }

    /// Resolves every reference first and removes only when all are known, unambiguous and
    /// not current: the all-or-nothing batch removal of `rain locations remove`.
    public func resolveForRemoval(_ references: [String], in list: LocationList) throws(LocationsError) -> [Location] {
        try Self.resolveForRemoval(references, in: list)
    }

    static func resolveForRemoval(_ references: [String], in list: LocationList) throws(LocationsError) -> [Location] {
        let locations = try list.resolve(references)
        if let current = locations.first(where: list.isCurrent) { throw .removingCurrent(current) }
        return locations
    }

    /// Runs `body` on the saved places under the file's lock and saves what it leaves when
    /// that differs from the file: when it changed them, or when the file is not as rain
    /// writes it (unless `body` leaves the file alone). A file that cannot be read is never
    /// overwritten: the error is thrown before `body` runs.
    func change<Result>(_ body: (inout Contents) throws -> Result) throws -> Result {
        try file.update { bytes in
            // `rain locations remove` loads, asks, then removes: under the lock it mostly finds
            // the file as it loaded it, and what it loaded is what it would read.
            var contents = try lastLoad.take(ifStill: bytes) ?? contents(of: bytes)
            let result = try body(&contents)
            guard contents.isChanged || (!contents.isSavedForm && !contents.leavesFileAlone) else {
                return (result, nil)
            }
            // Written to the file as it is made: a large store is never in memory twice.
            return (result, { descriptor in
                var writer = JSONWriter(flushingTo: descriptor)
                contents.write(to: &writer)
                return writer.finish()
            })
        }
    }
}

/// The bytes `LocationsStore.load()` read last and what they held.
private final class LastLoad: Sendable {
    private let value = Mutex<(bytes: [UInt8], contents: LocationsStore.Contents)?>(nil)

    func keep(_ bytes: [UInt8], _ contents: LocationsStore.Contents) {
        value.withLock { $0 = (bytes, contents) }
    }

    /// What was loaded, when `bytes` are the bytes it was loaded from; given up either way, so
    /// that a change to it copies nothing.
    func take(ifStill bytes: [UInt8]?) -> LocationsStore.Contents? {
        guard let bytes, let last = value.withLock({ value in
            defer { value = nil }
            return value
        }) else { return nil }
        let isSame = bytes.count == last.bytes.count && (bytes.isEmpty || bytes.withUnsafeBytes { now in
            last.bytes.withUnsafeBytes { then in memcmp(now.baseAddress!, then.baseAddress!, now.count) == 0 }
        })
        return isSame ? last.contents : nil
    }
}
