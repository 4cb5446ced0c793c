import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: `rain locations rename` and `rain locations move`, through the real binary.
@Suite struct ArrangingPlacesEndToEndTests {
    private func rain(_ arguments: [String], home: String, _ environment: [String: String] = [:]) async throws -> ProcessResult {
        try await BuiltProduct.run("rain", arguments, environment: environment.merging(["RAIN_HOME": home]) { $1 })
    }

    private func names(_ home: String) async throws -> [String] {
        let listed = try await rain(["locations", "--json"], home: home)
        let places = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        return places.compactMap { $0["name"] as? String }
    }

    @Test func aPlaceIsRenamedKeepingItsIDAndWhetherItIsCurrent() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            #expect(try await rain(["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.405"], home: home).status == 0)
            #expect(try await rain(["locations", "add", "Zürich", "--lat", "47.37", "--lon", "8.55"], home: home).status == 0)
            let before = try await rain(["locations", "--json"], home: home).output

            // A name of several words needs no quotes; the ID, the coordinates and the current place stay.
            let renamed = try await rain(["locations", "rename", "berlin", "Home", "Town"], home: home, ["COLUMNS": "50"])
            #expect(renamed.status == 0, "\(renamed)")
            #expect(renamed.output.hasPrefix("Renamed Berlin (") && renamed.output.hasSuffix(") to Home Town.\n"), "\(renamed)")
            let after = try await rain(["locations", "--json"], home: home).output
            #expect(after == before.replacingOccurrences(of: "\"Berlin\"", with: "\"Home Town\""), "\(after)")
            let selected = try await rain(["locations", "select", "home", "town"], home: home)
            #expect(selected.status == 0 && selected.output.hasPrefix("Home Town ("), "the new name is a LOC: \(selected)")

            // By number, in German, and in ASCII the new name as the list shows it.
            let german = try await rain(["locations", "rename", "2", "Zürich", "Stadt"], home: home, ["LANG": "de_DE.UTF-8"])
            #expect(german.status == 0 && german.output.hasPrefix("Zürich (") && german.output.contains("heißt jetzt Zürich Stadt."), "\(german)")
            let ascii = try await rain(["--ascii", "locations", "rename", "zurich stadt", "Genève"], home: home)
            #expect(ascii.status == 0 && ascii.output.allSatisfy(\.isASCII) && ascii.output.contains("to Geneve."), "\(ascii)")
            #expect(try await names(home) == ["Home Town", "Genève"])

            // The same name again changes nothing; another place's name, a bad name and an unknown
            // place are refused (65) with the file as it was.
            let same = try await rain(["locations", "rename", "1", "Home Town"], home: home)
            #expect(same.status == 0 && same.output.contains("is called that already; nothing changed."), "\(same)")
            let saved = try Data(contentsOf: URL(fileURLWithPath: home + "/defaults.json"))
            let taken = try await rain(["locations", "rename", "1", "GENÈVE"], home: home)
            #expect(taken.status == 65 && taken.error.hasPrefix("rain: error: another saved place is called GENÈVE ("), "\(taken)")
            let takenGerman = try await rain(["locations", "rename", "1", "genève"], home: home, ["LANG": "de_DE.UTF-8"])
            #expect(takenGerman.status == 65 && takenGerman.error.contains("ein anderer gespeicherter Ort heißt genève"), "\(takenGerman)")
            let control = try await rain(["locations", "rename", "1", "Bad\u{7}Name"], home: home)
            #expect(control.status == 65 && control.error.contains("invalid name: the name contains control characters"), "\(control)")
            let unknown = try await rain(["locations", "rename", "Pariss", "Paris"], home: home)
            #expect(unknown.status == 65 && unknown.error.contains("no saved location matches 'Pariss'"), "\(unknown)")
            let missing = try await rain(["locations", "rename", "1"], home: home)
            #expect(missing.status == 64 && missing.error.contains("missing expected argument '<name>'"), "\(missing)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: home + "/defaults.json")) == saved)
        }
    }

    @Test func aPlaceMovesToANumberAndTheOthersShift() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            for (name, lat, lon) in [("Berlin", "52.52", "13.405"), ("Tokyo", "35.68", "139.65"), ("Paris", "48.85", "2.35"), ("Lima", "-12.05", "-77.04")] {
                #expect(try await rain(["locations", "add", name, "--lat", lat, "--lon", lon], home: home).status == 0)
            }
            let moved = try await rain(["locations", "move", "paris", "1"], home: home, ["COLUMNS": "50"])
            #expect(moved.status == 0 && moved.output.hasPrefix("Moved Paris (") && moved.output.hasSuffix(") from 3 to 1.\n"), "\(moved)")
            #expect(try await names(home) == ["Paris", "Berlin", "Tokyo", "Lima"])
            // The current location is still Berlin, now number 2.
            let listed = try await rain(["locations"], home: home, ["COLUMNS": "80"])
            #expect(listed.output.contains(" * 2  "), "\(listed)")

            let last = try await rain(["locations", "move", "1", "4"], home: home, ["LANG": "de_DE.UTF-8"])
            #expect(last.status == 0 && last.output.contains("von 1 auf 4"), "\(last)")
            #expect(try await names(home) == ["Berlin", "Tokyo", "Lima", "Paris"])
            let still = try await rain(["locations", "move", "tokyo", "2"], home: home)
            #expect(still.status == 0 && still.output.contains("is number 2 already; nothing changed."), "\(still)")

            let saved = try Data(contentsOf: URL(fileURLWithPath: home + "/defaults.json"))
            let beyond = try await rain(["locations", "move", "lima", "5"], home: home)
            #expect(beyond.status == 65 && beyond.error.hasPrefix("rain: error: there is no place 5: 4 places are saved\n"), "\(beyond)")
            let zero = try await rain(["locations", "move", "lima", "0"], home: home, ["LANG": "de_DE.UTF-8"])
            #expect(zero.status == 65 && zero.error.contains("es gibt keine Nummer 0: 4 Orte sind gespeichert"), "\(zero)")
            let word = try await rain(["locations", "move", "lima", "first"], home: home)
            #expect(word.status == 64 && word.error.contains("'first' is not a valid <position>"), "\(word)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: home + "/defaults.json")) == saved)
        }
    }

    @Test func withNoPlacesSavedThereIsNothingToArrange() async throws {
        try await withTemporaryDirectory { home in
            let renamed = try await rain(["locations", "rename", "1", "Home"], home: home)
            #expect(renamed.status == 66 && renamed.error.hasPrefix("rain: error: no saved locations\n"), "\(renamed)")
            let moved = try await rain(["locations", "move", "1", "1"], home: home)
            #expect(moved.status == 66, "\(moved)")
            #expect(!FileManager.default.fileExists(atPath: home + "/defaults.json"))
        }
    }
}
