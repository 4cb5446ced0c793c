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
        var isFirst = true
        for key in keys {
            writer.openMember(key, isFirst: &isFirst, depth: 1)
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
        writer.writeArray(locations, depth: 1) { writer, location in
            LocationFields.table.write(location, to: &writer, depth: 2, extra: unknown.isEmpty ? [:] : unknown[location.id] ?? [:])
        }
    }
}
