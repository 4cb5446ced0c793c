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
            let openings = Self.openings
            var isFirst = true
            if let country = location.country {
                writer.open(openings.country, isFirst: &isFirst)
                writer.write(country)
            }
            writer.open(openings.id, isFirst: &isFirst)
            writer.write(location.id)
            writer.open(openings.latitude, isFirst: &isFirst)
            writer.write(location.coordinate.latitude)
            writer.open(openings.longitude, isFirst: &isFirst)
            writer.write(location.coordinate.longitude)
            writer.open(openings.name, isFirst: &isFirst)
            writer.write(location.name)
            if let region = location.region {
                writer.open(openings.region, isFirst: &isFirst)
                writer.write(region)
            }
            if let timezone = location.timeZone {
                writer.open(openings.timezone, isFirst: &isFirst)
                writer.write(timezone)
            }
            writer.close("}", depth: 2)
        }
        writer.close("]", depth: 1)
    }

    /// The openings of a place's members, at depth 3 (in the document, its list of places and
    /// the place).
    private static let openings = (
        country: JSONWriter.MemberOpening("country", depth: 3), id: JSONWriter.MemberOpening("id", depth: 3),
        latitude: JSONWriter.MemberOpening("latitude", depth: 3), longitude: JSONWriter.MemberOpening("longitude", depth: 3),
        name: JSONWriter.MemberOpening("name", depth: 3), region: JSONWriter.MemberOpening("region", depth: 3),
        timezone: JSONWriter.MemberOpening("timezone", depth: 3)
    )

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
