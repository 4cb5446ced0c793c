import FoundationEssentials

/// A saved place's fields, declared once: the store (`defaults.json`), `rain locations
/// --json` and the place a cached forecast is for (its identity only).
enum LocationFields {
    static let identity: [JSONField<Location>] = [
        JSONField("id", .id(\.id)),
        JSONField("name", .name(\.name)),
        JSONField("latitude", .coordinate(\.coordinate.latitude)),
        JSONField("longitude", .coordinate(\.coordinate.longitude)),
    ]

    static let all: [JSONField<Location>] = identity + [
        JSONField("country", .text(\.country)),
        JSONField("region", .text(\.region)),
        JSONField("timezone", .text(\.timeZone)),
    ]

    static let table = JSONFields(all, naming: .rain)

    /// What a place is read into.
    static var blank: Location { Location(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), name: "", coordinate: Coordinate(latitude: 0, longitude: 0)) }
}
