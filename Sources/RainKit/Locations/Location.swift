import Foundation

/// A saved place. Its identity is `id`: two places with the same name and coordinates are two places.
public struct Location: Sendable, Hashable, Codable, Identifiable {
    public let id: UUID
    public var name: String
    public var coordinate: Coordinate

    public init(id: UUID = UUID(), name: String, coordinate: Coordinate) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
    }

    /// The first eight hex digits of the ID, lower-case, as lists show it.
    public var shortID: String { String(idString.prefix(8)) }

    /// The full ID, lower-case.
    public var idString: String { id.uuidString.lowercased() }
}
