import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// What rain keeps on disk survives hand edits, dotfile managers, kills and removals
/// (issue 10, items 2 to 5 and 7).
@Suite struct StoreIntegrityTests {
    private let berlin = Coordinate(latitude: 52.52, longitude: 13.405)

    private func store(in folder: String) -> LocationsStore {
        LocationsStore(file: DefaultsFile(path: folder + "/defaults.json", lockTimeout: .milliseconds(200)))
    }

    private func document(_ path: String) throws -> [String: JSONValue] {
        guard case .object(let members) = try JSONValue.parse(try #require(fileBytes(path))) else { return [:] }
        return members
    }

    @Test func membersOfAPlaceThatRainDoesNotKnowSurviveASave() async throws {
        try await withTemporaryDirectory { folder throws in
            let id = UUID().uuidString.lowercased()
            writeFile(folder + "/defaults.json", """
            {"locations": [{"id": "\(id)", "name": "Berlin", "latitude": 52.52, "longitude": 13.405,
                            "country": "DE", "note": {"by": "hand"}}],
             "current_location_id": "\(id)", "theme": "dark"}
            """)
            let store = store(in: folder)
            let tokyo = try store.add(name: "Tokyo", coordinate: berlin).location
            try store.select(tokyo.idString)
            let saved = try document(folder + "/defaults.json")
            #expect(saved["theme"] == .string("dark"))
            guard case .array(let places)? = saved["locations"], places.count == 2,
                  case .object(let first) = places[0], case .object(let second) = places[1] else {
                Issue.record("unexpected shape: \(saved)")
                return
            }
            #expect(first["country"] == .string("DE"))
            #expect(first["note"] == .object(["by": .string("hand")]))
            #expect(first["name"] == .string("Berlin"))
            #expect(Set(second.keys) == ["id", "name", "latitude", "longitude"], "the new place gets no one else's members")
        }
    }

    @Test(arguments: [
        ("{\"locations\": {\"a\": 1}}", "locations: expected an array, found an object (line 1, column 15)"),
        ("{\"locations\": [7]}", "locations[0]: expected an object, found a number (line 1, column 16)"),
        ("{\"locations\": [{\"id\": \"6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10\", \"name\": 5, \"latitude\": 1, \"longitude\": 1}]}",
         "locations[0].name: expected a string, found a number (line 1, column 71)"),
        ("{\"locations\": [{\"id\": \"6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10\", \"latitude\": 1, \"longitude\": 1}]}",
         "locations[0]: missing \"name\" (line 1, column 16)"),
    ])
    func aStoreOfTheWrongShapeSaysWhereInWordsAPersonReads(_ contents: String, _ reason: String) async throws {
        try await withTemporaryDirectory { folder throws in
            writeFile(folder + "/defaults.json", contents)
            #expect(throws: DefaultsFileError.unreadable(path: folder + "/defaults.json", reason: reason)) {
                try store(in: folder).load()
            }
        }
    }

    /// Issue 23, row 11: a byte order mark is read past (RFC 8259 allows it) and the file is
    /// written without it at the next change, as rain writes every file.
    @Test func aByteOrderMarkIsReadAndNotWrittenBack() async throws {
        try await withTemporaryDirectory { folder throws in
            let path = folder + "/defaults.json"
            writeFile(path, "\u{FEFF}{\"locations\": [{\"id\": \"6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10\", \"name\": \"A\", \"latitude\": 1, \"longitude\": 2}]}")
            let store = store(in: folder)
            #expect(try store.load().locations.map(\.name) == ["A"])
            _ = try store.select("A")  // the current place already: nothing else to change
            let bytes = try #require(fileBytes(path))
            #expect(!bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            #expect(try store.load().locations.map(\.name) == ["A"])
        }
    }

