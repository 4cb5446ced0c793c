import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// A store of thousands of places is read straight into places and written straight from them
/// (issue 9): that must keep every member, write the same document the general JSON path
/// writes, and read every file exactly as the general path reads it.
@Suite struct LargeStoreTests {
    private func store(in folder: String) -> LocationsStore {
        LocationsStore(file: DefaultsFile(path: folder + "/defaults.json", lockTimeout: .seconds(5)))
    }

    private func id(_ number: Int) -> String {
        "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - String(number).count) + String(number)
    }

    /// A store as `make bench` makes it, written compactly on one line, with members rain does
    /// not know on every 100th place and beside the places.
    private func largeStore(_ count: Int) -> String {
        let places = (1...count).map { number in
            "{\"id\": \"\(id(number))\", \"name\": \"Place \(number)\", \"latitude\": \(number % 80).5, \"longitude\": 10.25"
                + (number % 100 == 0 ? ", \"note\": {\"by\": \"hand\", \"tags\": [\(number), \"x\\u00e9\"]}" : "")
                + (number % 7 == 0 ? ", \"country\": \"DE\", \"region\": \"Bayern\", \"timezone\": \"Europe/Berlin\"" : "") + "}"
        }
        return "{\"locations\": [\(places.joined(separator: ","))], \"current_location_id\": \"\(id(1))\", \"theme\": {\"dark\": true}}\n"
    }

    /// The file as the general JSON path would write its document: the same bytes.
    private func expectWrittenAsJSONValueWritesIt(_ path: String) throws {
        let bytes = try #require(fileBytes(path))
        #expect(try JSONValue.parse(bytes).serializedBytes() == bytes)
    }

