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
        let needle = reference.trimmingSpaces.lowercased()
        guard !needle.isEmpty else { throw .unknown(reference: reference) }
        // Only a full ID in its canonical form can be some place's `idString`.
        if let id = UUID(canonical: needle), let exact = locations.first(where: { $0.id == id }) {
            return exact
        }
        var matches: [Location] = []
        if let number = Int(needle), needle.allSatisfy(\.isASCII), number >= 1, number <= locations.count {
            matches.append(locations[number - 1])
        }
        if needle.count >= 4 {
            matches += locations.filter { $0.idString.hasPrefix(needle) && !matches.contains($0) }
        }
        var named = locations.filter { $0.name.lowercased() == needle }
        if named.isEmpty, needle.allSatisfy(\.isASCII) {
            named = locations.filter { Self.withoutAccents($0.name.lowercased()) == needle }
        }
        matches += named.filter { !matches.contains($0) }
        switch matches.count {
        case 0: throw .unknown(reference: reference)
        case 1: return matches[0]
        default: throw .ambiguous(reference: reference, candidates: matches)
        }
    }

    /// nil when a character has no ASCII form, so such a name matches no ASCII LOC.
    private static func withoutAccents(_ name: String) -> String? {
        var folded = ""
        for character in name {
            guard let ascii = character.foldedToASCII else { return nil }
            folded += ascii
        }
        return folded
    }

    /// Resolves every reference, all or none, each place once in the order first named.
    public func resolve(_ references: [String]) throws(LocationsError) -> [Location] {
        var result: [Location] = []
        for reference in references {
            let location = try resolve(reference)
            if !result.contains(location) { result.append(location) }
        }
        return result
    }
}
