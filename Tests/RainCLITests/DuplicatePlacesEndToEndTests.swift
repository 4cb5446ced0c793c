import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// Issue 22, item 2: a place already saved is not saved again by accident (a setup script run
/// twice, the pick list and `--pick` alike), so its name keeps working; `--again` saves a
/// second one on purpose. Through the real binary against the simulator's geocoder.
@Suite struct DuplicatePlacesEndToEndTests {
    private func places(_ world: ForecastWorld) throws -> [Location] {
        try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": world.home])).load().locations
    }

    @Test func addingASavedPlaceAgainChangesNothingAndSaysWhichItIs() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)  // Berlin (52.52, 13.405) is saved, the current location
            let before = fileBytes(home + "/defaults.json")
            let count = try places(world).count
            let typed = try await world.keylessRain(["locations", "add", "berlin", "--lat", "52.521", "--lon", "13.41"])
            #expect(typed.status == 0, "\(typed)")
            #expect(typed.output == "Berlin is already saved (1, ID \(world.berlin.shortID)), the current location.\n")
            #expect(typed.error == "rain: hint: to save a second one: rain locations add --lat 52.521 --lon 13.41 --again berlin\n")
            #expect(fileBytes(home + "/defaults.json") == before, "nothing written")

            let looked = try await world.keylessRain(["locations", "add", "Berlin", "--pick", "1"])
            #expect(looked.status == 0, "\(looked)")
            #expect(looked.output.hasPrefix("Berlin is already saved (1, ID \(world.berlin.shortID))"), "\(looked)")
            #expect(try places(world).count == count)
            // The hint is this command line with --again: running it saves a second Berlin.
            let hinted = try #require(looked.error.split(separator: "\n").first { $0.hasPrefix("rain: hint: to save a second one: rain ") })
            let line = hinted.dropFirst("rain: hint: to save a second one: rain ".count).split(separator: " ").map(String.init)
            #expect(line == ["locations", "add", "--pick", "1", "--again", "Berlin"])
            #expect(try await world.keylessRain(line).status == 0)
            #expect(try places(world).count == count + 1)
            _ = try await world.keylessRain(["locations", "remove", String(count + 1), "--yes"])

            // The name still means one place.
            let shown = try await world.rain(["berlin", "--offline"])
            #expect(!shown.error.contains("matches"), "\(shown)")
        }
    }

    @Test func againSavesASecondOneAndAnotherPlaceOfTheNameIsNew() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let count = try places(world).count
            let again = try await world.keylessRain(["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.405", "--again"])
            #expect(again.status == 0 && again.output.hasPrefix("Added Berlin (52.52, 13.41), ID "), "\(again)")
            // 5 km away is another place of the same name.
            let near = try await world.keylessRain(["locations", "add", "Berlin", "--lat", "52.565", "--lon", "13.405"])
            #expect(near.output.hasPrefix("Added Berlin"), "\(near)")
            #expect(try places(world).count == count + 2)
        }
    }

    @Test func selectMakesTheSavedPlaceCurrent() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            _ = try await world.keylessRain(["locations", "add", "Oslo", "--lat", "59.91", "--lon", "10.75", "--select"])
            let result = try await world.keylessRain(["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.405", "--select"])
            #expect(result.output == "Berlin is already saved (1, ID \(world.berlin.shortID)), the current location.\n", "\(result)")
            #expect(try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load().current?.id == world.berlin.id)
        }
    }

    /// Identity is the ID: a renamed place is still itself; content is compared on purpose.
    @Test func aPlaceIsItsID() {
        let place = Location(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.405))
        var renamed = place
        renamed.name = "Home"
        #expect(renamed == place && renamed.hashValue == place.hashValue)
        #expect(!renamed.hasSameContent(as: place))
        let twin = Location(name: "Berlin", coordinate: place.coordinate)
        #expect(twin != place && twin.hasSameContent(as: place) && twin.isSamePlace(as: place))
        #expect(abs(Coordinate(latitude: 52.52, longitude: 13.405).distance(to: Coordinate(latitude: 48.8566, longitude: 2.3522)) - 877_500) < 2_000,
                "Berlin to Paris is about 877.5 km")
    }
}
