import Foundation
@testable import RainCLI
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// `rain locations ...` in-process, through `RainCLI.run`.
@Suite struct LocationsCommandTests {
    private func rain(_ arguments: [String], home: String, console: BufferConsole = BufferConsole()) async -> (Int32, BufferConsole) {
        let status = await RainCLI.run(arguments, environment: ["RAIN_HOME": home], console: console)
        return (status, console)
    }

    private func names(in home: String) throws -> [String] {
        try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home])).load().locations.map(\.name)
    }

    @Test func addPrintsTheShortIDAndListMarksTheCurrentLocation() async throws {
        try await withTemporaryDirectory { home throws in
            let (status, console) = await rain(["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.405"], home: home)
            #expect(status == 0)
            let id = try #require(try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load().locations.first?.shortID)
            #expect(console.output == "Added Berlin (52.52, 13.41), ID \(id), the current location.\n")
            _ = await rain(["locations", "add", "Tokyo", "--lat", "35.6762", "--lon", "139.6503"], home: home)
            let (_, list) = await rain(["locations"], home: home)
            let lines = list.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[0] == "   #  ID        NAME    LATITUDE  LONGITUDE")
            #expect(lines[1] == " * 1  \(id)  Berlin   52.5200    13.4050")
            #expect(lines[2].hasPrefix("   2  ") && lines[2].hasSuffix("  Tokyo    35.6762   139.6503"))
            #expect(list.output.hasSuffix("\n * current location\n"))
        }
    }

    @Test func listAsJSONHasTheDocumentedKeysInListOrder() async throws {
        try await withTemporaryDirectory { home throws in
            _ = await rain(["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.405"], home: home)
            _ = await rain(["locations", "add", "Lima", "--lat", "-12.05", "--lon", "-77.04", "--select"], home: home)
            let (status, console) = await rain(["locations", "list", "--json"], home: home)
            #expect(status == 0)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [[String: Any]])
            #expect(array.map { $0["name"] as? String } == ["Berlin", "Lima"])
            #expect(array.map { $0["current"] as? Bool } == [false, true])
            #expect(array[1]["latitude"] as? Double == -12.05)
            #expect(array[1]["longitude"] as? Double == -77.04)
            #expect((array[0]["id"] as? String).flatMap(UUID.init(uuidString:)) != nil)
        }
    }

    /// The hint after "already saved" runs as it is, tiny coordinates too (Swift writes 0.00001
    /// as 1e-05, which no option reads).
    @Test func theAgainHintRunsWithTinyCoordinates() async throws {
        try await withTemporaryDirectory { home throws in
            let add = ["locations", "add", "--lat", "0.00001", "--lon", "-0.00005", "Tiny"]
            _ = await rain(add, home: home)
            let (status, console) = await rain(add, home: home)
            #expect(status == 0)
            #expect(console.error == "rain: hint: to save a second one: rain locations add --lat 0.00001 --lon -0.00005 --again Tiny\n", "\(console.error)")
            let (again, _) = await rain(["locations", "add", "--lat", "0.00001", "--lon", "-0.00005", "--again", "Tiny"], home: home)
            #expect(again == 0)
            #expect(try names(in: home) == ["Tiny", "Tiny"])
        }
    }

    /// The words a hint repeats are a command line that means the same: a name that starts
    /// with '-' goes after '--', and a coordinate has no exponent.
    @Test func hintsRepeatWordsThatParseBack() {
        #expect(ShowCommand.words(of: .name("-Dash", countryCode: "FR", pick: 2)) == "--country FR --pick 2 -- -Dash")
        #expect(ShowCommand.words(of: .name("new york", countryCode: nil, pick: 1)) == "'new york' --pick 1")
        #expect(ShowCommand.words(of: .coordinate(Coordinate(latitude: 0.00001, longitude: -33.87))) == "--lat 0.00001 --lon -33.87")
        #expect(ShowCommand.decimal(-0.00005) == "-0.00005" && ShowCommand.decimal(1e-9) == "0" && ShowCommand.decimal(52) == "52")
    }

    /// A hand edit that misspells a key rain reads hides every place: rain says which key it
    /// took for a typo (and keeps it, as it keeps every key it does not know).
    @Test func aMisspeltKeyOfTheStoreIsNamed() async throws {
        try await withTemporaryDirectory { home throws in
            writeFile(home + "/defaults.json", #"{"location": [{"id": "0ddba11c-0000-4000-8000-000000000001", "name": "Oslo", "latitude": 1, "longitude": 2}], "theme": "dark"}"#)
            let before = fileBytes(home + "/defaults.json")
            let (status, console) = await rain(["locations"], home: home)
            #expect(status == 66)
            #expect(console.error.hasPrefix("rain: warning: \(home)/defaults.json: unknown key 'location'\nrain: hint: did you mean 'locations'?\nrain: error: no saved locations\n"),
                    "\(console.error)")
            #expect(!console.error.contains("'theme'"), "a key that is no near miss is another program's")
            #expect(fileBytes(home + "/defaults.json") == before)

            // Beside the keys it nearly is, or three letters away, a key is another program's.
            writeFile(home + "/defaults.json", #"{"locations": [{"id": "0ddba11c-0000-4000-8000-000000000001", "name": "Oslo", "latitude": 1, "longitude": 2}], "#
                      + #""current_location_id": "0ddba11c-0000-4000-8000-000000000001", "vacations": 1, "current_location": 2, "colorations": 3}"#)
            let (listed, quiet) = await rain(["locations"], home: home)
            #expect(listed == 0 && quiet.error.isEmpty, "\(quiet.error)")
            writeFile(home + "/defaults.json", #"{"colorations": []}"#)
            let (_, far) = await rain(["locations"], home: home)
            #expect(!far.error.contains("unknown key"), "\(far.error)")
        }
    }

    @Test func anEmptyListSaysHowToAddAPlace() async throws {
        try await withTemporaryDirectory { home throws in
            let (status, console) = await rain(["locations"], home: home)
            #expect(status == 66)
            #expect(console.output.isEmpty)
            #expect(console.error == "rain: error: no saved locations\nrain: hint: add one by name: rain locations add NAME\nrain: hint: or where this machine is: rain locations add --here\nrain: hint: or by coordinates: rain locations add NAME --lat LAT --lon LON\n")
            let (jsonStatus, json) = await rain(["locations", "--json"], home: home)
            // One rule for text and JSON: nothing to show is 66; JSON still prints valid (empty) data.
            #expect(jsonStatus == 66 && json.output == "[]\n", "\(json.output)")
            #expect(json.error.hasPrefix("rain: error: no saved locations\n"))
            for command in [["refresh", "--all", "--quiet"], ["show"], []] {
                let (nothing, console) = await rain(command, home: home)
                #expect(nothing == 66, "\(command)")
                #expect(console.error.hasPrefix("rain: error: no saved locations\n"))
            }
            // A status bar reads an object every time, a place or not.
            let (bar, barConsole) = await rain(["--format", "{temp}", "--json"], home: home)
            #expect(bar == 66 && barConsole.output == #"{"alt": "none", "class": "none", "text": "", "tooltip": "no place saved"}"# + "\n",
                    "\(barConsole.output)")
            #expect(barConsole.error.hasPrefix("rain: error: no saved locations\n"))
        }
    }

    @Test func removalAsksOnATerminalAndHonoursTheAnswer() async throws {
        try await withTemporaryDirectory { home throws in
            for (name, lat) in [("Home", "1"), ("Berlin", "2"), ("Tokyo", "3")] {
                _ = await rain(["locations", "add", name, "--lat", lat, "--lon", "0"], home: home)
            }
            let declined = BufferConsole(input: ["n"], isInputTerminal: true)
            let (status, _) = await rain(["locations", "remove", "berlin", "3"], home: home, console: declined)
            #expect(status == 0)
            #expect(declined.error.contains("Remove 2 locations (Berlin, Tokyo)? [y/N] "))
            #expect(try names(in: home) == ["Home", "Berlin", "Tokyo"])

            let accepted = BufferConsole(input: ["y"], isInputTerminal: true)
            let (removed, _) = await rain(["locations", "remove", "berlin", "3"], home: home, console: accepted)
            #expect(removed == 0)
            #expect(accepted.output.contains("Removed Berlin") && accepted.output.contains("Removed Tokyo"))
            #expect(try names(in: home) == ["Home"])

            // The question in German takes German's letter (and y still, for scripts).
            _ = await rain(["locations", "add", "Paris", "--lat", "4", "--lon", "0"], home: home)
            let german = BufferConsole(input: ["j"], isInputTerminal: true)
            let (answered, _) = await rain(["locations", "remove", "paris", "--lang", "de"], home: home, console: german)
            #expect(answered == 0 && german.error.contains("[j/N]"), "\(german.error)")
            #expect(try names(in: home) == ["Home"])
        }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Refusal(arguments: ["locations", "remove", "Oslo", "Home", "--yes"], status: 65, message: "rain: error: cannot remove the current location, Home ("),
        Refusal(arguments: ["locations", "remove", "Oslo", "Lima", "--yes"], status: 65, message: "rain: error: no saved location matches 'Lima'"),
        Refusal(arguments: ["locations", "remove", "Oslo", "twin", "--yes"], status: 65, message: "rain: error: 'twin' matches 2 locations"),
        Refusal(arguments: ["locations", "remove", "Oslo"], status: 64, message: "rain: error: refusing to remove without confirmation"),
        Refusal(arguments: ["locations", "select", "Lima"], status: 65, message: "rain: error: no saved location matches 'Lima'\nrain: hint: 'rain locations' lists"),
        Refusal(arguments: ["locations", "remove", "Home", "Olso", "--yes"], status: 65,
                message: "rain: error: no saved location matches 'Olso'\nrain: hint: did you mean 'Oslo'?\n"),
        Refusal(arguments: ["refresh", "twni"], status: 65, message: "rain: error: no saved location matches 'twni'\nrain: hint: did you mean 'Twin'?\n"),
        Refusal(arguments: ["locations", "add", "Far", "--lat", "95", "--lon", "0"], status: 65, message: "rain: error: latitude 95 is out of range"),
        Refusal(arguments: ["locations", "add", " ", "--lat", "5", "--lon", "0"], status: 65, message: "rain: error: invalid name: the name is empty"),
    ])
    func refusalsChangeNothing(_ refusal: Refusal) async throws {
        try await withTemporaryDirectory { home throws in
            for (name, lat) in [("Home", "1"), ("Oslo", "2"), ("Twin", "3"), ("Twin", "3")] {
                _ = await rain(["locations", "add", name, "--lat", lat, "--lon", "0", "--again"], home: home)
            }
            let before = fileBytes(home + "/defaults.json")
            let (status, console) = await rain(refusal.arguments, home: home)
            #expect(status == refusal.status)
            #expect(console.error.hasPrefix(refusal.message), "\(console.error)")
            #expect(console.output.isEmpty)
            #expect(fileBytes(home + "/defaults.json") == before)
        }
    }

    @Test func interactiveNeedsStandardOutputToBeATerminalToo() async throws {
        try await withTemporaryDirectory { home throws in
            _ = await rain(["locations", "add", "Home", "--lat", "1", "--lon", "0"], home: home)
            let console = BufferConsole(isOutputTerminal: false, isInputTerminal: true)
            let (status, _) = await rain(["locations", "remove", "-i"], home: home, console: console)
            #expect(status == 64)
            #expect(console.error.hasPrefix("rain: error: '--interactive' needs a terminal, and standard output is not one"))
            #expect(console.output.isEmpty)
        }
    }

    @Test func refusingTheCurrentLocationNamesItAndSuggestsSelect() async throws {
        try await withTemporaryDirectory { home throws in
            _ = await rain(["locations", "add", "Home", "--lat", "1", "--lon", "0"], home: home)
            let (status, console) = await rain(["locations", "remove", "home", "--yes"], home: home)
            #expect(status == 65)
            let lines = console.error.split(separator: "\n")
            #expect(lines.count == 2)
            #expect(lines[0].contains("Home") && lines[0].contains("current location"))
            #expect(lines[1].contains("rain locations select"))
        }
    }

    @Test func selectChangesTheCurrentLocation() async throws {
        try await withTemporaryDirectory { home throws in
            _ = await rain(["locations", "add", "Home", "--lat", "1", "--lon", "0"], home: home)
            _ = await rain(["locations", "add", "Oslo", "--lat", "2", "--lon", "0"], home: home)
            let (status, console) = await rain(["locations", "select", "2"], home: home)
            #expect(status == 0)
            #expect(console.output.contains("Oslo"))
            let list = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load()
            #expect(list.current?.name == "Oslo")
            // Now the old current one can go.
            let (removed, _) = await rain(["locations", "remove", "Home", "--yes"], home: home)
            #expect(removed == 0)
            #expect(try names(in: home) == ["Oslo"])
        }
    }

    @Test func namesWithControlCharactersFromAHandEditedFileAreNotPrintedRaw() async throws {
        try await withTemporaryDirectory { home throws in
            writeFile(home + "/defaults.json", #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": "Evil\u001b]0;pwned\u0007", "latitude": 1, "longitude": 2}]}"#)
            let (status, console) = await rain(["locations"], home: home)
            // A control character in a stored name makes the file unusable: reported, not shown.
            #expect(status == 74)
            #expect(!console.error.contains("\u{1B}") && !console.output.contains("\u{1B}"))
        }
    }
}
