import Foundation
import RainKit
import RainTestSupport
import Testing

@Suite struct LocationsStoreTests {
    private func store(in folder: String) -> LocationsStore {
        LocationsStore(file: DefaultsFile(path: folder + "/defaults.json", lockTimeout: .milliseconds(200)))
    }

    private let berlin = Coordinate(latitude: 52.52, longitude: 13.405)

    @Test func theFirstPlaceAddedBecomesCurrent() async throws {
        try await withTemporaryDirectory { folder in
            let store = store(in: folder)
            let first = try store.add(name: "Berlin", coordinate: berlin)
            let second = try store.add(name: "Tokyo", coordinate: Coordinate(latitude: 35.7, longitude: 139.7))
            #expect(first.isCurrent)
            #expect(!second.isCurrent)
            let list = try store.load()
            #expect(list.locations.map(\.name) == ["Berlin", "Tokyo"])
            #expect(list.current?.id == first.location.id)
        }
    }

    @Test func addWithSelectMakesTheNewPlaceCurrent() async throws {
        try await withTemporaryDirectory { folder in
            let store = store(in: folder)
            _ = try store.add(name: "Berlin", coordinate: berlin)
            let tokyo = try store.add(name: "Tokyo", coordinate: berlin, select: true)
            #expect(try store.load().current?.id == tokyo.location.id)
        }
    }

    @Test func samePlaceTwiceIsTwoPlacesWithTheirOwnIdentity() async throws {
        try await withTemporaryDirectory { folder in
            let store = store(in: folder)
            let current = try store.add(name: "Home", coordinate: berlin).location
            let one = try store.add(name: "Twin", coordinate: berlin).location
            let other = try store.add(name: "Twin", coordinate: berlin).location
            #expect(one.id != other.id)
            #expect(throws: LocationsError.self) { try store.load().resolve("twin") }
            let removal = try store.remove(ids: [one.id])
            #expect(removal.removed == [one])
            let list = try store.load()
            #expect(list.locations == [current, other])
            // Selecting by ID picks exactly that one even though another has the same coordinates.
            try store.select(other.idString)
            #expect(try store.load().current == other)
            #expect(try store.load().isCurrent(current) == false)
        }
    }

