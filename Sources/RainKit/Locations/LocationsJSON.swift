/// `rain locations --json`: an array of {id, name, latitude, longitude, current} in list order,
/// with `country`, `region` and `timezone` for places a lookup found.
public enum LocationsJSON {
    public static func render(_ list: LocationList) -> String {
        var writer = JSONWriter()
        guard !list.locations.isEmpty else {
            writer.write(.array([]), depth: 0)
            return String(decoding: writer.finished(), as: UTF8.self)
        }
        for (index, location) in list.locations.enumerated() {
            writer.openElement(isFirst: index == 0, depth: 1)
            LocationFields.table.write(location, to: &writer, depth: 1, extra: ["current": .bool(list.isCurrent(location))])
        }
        writer.close("]", depth: 0)
        return String(decoding: writer.finished(), as: UTF8.self)
    }
}
