/// `rain locations --json`: an array of {id, name, latitude, longitude, current} in list order,
/// with `country`, `region` and `timezone` for places a lookup found.
public enum LocationsJSON {
    public static func render(_ list: LocationList) -> String {
        var writer = JSONWriter()
        writer.writeArray(list.locations, depth: 0) { writer, location in
            LocationFields.table.write(location, to: &writer, depth: 1, extra: ["current": .bool(list.isCurrent(location))])
        }
        return String(decoding: writer.finished(), as: UTF8.self)
    }
}
