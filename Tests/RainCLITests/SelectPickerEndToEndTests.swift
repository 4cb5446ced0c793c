import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 22, item 6: `rain locations select` without a LOC on a terminal shows the saved places
/// to pick from, the cursor on the current one, as `remove -i` does; elsewhere a LOC is needed.
@Suite struct SelectPickerEndToEndTests {
    @Test func enterSelectsThePlaceUnderTheCursor() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(["locations", "select"])
            defer { tmux.kill() }
            let list = try await tmux.waitForScreen(containing: "Choose the current location", limit: .seconds(90))
            #expect(list.contains("enter make it current"), "\(list)")
            try tmux.send("Down")
            try tmux.send("Enter")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            #expect(screen.contains("Tokyo (\(world.tokyo.shortID)) is now the current location."), "\(screen)")
            let saved = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load()
            #expect(saved.currentID == world.tokyo.id)
        }
    }

    /// Two places alike in everything the list shows (saved with --again): the second row picked
    /// is the second place, not the first one equal to it.
    @Test func pickingTheSecondOfTwoIdenticalPlacesSelectsTheSecond() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
            let again = try store.add(name: "Tokyo", coordinate: world.tokyo.coordinate).location
            let tmux = try world.terminal(["locations", "select"])
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Choose the current location", limit: .seconds(90))
            try tmux.send("3")
            try tmux.send("Enter")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            #expect(screen.contains("Tokyo (\(again.shortID)) is now the current location."), "\(screen)")
            #expect(try store.load().currentID == again.id)
        }
    }

    @Test func qChangesNothing() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(["locations", "select"])
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Choose the current location", limit: .seconds(90))
            try tmux.send("q")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            #expect(screen.contains("Nothing changed."), "\(screen)")
            let saved = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load()
            #expect(saved.currentID == world.berlin.id)
        }
    }

    @Test func withoutATerminalALocIsNeeded() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let result = try await world.rain(["locations", "select"])
            #expect(result.status == 64, "\(result)")
            #expect(result.error.hasPrefix("rain: error: missing expected argument '<loc>' (a terminal shows a pick list)\n"), "\(result)")
        }
    }
}