    @Test func aStoreWithADuplicateKeyNamesItsLineAndColumn() async throws {
        try await withTemporaryDirectory { folder throws in
            writeFile(folder + "/defaults.json", "{\n  \"locations\": [],\n  \"locations\": []\n}")
            #expect(throws: DefaultsFileError.unreadable(path: folder + "/defaults.json",
                                                         reason: "not valid JSON: line 3, column 3:\nthe key \"locations\" appears twice in the same object")) {
                try store(in: folder).load()
            }
        }
    }

    /// `folder/home/defaults.json`, a relative link to an empty store in `folder/dotfiles`, as a
    /// dotfile manager makes it.
    private func linkStore(in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/dotfiles", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/home", withIntermediateDirectories: true)
        writeFile(folder + "/dotfiles/defaults.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: folder + "/home/defaults.json", withDestinationPath: "../dotfiles/defaults.json")
    }

    /// Two homes whose defaults.json link to one file must take one lock.
    @Test func aSymlinkedStoreIsLockedBesideItsTarget() async throws {
        try await withTemporaryDirectory { folder throws in
            try linkStore(in: folder)
            let held = try FileLock.acquire(folder + "/dotfiles/defaults.json.lock", timeout: .zero)
            defer { held.unlock() }
            let linked = DefaultsFile(path: folder + "/home/defaults.json", lockTimeout: .milliseconds(100))
            #expect(throws: DefaultsFileError.busy(path: folder + "/home/defaults.json")) {
                try LocationsStore(file: linked).add(name: "Oslo", coordinate: berlin)
            }
        }
    }

    @Test func aSymlinkedStoreStaysALinkAndItsTargetIsUpdated() async throws {
        try await withTemporaryDirectory { folder throws in
            try linkStore(in: folder)
            let store = store(in: folder + "/home")
            _ = try store.add(name: "Berlin", coordinate: berlin)
            _ = try store.add(name: "Oslo", coordinate: berlin)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/home/defaults.json") == "../dotfiles/defaults.json")
            #expect(try store.load().locations.map(\.name) == ["Berlin", "Oslo"])
            #expect(try LocationsStore(file: DefaultsFile(path: folder + "/dotfiles/defaults.json")).load().locations.count == 2)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder + "/dotfiles").filter { $0.contains(".tmp-") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func aDanglingSymlinkIsWrittenThroughToItsTarget() async throws {
        try await withTemporaryDirectory { folder throws in
            try FileManager.default.createSymbolicLink(atPath: folder + "/defaults.json", withDestinationPath: folder + "/target.json")
            _ = try store(in: folder).add(name: "Berlin", coordinate: berlin)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/defaults.json") == folder + "/target.json")
            #expect(fileBytes(folder + "/target.json") != nil)
        }
    }

    /// A link whose target is no regular file is never written through: as root, renaming over
    /// `/dev/zero` replaced the machine's device with a forecast (the FileKinds tests' link).
    @Test(arguments: ["named pipe", "folder"])
    func aLinkToWhatIsNoRegularFileIsNeverReplaced(_ kind: String) async throws {
        try await withTemporaryDirectory { folder throws in
            let target = folder + "/target"
            if kind == "named pipe" { try #require(mkfifo(target, 0o600) == 0) } else { try #require(mkdir(target, 0o700) == 0) }
            try FileManager.default.createSymbolicLink(atPath: folder + "/defaults.json", withDestinationPath: target)
            #expect(throws: FileError(path: target, reason: "a \(kind), not a regular file")) {
                try AtomicFile.write(Array("{}".utf8), to: folder + "/defaults.json", limit: .places)
            }
            var info = stat()
            #expect(lstat(target, &info) == 0 && (info.st_mode & S_IFMT) == (kind == "folder" ? S_IFDIR : S_IFIFO))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["defaults.json", "target"])
        }
    }

    /// A writer knows the read limit of its kind of file (issue 42): a file rain could not read
    /// back is not put in place, whether its bytes are given or written as they are made.
    @Test func nothingLargerThanItsKindsReadLimitIsWritten() async throws {
        try await withTemporaryDirectory { folder throws in
            let path = folder + "/small.json"
            let limit = RegularFile.Limit(bytes: 10, kind: .verbatim("a small file"))
            try AtomicFile.write(Array("0123456789".utf8), to: path, limit: limit)
            let refusal = FileError(path: path, problem: LocalizedText(N_("larger than {size}, the most rain reads of {kind}"),
                                                                      ["size": .verbatim("10 bytes"), "kind": .verbatim("a small file")]),
                                    action: .write)
            #expect(refusal.description == "cannot write \(path): larger than 10 bytes, the most rain reads of a small file")
            #expect(throws: refusal) { try AtomicFile.write(Array("0123456789A".utf8), to: path, limit: limit) }
            #expect(throws: refusal) {
                try AtomicFile.write(to: path, limit: limit) { FileDescriptor.writeAll(Array("0123456789AB".utf8), to: $0) }
            }
            #expect(fileBytes(path) == Array("0123456789".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["small.json"])
        }
    }

    /// A file error says what rain was doing, as coreutils' do ("cannot create ..."); a problem
    /// that says it all (a named pipe in the file's place) stands alone.
    @Test func eachFileErrorSaysWhatRainWasDoing() async throws {
        try await withTemporaryDirectory { folder throws in
            try #require(mkdir(folder + "/defaults.json.lock", 0o700) == 0)
            #expect(throws: DefaultsFileError.file(FileError(path: folder + "/defaults.json.lock", errno: EISDIR, action: .lock))) {
                try store(in: folder).add(name: "Berlin", coordinate: berlin)
            }
            // Root passes every permission: names too long for the file system fail for root too.
            let long = folder + "/" + String(repeating: "x", count: 250)
            #expect(throws: FileError(path: long, errno: ENAMETOOLONG, action: .write)) { try AtomicFile.write([], to: long, limit: .places) }
            let tooLong = long + String(repeating: "x", count: 10)
            #expect(throws: FileError(path: tooLong, errno: ENAMETOOLONG, action: .createFolder)) { try AtomicFile.createFolder(tooLong) }
            try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: folder + "/loop")
            #expect(throws: FileError(path: folder + "/loop", errno: ELOOP, action: .read)) { try RegularFile.read(folder + "/loop", limit: .forecast) }

            let texts = [FileError.Action.read, .write, .lock, .createFolder].map {
                FileError(path: "/x", errno: EACCES, action: $0).description
            }
            #expect(texts == ["cannot read /x: Permission denied", "cannot write /x: Permission denied",
                              "cannot lock /x: Permission denied", "cannot create the folder /x: Permission denied"])
            #expect(FileError.notRegular("/x", LocalizedText(N_("a named pipe"))).description == "/x: a named pipe, not a regular file")
        }
    }

    @Test func temporaryFilesOfKilledWritersAreSweptAndLiveOnesKept() async throws {
        try await withTemporaryDirectory { folder throws in
            let dead = unusedProcessIDs()[0]
            let orphan = folder + "/defaults.json.tmp-\(dead)-0-12345"
            let live = folder + "/defaults.json.tmp-\(getpid())-0-67890"
            let unrelated = folder + "/notes.tmp-\(dead)-0-1"
            for path in [orphan, live, unrelated] { writeFile(path, "{") }
            _ = try store(in: folder).add(name: "Berlin", coordinate: berlin)
            #expect(!FileManager.default.fileExists(atPath: orphan))
            #expect(FileManager.default.fileExists(atPath: live), "a running writer's file is left alone")
            #expect(FileManager.default.fileExists(atPath: unrelated), "only the store's own temporary files")
        }
    }

    /// A file damaged again at every read (issue 42: +9-25 MB per `show`) leaves one copy aside:
    /// the newest, also when several are set aside in one second; another place's is its own.
    @Test func onlyTheNewestDamagedFileOfAPlaceIsKeptAndItGoesWithThePlace() async throws {
        try await withTemporaryDirectory { folder throws in
            let cache = ForecastCache(directory: folder)
            let (id, other) = (UUID(), UUID())
            writeFile(cache.path(for: other), "broken other")
            let otherAside = try cache.setAside(for: other, now: Date(timeIntervalSince1970: 1))
            var asides: [String] = []
            for round in 0..<3 {
                writeFile(cache.path(for: id), "broken \(round)")
                asides.append(try cache.setAside(for: id, now: Date(timeIntervalSince1970: 2)))
            }
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(id.uuidString.lowercased()) }
            #expect(kept.map { folder + "/" + $0 } == [asides[2]])
            #expect(fileBytes(asides[2]) == Array("broken 2".utf8))
            #expect(fileBytes(otherAside) == Array("broken other".utf8))
            try FileManager.default.removeItem(atPath: otherAside)
            writeFile(cache.path(for: other), "{}")
            try cache.remove(for: [id])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["\(other.uuidString.lowercased()).json"])
        }
    }

    @Test func removingAPlaceRemovesItsForecastButTheStoreKnowsNoCache() async throws {
        try await withTemporaryDirectory { folder throws in
            let paths = RainPaths.resolve(environment: ["RAIN_HOME": folder])
            let remover = LocationRemover(paths: paths)
            let home = try remover.store.add(name: "Home", coordinate: berlin).location
            let away = try remover.store.add(name: "Away", coordinate: berlin).location
            try AtomicFile.createFolder(paths.forecastsDirectory)
            for place in [home, away] { writeFile(remover.cache.path(for: place.id), "{}") }
            writeFile(remover.cache.path(for: away.id) + ".damaged-1-0", "x")
            let removal = try remover.remove(ids: [away.id])
            #expect(removal.removed == [away])
            #expect(try FileManager.default.contentsOfDirectory(atPath: paths.forecastsDirectory) == ["\(home.idString).json"])
        }
    }

    /// Saved places' files stay, and a live writer's temporary file; the others' files, a
    /// killed writer's temporary files (of a place's file or another) go.
    @Test func theCacheSweepKeepsSavedPlacesOnly() async throws {
        try await withTemporaryDirectory { folder throws in
            let cache = ForecastCache(directory: folder)
            let (kept, orphan) = (UUID(), UUID())
            for id in [kept, orphan] { writeFile(cache.path(for: id), "{}") }
            writeFile(cache.path(for: orphan) + ".damaged-5-0", "x")
            writeFile(folder + "/README", "not ours")
            let live = "\(kept.uuidString.lowercased()).json.tmp-\(getpid())-0-12345"
            let gone = unusedProcessIDs()[0]
            for name in [live, "\(kept.uuidString.lowercased()).json.tmp-\(gone)-0-12345", "README.tmp-\(gone)-1-7"] {
                writeFile(folder + "/" + name, "half")
            }
            cache.sweep(keeping: [kept])
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["\(kept.uuidString.lowercased()).json", "README", live])
        }
    }
}
