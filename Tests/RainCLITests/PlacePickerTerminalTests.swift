import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain locations add NAME` with several matches on a real terminal (tmux): the pick list,
/// a pick with the keys, and a cancel that saves nothing.
@Suite(.serialized) struct PlacePickerTerminalTests {
    /// Runs `rain locations add ARGUMENTS` in tmux; the shell prints rain's exit status afterwards.
    private func start(_ world: ForecastWorld, _ arguments: String) throws -> TmuxSession {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        let environment = world.keylessEnvironment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let script = """
        env \(environment) TERM=xterm-256color \(shellQuoted(BuiltProduct.path("rain"))) locations add \(arguments)
        echo "rain exited with $?"
        sleep 600
        """
        return try TmuxSession(folder: world.home, shellCommand: script, width: 80, height: 24)
    }

    private func saved(_ world: ForecastWorld) throws -> [Location] {
        try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": world.home])).load().locations
    }

    @Test func severalMatchesArePickedWithTheKeys() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try start(world, "Paris")
            defer { tmux.kill() }
            let list = try await tmux.waitForScreen(containing: "Places named \"Paris\"")
            #expect(list.contains("1  Paris  Île-de-France, France") && list.contains("2  Paris  Texas, United States"), "\(list)")
            #expect(list.contains("pop. 2,138,551") && list.contains("(33.66, -95.56)"), "\(list)")
            try tmux.send("Down")
            try await tmux.waitForScreen(containing: "Paris, Texas, United States (33.66, -95.56)")
            try tmux.send("Enter")
            let done = try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(done.contains("Added Paris, Texas, United States (33.66, -95.56), ID "), "\(done)")
            let added = try #require(try saved(world).last)
            #expect(added.name == "Paris" && added.region == "Texas" && added.timeZone == "America/Chicago")
        }
    }

    @Test func aNumberJumpsToItsRow() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try start(world, "Springfield")
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "3 places")
            try tmux.send("3", "Enter")
            let done = try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(done.contains("Added Springfield, Illinois, United States"), "the third by population: \(done)")
        }
    }

    @Test func cancellingSavesNothing() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let before = fileBytes(home + "/defaults.json")
            for key in ["q", "Escape"] {
                let tmux = try start(world, "Berlin")
                defer { tmux.kill() }
                try await tmux.waitForScreen(containing: "Places named \"Berlin\"")
                try tmux.send(key)
                let done = try await tmux.waitForScreen(containing: "rain exited with 0")
                #expect(done.contains("Nothing added."), "\(key): \(done)")
            }
            #expect(fileBytes(home + "/defaults.json") == before)
        }
    }
}
