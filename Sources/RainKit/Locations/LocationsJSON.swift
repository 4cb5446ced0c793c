/// `rain locations --json`: an array of {id, name, latitude, longitude, current} in list order,
/// with `country`, `region` and `timezone` for places a lookup found.
public enum LocationsJSON {
    public static func render(_ list: LocationList) -> String {
        JSONValue.array(list.locations.map { location in
            var members: [String: JSONValue] = [
                "id": .string(location.idString),
                "name": .string(location.name),
                "latitude": .number(location.coordinate.latitude),
                "longitude": .number(location.coordinate.longitude),
                "current": .bool(list.isCurrent(location)),
            ]
            for (key, value) in [("country", location.country), ("region", location.region), ("timezone", location.timeZone)] {
                if let value { members[key] = .string(value) }
            }
            return .object(members)
        }).serialized()
    }
}
