/// Renaming and reordering saved places: each a read-modify-write under the file's lock, the
/// LOC resolved against the places as they are then.
extension LocationsStore {
    /// What renaming a place did.
    public struct Renaming: Sendable {
        /// The place as it was before.
        public var before: Location
        /// The place with its new name (the same ID).
        public var after: Location
        /// Whether the name was the same already (nothing saved).
        public var isUnchanged: Bool { before.name == after.name }
    }

    /// Gives the place `reference` means the name `newName` (checked as a new place's name is).
    /// Another saved place already called that (letter case aside) is refused: the name would
    /// no longer say which place is meant.
    public func rename(_ reference: String, to newName: String) throws -> Renaming {
        let name = try LocationValidation.validNewName(newName)
        return try change { contents in
            guard !contents.locations.isEmpty else { throw LocationsError.noLocations }
            let location = try contents.list.resolve(reference)
            let lowercased = name.lowercased()
            if let other = contents.locations.first(where: { $0.id != location.id && $0.name.lowercased() == lowercased }) {
                throw LocationsError.nameTaken(name: name, by: other)
            }
            try LocationValidation.checkNameIsNoReference(name, among: contents.locations.filter { $0.id != location.id })
            guard let index = contents.locations.firstIndex(where: { $0.id == location.id }) else {
                throw LocationsError.unknown(reference: reference)
            }
            var renamed = location
            renamed.name = name
            if location.name != name {
                contents.locations[index] = renamed
                contents.isChanged = true
            }
            return Renaming(before: location, after: renamed)
        }
    }

    /// What moving a place did.
    public struct Move: Sendable {
        public var location: Location
        /// 1-based, as `rain locations` numbers the places.
        public var from: Int
        public var to: Int
    }

    /// Moves the place `reference` means to `position` (1-based) in the list, the places between
    /// shifting by one. A position beyond the list is refused.
    public func move(_ reference: String, to position: Int) throws -> Move {
        try change { contents in
            guard !contents.locations.isEmpty else { throw LocationsError.noLocations }
            let location = try contents.list.resolve(reference)
            guard (1...contents.locations.count).contains(position) else {
                throw LocationsError.positionOutOfRange(position, count: contents.locations.count)
            }
            guard let index = contents.locations.firstIndex(where: { $0.id == location.id }) else {
                throw LocationsError.unknown(reference: reference)
            }
            if index != position - 1 {
                let moved = contents.locations.remove(at: index)
                contents.locations.insert(moved, at: position - 1)
                contents.isChanged = true
            }
            return Move(location: location, from: index + 1, to: position)
        }
    }
}
