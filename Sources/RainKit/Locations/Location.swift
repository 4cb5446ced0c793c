import FoundationEssentials

/// A saved place. Its identity is `id`: two places with the same name and coordinates are two
/// places, and a renamed place is still itself (`==` and the hash compare the ID alone; what a
/// place says is compared with `hasSameContent(as:)`).
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
    /// The word the place was looked up by, where the geocoder named it otherwise (in the
    /// user's language: "Tokyo" for a place saved as "東京"): a LOC finds the place by it too.
    public var alias: String?

    public init(id: UUID = UUID(), name: String, coordinate: Coordinate,
                country: String? = nil, region: String? = nil, timeZone: String? = nil, alias: String? = nil) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.country = country
        self.region = region
        self.timeZone = timeZone
        self.alias = alias
    }

    public static func == (lhs: Location, rhs: Location) -> Bool { lhs.id == rhs.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Whether the two say the same: name, coordinates, country, region, zone and alias (IDs aside).
    public func hasSameContent(as other: Location) -> Bool {
        name == other.name && coordinate == other.coordinate && country == other.country
            && region == other.region && timeZone == other.timeZone && alias == other.alias
    }

    /// Whether `other` is this place saved again: the same name (letter case aside; a name or
    /// the word it was looked up by) within `sameness` metres, which one geocoder result added
    /// twice (in two languages too), or a name typed twice, are; with `lookedUp` (`other` is a
    /// geocoder's answer by name) also a place a lookup found at its point, whatever the names
    /// (Munich, then München).
    public func isSamePlace(as other: Location, within sameness: Double = 1000, lookedUp: Bool = false) -> Bool {
        // No path between two points is shorter than their difference in latitude: that rules
        // out nearly every place before any trigonometry or a lower-cased name is made.
        guard abs(other.coordinate.latitude - coordinate.latitude) * .pi / 180 * Coordinate.earthRadius <= sameness,
              coordinate.distance(to: other.coordinate) <= sameness else { return false }
        // The same geocoder result in another language (Munich, then München): two places a
        // lookup found (both have a country, in their languages) at one point.
        if lookedUp, country != nil, other.country != nil, coordinate.distance(to: other.coordinate) <= Self.sameGeocoderPoint { return true }
        let names = Set([name, alias].compactMap { $0.map(LocationValidation.matchingForm) })
        return [other.name, other.alias].contains { $0.map { names.contains(LocationValidation.matchingForm($0)) } == true }
    }

    /// How far apart, in metres, two places a lookup found may be and still be one geocoder
    /// entry (its coordinates are given to a few decimals).
    static let sameGeocoderPoint = 20.0

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
