import FoundationEssentials

/// A saved place's fields, declared once: the store (`defaults.json`), `rain locations
/// --json` and the place a cached forecast is for (its identity only).
enum LocationFields {
    static let identity: [JSONField<Location>] = [
        JSONField("id", .id({ $0.id }, { $0.id = $1 })),
        JSONField("name", .name({ $0.name }, { $0.name = $1 })),
        JSONField("latitude", .coordinate({ $0.coordinate.latitude }, { $0.coordinate.latitude = $1 })),
        JSONField("longitude", .coordinate({ $0.coordinate.longitude }, { $0.coordinate.longitude = $1 })),
    ]

    static let all: [JSONField<Location>] = identity + [
        JSONField("country", .text({ $0.country }, { $0.country = $1 })),
        JSONField("region", .text({ $0.region }, { $0.region = $1 })),
        JSONField("timezone", .text({ $0.timeZone }, { $0.timeZone = $1 })),
        JSONField("alias", .text({ $0.alias }, { $0.alias = $1 })),
    ]

    static let table = JSONFields(all, naming: .rain)

    /// What a place is read into.
    static var blank: Location { Location(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), name: "", coordinate: Coordinate(latitude: 0, longitude: 0)) }
}
