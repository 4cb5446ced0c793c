import FoundationEssentials

/// A saved place. Its identity is `id`: two places with the same name and coordinates are two places.
public struct Location: Sendable, Hashable, Identifiable {
    public internal(set) var id: UUID
    public var name: String
    public var coordinate: Coordinate
    /// What a name lookup said about the place; nil for places saved with bare coordinates.
    public var country: String?
    /// The first-level division (state, region, Land).
    public var region: String?
    /// IANA time zone, e.g. "Europe/Berlin".
    public var timeZone: String?

    public init(id: UUID = UUID(), name: String, coordinate: Coordinate,
                country: String? = nil, region: String? = nil, timeZone: String? = nil) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.country = country
        self.region = region
        self.timeZone = timeZone
    }

    /// "Paris, Texas, United States": the name with the region and country a lookup gave it.
    public var displayName: String { Self.joined([name, region, country]) }

    /// The parts that are there, in order, with ", " between them: "Land Berlin, Germany".
    package static func joined(_ parts: [String?]) -> String {
        parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// The first eight hex digits of the ID, lower-case, as lists show it.
    public var shortID: String { id.lowercasedString(digits: 8) }

    /// The full ID, lower-case.
    public var idString: String { id.lowercasedString() }
}
