import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: every command that takes several places hints the quotes where the words
/// together name a saved place, and a word where a command goes that is no place is said to
/// be no command either.
@Suite struct PlaceWordsEndToEndTests {
    @Test func everyCommandOfSeveralPlacesHintsTheQuotes() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(Location(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.01)), again: true)
            for (arguments, command) in [(["refresh", "new", "york"], "rain refresh"), (["notify", "new", "york", "--dry-run"], "rain notify"),
                                         (["watch", "new", "york"], "rain watch"), (["locations", "remove", "new", "york", "--yes"], "rain locations remove"),
                                         (["locations", "remove", "new", "york"], "rain locations remove")] {
                let refused = try await world.rain(arguments)
                #expect(refused.status == 65, "\(arguments): \(refused)")
                #expect(refused.error == "rain: error: no saved location matches 'new'\nrain: hint: quote a name of several words: \(command) 'new york'\n",
                        "\(arguments): \(refused)")
                let german = try await world.rain(arguments, environment: ["LANG": "de_DE.UTF-8"])
                #expect(german.status == 65 && german.error.contains("\(command) 'new york'") && german.error.contains("Anführungszeichen"), "\(german)")
            }
            // Words that name no place together keep the usual hint.
            let other = try await world.rain(["locations", "remove", "new", "jersey", "--yes"])
            #expect(other.status == 65 && !other.error.contains("quote"), "\(other)")
            #expect(try store.load().locations.count == 3, "nothing removed")
        }
    }

    @Test func aWordWhereACommandGoesThatIsNoPlaceIsNoCommandEither() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let nowhere = try await world.rain(["qwxzv"])
            #expect(nowhere.status == 65 && nowhere.error.hasPrefix("rain: error: unknown command or place 'qwxzv'\n"), "\(nowhere)")
            let german = try await world.rain(["qwxzv"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(german.status == 65 && german.error.contains("unbekannter Befehl oder Ort 'qwxzv'"), "\(german)")
            // After 'show' the word can only be a place.
            let shown = try await world.rain(["show", "qwxzv"])
            #expect(shown.status == 65 && shown.error.hasPrefix("rain: error: no place named \"qwxzv\" was found\n"), "\(shown)")
        }
    }
}