    @Test func theCurrentLocationIsNeverRemovedAndNothingElseGoesWithIt() async throws {
        try await withTemporaryDirectory { folder in
            let store = store(in: folder)
            let current = try store.add(name: "Berlin", coordinate: berlin).location
            let other = try store.add(name: "Oslo", coordinate: berlin).location
            let before = fileBytes(folder + "/defaults.json")
            #expect(throws: LocationsError.removingCurrent(current)) {
                try store.remove(ids: [other.id, current.id])
            }
            #expect(fileBytes(folder + "/defaults.json") == before)
            let list = try store.load()
            #expect(throws: LocationsError.removingCurrent(current)) {
                try store.resolveForRemoval(["oslo", "berlin"], in: list)
            }
        }
    }

    @Test func batchResolutionIsAllOrNothing() async throws {
        try await withTemporaryDirectory { folder in
            let store = store(in: folder)
            _ = try store.add(name: "Berlin", coordinate: berlin)
            _ = try store.add(name: "Oslo", coordinate: berlin)
            let list = try store.load()
            #expect(throws: LocationsError.unknown(reference: "Lima")) {
                try store.resolveForRemoval(["Oslo", "Lima"], in: list)
            }
        }
    }

    /// `remove --yes`: resolved under the lock against the file as it is, all or nothing.
    @Test func removingByReferenceResolvesUnderTheLockAllOrNothing() async throws {
        try await withTemporaryDirectory { folder in
            let store = store(in: folder)
            let current = try store.add(name: "Berlin", coordinate: berlin).location
            let oslo = try store.add(name: "Oslo", coordinate: berlin).location
            let lima = try store.add(name: "Lima", coordinate: berlin).location
            _ = try store.add(name: "Quito", coordinate: berlin)
            let before = fileBytes(folder + "/defaults.json")
            for (references, error) in [
                (["oslo", "Nowhere"], LocationsError.unknown(reference: "Nowhere")),
                (["2", "berlin"], LocationsError.removingCurrent(current)),
            ] {
                #expect(throws: error) { try store.remove(resolving: references) }
                #expect(fileBytes(folder + "/defaults.json") == before, "\(references)")
            }
            var seen: [String] = []
            let removal = try store.remove(resolving: ["3", String(oslo.id.uuidString.prefix(8)).lowercased(), "LIMA"]) { list in
                seen = list.locations.map(\.name)
            }
            #expect(seen == ["Berlin", "Oslo", "Lima", "Quito"], "the places as read, before the change")
            #expect(removal.removed == [oslo, lima] && removal.vanished.isEmpty)
            #expect(try store.load().locations.map(\.name) == ["Berlin", "Quito"])
        }
    }

    @Test func removingByReferenceWithNothingSavedMakesNoFile() async throws {
        await withTemporaryDirectory { folder in
            let home = folder + "/home"
            let store = LocationsStore(file: DefaultsFile(path: home + "/defaults.json"))
            #expect(throws: LocationsError.self) { try store.remove(resolving: ["berlin"]) }
            #expect(!FileManager.default.fileExists(atPath: home), "neither the folder nor a lock file")
        }
    }

    @Test func removingPlacesThatVanishedMeanwhileReportsThemAndResurrectsNothing() async throws {
        try await withTemporaryDirectory { folder in
            let store = store(in: folder)
            _ = try store.add(name: "Berlin", coordinate: berlin)
            let oslo = try store.add(name: "Oslo", coordinate: berlin).location
            let lima = try store.add(name: "Lima", coordinate: berlin).location
            _ = try store.remove(ids: [lima.id])  // "another process"
            let removal = try store.remove(ids: [oslo.id, lima.id])
            #expect(removal.removed == [oslo])
            #expect(removal.vanished == [lima.id])
            #expect(try store.load().locations.map(\.name) == ["Berlin"])
        }
    }

    @Test func unknownKeysSurviveASave() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/defaults.json"
            writeFile(path, #"{"theme": "dark", "nested": {"a": [1, 2.5, null, true]}, "locations": []}"#)
            _ = try store(in: folder).add(name: "Berlin", coordinate: berlin)
            guard case .object(let document) = try JSONValue.parse(Array(try #require(FileManager.default.contents(atPath: path)))) else {
                Issue.record("defaults.json is no longer an object")
                return
            }
            #expect(document["theme"] == .string("dark"))
            #expect(document["nested"] == .object(["a": .array([.number(1), .number(2.5), .null, .bool(true)])]))
            #expect(try store(in: folder).load().locations.map(\.name) == ["Berlin"])
        }
    }

    @Test func theStoreFileIsPrivateToItsOwner() async throws {
        try await withTemporaryDirectory { folder in
            _ = try store(in: folder).add(name: "Berlin", coordinate: berlin)
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/defaults.json")
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            // No temporary files are left behind.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["defaults.json", "defaults.json.lock"])
        }
    }

    struct CorruptStore: Sendable, CustomTestStringConvertible {
        var contents: String
        var reason: String
        var testDescription: String { reason }
    }

    @Test(arguments: [
        CorruptStore(contents: "", reason: "the file is empty"),
        CorruptStore(contents: "{\"locations\": [", reason: "not valid JSON: line 1, column 16:\nthe document ends"),
        CorruptStore(contents: "[]", reason: "top level"),
        CorruptStore(contents: #"{"locations": {"a": 1}}"#, reason: "locations"),
        CorruptStore(contents: #"{"locations": [{"id": "x", "name": "A", "latitude": 1, "longitude": 2}]}"#, reason: "locations[0].id: expected a UUID, found \"x\""),
        CorruptStore(contents: #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": "A", "latitude": "north", "longitude": 2}]}"#, reason: "latitude"),
        CorruptStore(contents: #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": "A", "latitude": 100, "longitude": 2}]}"#, reason: "out of range"),
        CorruptStore(contents: #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": "A", "latitude": 1}]}"#, reason: "locations[0]: missing \"longitude\""),
        CorruptStore(contents: #"{"current_location_id": 7}"#, reason: "current_location_id"),
    ])
    func aStoreThatCannotBeParsedIsNeverOverwritten(_ corrupt: CorruptStore) async throws {
        await withTemporaryDirectory { folder in
            let path = folder + "/defaults.json"
            writeFile(path, corrupt.contents)
            let store = store(in: folder)
            let error = #expect(throws: DefaultsFileError.self) {
                _ = try store.add(name: "Berlin", coordinate: berlin)
            }
            #expect(error?.description.contains(path) == true)
            #expect(error?.description.contains(corrupt.reason) == true, "\(String(describing: error))")
            #expect(throws: DefaultsFileError.self) { try store.load() }
            #expect(fileBytes(path) == Array(corrupt.contents.utf8))
        }
    }

    @Test func aHeldLockMakesAChangeFailAsBusyWithoutTouchingTheFile() async throws {
        try await withTemporaryDirectory { folder in
            let store = store(in: folder)
            _ = try store.add(name: "Berlin", coordinate: berlin)
            let before = fileBytes(folder + "/defaults.json")
            let lock = try FileLock.acquire(folder + "/defaults.json.lock", timeout: .zero)
            // flock locks belong to the open file description, so a second open in this
            // process contends with the first exactly as another process would.
            #expect(throws: DefaultsFileError.busy(path: folder + "/defaults.json")) {
                _ = try store.add(name: "Oslo", coordinate: berlin)
            }
            lock.unlock()
            #expect(fileBytes(folder + "/defaults.json") == before)
            _ = try store.add(name: "Oslo", coordinate: berlin)
            #expect(try store.load().locations.count == 2)
        }
    }

    struct BadPlace: Sendable, CustomTestStringConvertible {
        var name: String
        var latitude: Double
        var longitude: Double
        var testDescription: String { "\(name.debugDescription) \(latitude),\(longitude)" }
    }

    @Test(arguments: [
        BadPlace(name: "  ", latitude: 0, longitude: 0),
        BadPlace(name: "Bad\u{1B}[31m", latitude: 0, longitude: 0),
        BadPlace(name: String(repeating: "x", count: 101), latitude: 0, longitude: 0),
        BadPlace(name: "A", latitude: 90.0001, longitude: 0),
        BadPlace(name: "A", latitude: -91, longitude: 0),
        BadPlace(name: "A", latitude: 0, longitude: 180.5),
        BadPlace(name: "A", latitude: 0, longitude: -181),
        BadPlace(name: "A", latitude: .nan, longitude: 0),
        BadPlace(name: "A", latitude: 0, longitude: .infinity),
    ])
    func badPlacesAreRefusedAndNothingIsWritten(_ place: BadPlace) async throws {
        await withTemporaryDirectory { folder in
            #expect(throws: LocationsError.self) {
                _ = try store(in: folder).add(name: place.name, coordinate: Coordinate(latitude: place.latitude, longitude: place.longitude))
            }
            #expect(fileBytes(folder + "/defaults.json") == nil)
        }
    }

    @Test func theEdgesOfTheRangesAreAccepted() async throws {
        try await withTemporaryDirectory { folder in
            let store = store(in: folder)
            for (latitude, longitude) in [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.0)] {
                _ = try store.add(name: "  Edge  ", coordinate: Coordinate(latitude: latitude, longitude: longitude))
            }
            #expect(try store.load().locations.allSatisfy { $0.name == "Edge" })
        }
    }
}
