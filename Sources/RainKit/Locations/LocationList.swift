import Foundation

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
    /// of 4+ characters, or a name (case-insensitive). A prefix and a name that point at
    /// different places, or a name several places share, is ambiguous.
    public func resolve(_ reference: String) throws(LocationsError) -> Location {
        let needle = reference.trimmingCharacters(in: .whitespaces).lowercased()
        guard !needle.isEmpty else { throw .unknown(reference: reference) }
        if let exact = locations.first(where: { $0.idString == needle }) {
            return exact
        }
        if let number = Int(needle), needle.allSatisfy(\.isASCII), (1...locations.count).contains(number) {
            return locations[number - 1]
        }
        var matches: [Location] = []
        if needle.count >= 4 {
            matches += locations.filter { $0.idString.hasPrefix(needle) }
        }
        for location in locations where location.name.lowercased() == needle && !matches.contains(location) {
            matches.append(location)
        }
        switch matches.count {
        case 0: throw .unknown(reference: reference)
        case 1: return matches[0]
        default: throw .ambiguous(reference: reference, candidates: matches)
        }
    }
}
