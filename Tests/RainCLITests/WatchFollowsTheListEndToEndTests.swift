import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 20 (W20-2): `watch --all` went on fetching and listing places another rain
/// had removed (a request each for as long as it ran) and never showed one added or renamed.
/// At each refresh it reads the saved list again.
@Suite struct WatchFollowsTheListEndToEndTests {
    @Test func watchAllFollowsRemovalsAdditionsAndRenames() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let watch = world.start(["watch", "--all", "--every", "1s"])
            #expect(await watch.waitForOutput(containing: "refreshed Tokyo"), "\(watch.output)")

            #expect(try await world.rain(["locations", "remove", "Tokyo", "--yes"]).status == 0)
            _ = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75))
            #expect(await watch.waitForOutput(containing: "refreshed Oslo", limit: .seconds(120)), "\(watch.output)")
            // A rename alone, in a refresh of its own (the same places, one of them renamed).
            #expect(try await world.rain(["locations", "rename", "Berlin", "Spandau"]).status == 0)
            let removedAt = watch.output.count
            #expect(await watch.waitForOutput(matching: { output in
                let after = output.dropFirst(removedAt)
                return after.components(separatedBy: "refreshed Oslo").count > 2 && after.contains("refreshed Spandau")
            }, limit: .seconds(120)), "\(watch.output)")
            watch.send(SIGTERM)
            let result = try await watch.finish()
            #expect(result.status == 0, "\(result)")
            let later = result.output.dropFirst(removedAt).components(separatedBy: "refreshed Oslo").dropFirst().joined()
            #expect(!later.contains("Tokyo"), "a removed place is fetched no more: \(result.output)")
        }
    }

    @Test func watchEndsWhenItsOnlyPlaceIsRemoved() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let watch = world.start(["watch", "Tokyo", "--every", "1s"])
            #expect(await watch.waitForOutput(containing: "refreshed Tokyo"), "\(watch.output)")
            #expect(try await world.rain(["locations", "remove", "Tokyo", "--yes"]).status == 0)
            let result = try await watch.finish()
            #expect(result.status == 65 && result.error.contains("Tokyo"), "\(result)")
        }
    }
}
