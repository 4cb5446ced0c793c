/// `rain locations --json`: an array of {id, name, latitude, longitude, current} in list order.
public enum LocationsJSON {
    public static func render(_ list: LocationList) -> String {
        JSONValue.array(list.locations.map { location in
            .object([
                "id": .string(location.idString),
                "name": .string(location.name),
                "latitude": .number(location.coordinate.latitude),
                "longitude": .number(location.coordinate.longitude),
                "current": .bool(list.isCurrent(location)),
            ])
        }).serialized()
    }
}
