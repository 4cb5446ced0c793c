extension LocationsStore.Contents {
    /// The document these contents are saved as: exactly `JSONValue.serialized()` of the
    /// object of the other members, `locations` and `current_location_id` (when a saved place
    /// is current), written straight from the places.
    func serialized() -> [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.finished()
    }

    /// Writes `serialized()` to `writer` (all but the final newline).
    func write(to writer: inout JSONWriter) {
        let current = current
        var keys = Array(others.keys) + [LocationsStore.locationsKey]
        if current != nil { keys.append(LocationsStore.currentKey) }
        keys.sort()
        for (index, key) in keys.enumerated() {
            writer.openMember(key, isFirst: index == 0, depth: 1)
            if key == LocationsStore.locationsKey {
                writeEntries(to: &writer)
            } else if key == LocationsStore.currentKey, let current {
                writer.write(current.id)
            } else if let value = others[key] {
                writer.write(value, depth: 1)
            }
        }
        writer.close("}", depth: 0)
    }

    /// The array of places at depth 1, each an object at depth 2.
    private func writeEntries(to writer: inout JSONWriter) {
        guard !locations.isEmpty else { return writer.write(.array([]), depth: 1) }
        for (index, location) in locations.enumerated() {
            writer.openElement(isFirst: index == 0, depth: 2)
            if !unknown.isEmpty, let unknown = unknown[location.id] {
                writer.write(.object(Self.members(of: location).merging(unknown) { known, _ in known }), depth: 2)
                continue
            }
            // The members in the order of their keys, as a JSON object of them is written.
            var isFirst = true
            if let country = location.country {
                writer.openMember("country", isFirst: &isFirst, depth: 3)
                writer.write(country)
            }
            writer.openMember("id", isFirst: &isFirst, depth: 3)
            writer.write(location.id)
            writer.openMember("latitude", isFirst: &isFirst, depth: 3)
            writer.write(location.coordinate.latitude)
            writer.openMember("longitude", isFirst: &isFirst, depth: 3)
            writer.write(location.coordinate.longitude)
            writer.openMember("name", isFirst: &isFirst, depth: 3)
            writer.write(location.name)
            if let region = location.region {
                writer.openMember("region", isFirst: &isFirst, depth: 3)
                writer.write(region)
            }
            if let timezone = location.timeZone {
                writer.openMember("timezone", isFirst: &isFirst, depth: 3)
                writer.write(timezone)
            }
            writer.close("}", depth: 2)
        }
        writer.close("]", depth: 1)
    }

    /// The members rain writes for a place.
    static func members(of location: Location) -> [String: JSONValue] {
        var members: [String: JSONValue] = [
            "id": .string(location.idString), "name": .string(location.name),
            "latitude": .number(location.coordinate.latitude), "longitude": .number(location.coordinate.longitude),
        ]
        members["country"] = location.country.map(JSONValue.string)
        members["region"] = location.region.map(JSONValue.string)
        members["timezone"] = location.timeZone.map(JSONValue.string)
        return members
    }
}