    @Test func tenThousandPlacesKeepEveryMemberThroughAddRemoveAndSelect() async throws {
        try await withTemporaryDirectory { folder throws in
            let path = folder + "/defaults.json"
            writeFile(path, largeStore(10_000))
            let original = try JSONValue.parse(try #require(fileBytes(path)))
            let store = store(in: folder)
            let added = try store.add(name: "Extra", coordinate: Coordinate(latitude: 1, longitude: 2)).location
            try expectWrittenAsJSONValueWritesIt(path)
            let removal = try store.remove(ids: (2...101).map { UUID(uuidString: id($0))! })
            #expect(removal.removed.count == 100)
            try store.select(id(10_000))
            try expectWrittenAsJSONValueWritesIt(path)

            let list = try store.load()
            #expect(list.locations.count == 10_000 - 100 + 1)
            #expect(list.current?.idString == id(10_000))
            #expect(list.locations.last == added)
            guard case .object(let saved) = try JSONValue.parse(try #require(fileBytes(path))),
                  case .object(let before) = original,
                  case .array(let places)? = saved["locations"], case .array(let originalPlaces)? = before["locations"] else {
                Issue.record("unexpected shape")
                return
            }
            #expect(saved["theme"] == before["theme"])
            // Every place kept is saved as it was read, members rain does not know included.
            #expect(Array(places.dropLast()) == [originalPlaces[0]] + originalPlaces[101...])
        }
    }

    /// Documents of every shape: what the store reads is what the document's tree holds (the
    /// places' IDs, names trimmed, coordinates and other members, the rest kept as it is), and
    /// what it writes back reads the same; anything else is a DefaultsFileError naming it.
    @Test(arguments: [
        #"{"locations": []}"#,
        #"{"locations": [], "current_location_id": null}"#,
        #"{"current_location_id": "00000000-0000-4000-8000-000000000001", "locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-00000000000A", "name": "Upper", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "  Padded ", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "Null", "latitude": 1, "longitude": 2, "country": null}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "Odd", "latitude": 1, "longitude": 2, "\u0063ountry": "DE", "x": [1, {"y": null}]}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "Twice", "latitude": 1, "longitude": 2, "name": "B"}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "latitude": 1, "longitude": 2}, {"id": "00000000-0000-4000-8000-000000000001", "name": "B", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "Far", "latitude": 91, "longitude": 2}]}"#,
        #"{"locations": [{"id": "{00000000-0000-4000-8000-000000000001}", "name": "Braces", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "latitude": "1", "longitude": 2}]}"#,
        #"{"locations": [{"name": "No ID", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "Dangling", "latitude": 1, "longitude": 2}], "current_location_id": "00000000-0000-4000-8000-000000000002"}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "Loud", "latitude": 1, "longitude": 2}], "current_location_id": "00000000-0000-4000-8000-00000000000A"}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "latitude": 1, "longitude": 2}], "current_location_id": 7}"#,
        #"{"locations": {"id": 1}}"#,
        #"{"locations": [1, 2]}"#,
        #"{"locations": [], "locations": []}"#,
        #"{"other": 1}"#,
        #"{}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "latitude": 1, "longitude": 2},]}"#,
        "{\"locations\": [{\"id\": \"00000000-0000-4000-8000-000000000001\", \"name\": \"Tab\tin name\", \"latitude\": 1, \"longitude\": 2}]}",
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "\u001b[31mred", "latitude": 1, "longitude": 2}]}"#,
        "{\"locations\": [{\"id\": \"00000000-0000-4000-8000-000000000001\", \"name\": \"Del\u{7F}ete\", \"latitude\": 1, \"longitude\": 2}]}",
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "latitude": 1e400, "longitude": 2}]}"#,
        #"{"locations": []} trailing"#,
        // Keys that start as the keys of a place do, of their length or longer: unknown members.
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "nick": "N", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "latitudes": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "latitude": 1, "longitudes": 2}]}"#,
        #"{"locations": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "latitude": 1, "longitudx": 2}]}"#,
        #"{"locations": [{"idx": "00000000-0000-4000-8000-000000000002", "id": "00000000-0000-4000-8000-000000000001", "name": "A", "nams": "B", "latitudes": 5, "longitude": 2, "latitude": 1, "longitudx": 3, "countr": "x", "countryside": "y", "regions": "z", "timezonf": "w", "timezone": "Europe/Berlin"}]}"#,
        "\u{FEFF}{\"locations\": []}",
        "[]",
    ])
    func theStoreReadsWhatTheTreeHolds(_ document: String) async throws {
        let store = LocationsStore(file: DefaultsFile(path: "/nonexistent/defaults.json"))
        let bytes = Array(document.utf8)
        let contents: LocationsStore.Contents
        do {
            contents = try store.contents(of: bytes)
        } catch {
            #expect(throws: DefaultsFileError.self) { try store.list(decoding: bytes) }
            return
        }
        guard case .object(var tree) = try JSONValue.parse(bytes) else { Issue.record("not an object"); return }
        var places: [JSONValue] = []
        if case .array(let items)? = tree.removeValue(forKey: "locations") { places = items }
        tree["current_location_id"] = nil
        #expect(contents.others == tree)
        #expect(contents.locations.count == places.count)
        let known: Set<String> = ["id", "name", "latitude", "longitude", "country", "region", "timezone"]
        for (location, place) in zip(contents.locations, places) {
            guard case .object(let members) = place, case .string(let id)? = members["id"], case .string(let name)? = members["name"],
                  case .number(let latitude)? = members["latitude"], case .number(let longitude)? = members["longitude"] else {
                Issue.record("read a place the tree does not hold: \(place)")
                continue
            }
            #expect(location.id == UUID(uuidString: id.trimmingCharacters(in: ["{", "}"])))
            #expect(location.name == name.trimmingCharacters(in: .whitespaces))
            #expect(location.coordinate == Coordinate(latitude: latitude, longitude: longitude))
            if case .string(let country)? = members["country"] { #expect(location.country == country) } else { #expect(location.country == nil) }
            #expect((contents.unknown[location.id] ?? [:]) == members.filter { !known.contains($0.key) })
        }
        let rewritten = contents.serialized()
        let again = try store.contents(of: rewritten)
        #expect(again.list.locations.elementsEqual(contents.list.locations) { $0 == $1 && $0.hasSameContent(as: $1) })
        #expect(again.currentID == contents.current?.id, "a current ID that is not saved is not written")
        #expect(again.isSavedForm)
        #expect(again.serialized() == rewritten)
    }

    @Test func theFilesRainWritesAreInTheirSavedForm() throws {
        let store = LocationsStore(file: DefaultsFile(path: "/nonexistent/defaults.json"))
        let bytes = Array(largeStore(500).utf8)
        let contents = try store.contents(of: bytes)
        #expect(contents.locations.count == 500)
        let rewritten = contents.serialized()
        #expect(try store.contents(of: rewritten).isSavedForm)
        #expect(try JSONValue.parse(rewritten).serializedBytes() == rewritten)
    }

    private func inode(_ path: String) throws -> UInt64 {
        var info = stat()
        try #require(stat(path, &info) == 0)
        return UInt64(info.st_ino)
    }

    /// A change that changes nothing writes nothing, unless the file holds something rain
    /// writes differently (an upper-case ID): then it is written as rain writes it, as before.
    @Test func aFileIsWrittenOnlyWhenItWouldChange() async throws {
        try await withTemporaryDirectory { folder throws in
            let path = folder + "/defaults.json"
            let store = store(in: folder)
            writeFile(path, largeStore(300))
            try store.select(id(1))  // already current: nothing changes, even in a file written by hand
            let handWritten = try inode(path)
            try store.select(id(2))
            let written = try inode(path)
            #expect(written != handWritten)
            try expectWrittenAsJSONValueWritesIt(path)
            try store.select(id(2))
            _ = try store.remove(ids: [UUID()])
            #expect(try inode(path) == written)

            let loud = "ABCDEF00-0000-4000-8000-000000000002"
            writeFile(path, largeStore(3).replacingOccurrences(of: id(2), with: loud))
            let uppercase = try inode(path)
            _ = try store.remove(ids: [UUID()])  // removes nothing: the file stays as it is
            #expect(try inode(path) == uppercase)
            try store.select(id(1))
            #expect(try inode(path) != uppercase)
            #expect(String(decoding: try #require(fileBytes(path)), as: UTF8.self).contains(loud.lowercased()))
        }
    }
}
