import FoundationEssentials

/// The saved places in their order, and which one is current.
public struct LocationList: Sendable, Equatable {
    public var locations: [Location]
    public var currentID: UUID?

    public init(locations: [Location] = [], currentID: UUID? = nil) {
        self.locations = locations
        self.currentID = currentID
    }

    /// The current location, when one is selected and still saved.
    public var current: Location? {
        guard let currentID else { return nil }
        return locations.first { $0.id == currentID }
    }

    public func isCurrent(_ location: Location) -> Bool { location.id == currentID }

    /// Finds the place a LOC means: a full ID, the 1-based number of the list, a unique ID prefix
    /// of 4+ characters, or a name (case-insensitive). A LOC that means different places in two
    /// of these ways (a place named "2", a name that is also an ID prefix), or a name several
    /// places share, is ambiguous. A LOC in plain ASCII that names no place exactly also matches
    /// names without their accents ("zurich" is "Zürich"), as an ASCII terminal shows them.
    public func resolve(_ reference: String) throws(LocationsError) -> Location {
        try resolve([reference])[0]
    }

    /// Resolves every reference, all or none, each place once in the order first named.
    public func resolve(_ references: [String]) throws(LocationsError) -> [Location] {
        var result: [Location] = []
        var seen = Set<Location>()
        for match in matches(for: references) {
            let location: Location
            do {
                location = try match.get()
            } catch {
                throw withNearestName(error)
            }
            if seen.insert(location).inserted { result.append(location) }
        }
        return result
    }

    /// `error`, naming the saved place a LOC that names none is a letter or two from ("Pariss":
    /// Paris), or the one it is the start of, but for its last letter or two ("Berl": Berlin); not
    /// for a LOC of one or two characters, which is one edit from too much. Found only for the
    /// one error shown, not for every LOC of a batch.
    private func withNearestName(_ error: LocationsError) -> LocationsError {
        guard case .unknown(let reference, nil) = error, reference.trimmingSpaces.count >= 3 else { return error }
        var names = Set<String>()
        let candidates = locations.map(\.name).filter { names.insert($0).inserted }
        let typed = reference.trimmingSpaces, typedLowercased = typed.lowercased()
        let nearest = closestMatch(to: typed, among: candidates, strictly: true, atMost: 2) ?? {
            let cut = candidates.filter { $0.count - typed.count <= 2 && $0.lowercased().hasPrefix(typedLowercased) }
            return Set(cut.map { $0.lowercased() }).count == 1 ? cut.first : nil
        }()
        return .unknown(reference: reference, nearest: nearest)
    }
}
