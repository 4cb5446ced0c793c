import Foundation
import RainKit
import RainTestSupport
import Testing

/// The built `rain` binary as a subprocess in a temporary RAIN_HOME.
@Suite struct LocationsEndToEndTests {
    private func rain(_ arguments: [String], home: String, input: String? = nil) async throws -> ProcessResult {
        try await BuiltProduct.run("rain", arguments, environment: ["RAIN_HOME": home], input: input)
    }

    @Test func aNewUserAddsListsSelectsAndRemoves() async throws {
        try await withTemporaryDirectory { home throws in
            #expect(try await rain(["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.405"], home: home).status == 0)
            #expect(try await rain(["locations", "add", "Tokyo", "--lat", "35.6762", "--lon", "139.6503"], home: home).status == 0)
            let list = try await rain(["locations"], home: home)
            #expect(list.status == 0)
            #expect(list.output.contains(" * 1  "))
            #expect(try await rain(["locations", "select", "tokyo"], home: home).status == 0)
            let removed = try await rain(["locations", "remove", "berlin", "--yes"], home: home)
            #expect(removed.status == 0, "\(removed)")
            #expect(removed.output.hasPrefix("Removed Berlin ("))
            let json = try await rain(["locations", "--json"], home: home)
            #expect(json.output.contains("\"Tokyo\"") && !json.output.contains("Berlin"))
        }
    }

    /// A current_location_id that names no saved place (a hand edit) is no current location,
    /// said in one warning by every command that reads the places (its hint once); the file is left as it is
    /// until a change, and selecting a place mends it.
    @Test func aCurrentIDThatNamesNoPlaceIsWarnedAboutAndTakenAsNone() async throws {
        try await withTemporaryDirectory { home throws in
            let berlin = "0a1b2c3d-0000-4000-8000-000000000001", tokyo = "0a1b2c3d-0000-4000-8000-000000000002"
            let gone = "0f0f0f0f-0000-4000-8000-00000000dead"
            let document = """
                {"current_location_id": "\(gone)", "locations": [
                  {"id": "\(berlin)", "latitude": 52.52, "longitude": 13.405, "name": "Berlin"},
                  {"id": "\(tokyo)", "latitude": 35.68, "longitude": 139.65, "name": "Tokyo"}]}
                """
            writeFile(home + "/defaults.json", document)
            let warning = """
                rain: warning: \(home)/defaults.json: current_location_id \(gone) names no saved place; no place is current
                rain: hint: choose one: rain locations select LOC

                """
            let list = try await rain(["locations"], home: home)
            #expect(list.status == 0 && !list.output.contains(" * ") && list.output.contains("Tokyo"), "\(list)")
            #expect(list.error == warning)
            let json = try await rain(["locations", "--json"], home: home)
            #expect(json.status == 0 && json.error == warning && !json.output.contains(#""current": true"#), "\(json)")

            let shown = try await rain(["show", "--offline"], home: home)
            #expect(shown.status == 66, "\(shown)")
            // The warning's hint is not said again by the error it leads to.
            #expect(shown.error == warning + "rain: error: no current location is selected\n", "\(shown.error)")
            let bar = try await rain(["show", "--format", "{temp}", "--json"], home: home)
            #expect(bar.status == 66 && bar.output == #"{"alt": "none", "class": "none", "text": "", "tooltip": "no current location"}"# + "\n", "\(bar)")
            let named = try await rain(["show", "tokyo", "--offline"], home: home)
            #expect(named.status == 66 && named.error.hasPrefix(warning), "a place named still works as without the warning: \(named)")
            let removed = try await rain(["locations", "remove", "berlin"], home: home)
            #expect(removed.status == 64 && removed.error.hasPrefix(warning), "\(removed)")
            #expect(try String(contentsOfFile: home + "/defaults.json", encoding: .utf8) == document, "read, never rewritten")

            let selected = try await rain(["locations", "select", "tokyo"], home: home)
            #expect(selected.status == 0, "\(selected)")
            let mended = try await rain(["locations"], home: home)
            #expect(mended.status == 0 && mended.error.isEmpty && mended.output.contains(" * 2  "), "\(mended)")
        }
    }

    @Test func theLastPlaceCanBeRemovedAfterSelectingNone() async throws {
        try await withTemporaryDirectory { home throws in
            #expect(try await rain(["locations", "add", "Home", "--lat", "1", "--lon", "1"], home: home).status == 0)
            let refused = try await rain(["locations", "remove", "home", "--yes"], home: home)
            #expect(refused.status == 65)
            // The hint is one a person with a single place can follow.
            #expect(refused.error.contains("rain: hint: ") && refused.error.contains("rain locations select --none"), "\(refused.error)")

            let none = try await rain(["locations", "select", "--none"], home: home)
            #expect(none.status == 0, "\(none)")
            #expect(none.output.hasPrefix("No place is the current location now (was Home, "))
            let list = try await rain(["locations"], home: home)
            #expect(list.status == 0 && !list.output.contains(" * "), "\(list.output)")
            let show = try await rain(["show"], home: home)
            #expect(show.status == 66 && show.error.hasPrefix("rain: error: no current location is selected"))
            // Adding is not selecting: none stays current until one is selected (or added with --select).
            let added = try await rain(["locations", "add", "Oslo", "--lat", "2", "--lon", "2"], home: home)
            #expect(added.status == 0 && !added.output.contains("current"), "\(added)")
            #expect(try await rain(["show"], home: home).status == 66)
            let selecting = try await rain(["locations", "add", "Rome", "--lat", "3", "--lon", "3", "--select"], home: home)
            #expect(selecting.output.contains("the current location"), "\(selecting)")
            #expect(try await rain(["locations", "select", "--none"], home: home).status == 0)
            #expect(try await rain(["locations", "remove", "oslo", "rome", "--yes"], home: home).status == 0)

            let removed = try await rain(["locations", "remove", "home", "--yes"], home: home)
            #expect(removed.status == 0, "\(removed)")
            let empty = try await rain(["locations", "--json"], home: home)
            #expect(empty.status == 66 && empty.output == "[]\n", "\(empty)")

            let both = try await rain(["locations", "select", "home", "--none"], home: home)
            #expect(both.status == 64 && both.error.contains("give either a location or '--none', not both"))
            let neither = try await rain(["locations", "select"], home: home)
            #expect(neither.status == 64 && neither.error.contains("missing expected argument '<loc>'"))
        }
    }

    @Test func withoutATerminalRemovalNeedsYes() async throws {
        try await withTemporaryDirectory { home throws in
            _ = try await rain(["locations", "add", "Home", "--lat", "1", "--lon", "1"], home: home)
            _ = try await rain(["locations", "add", "Oslo", "--lat", "2", "--lon", "2"], home: home)
            let before = fileBytes(home + "/defaults.json")
            // "y" on a pipe is not an answer from a person.
            let result = try await rain(["locations", "remove", "oslo"], home: home, input: "y\n")
            #expect(result.status == 64)
            #expect(result.error.hasPrefix("rain: error: refusing to remove without confirmation"))
            #expect(result.output.isEmpty)
            #expect(fileBytes(home + "/defaults.json") == before)
        }
    }

    @Test func refusingTheCurrentLocationExits65AndKeepsEverything() async throws {
        try await withTemporaryDirectory { home throws in
            _ = try await rain(["locations", "add", "Home", "--lat", "1", "--lon", "1"], home: home)
            _ = try await rain(["locations", "add", "Oslo", "--lat", "2", "--lon", "2"], home: home)
            let before = fileBytes(home + "/defaults.json")
            let result = try await rain(["locations", "remove", "oslo", "home", "--yes"], home: home)
            #expect(result.status == 65)
            #expect(result.error.contains("Home") && result.error.contains("rain locations select"))
            #expect(fileBytes(home + "/defaults.json") == before)
        }
    }

    @Test func aCorruptStoreIsReportedWith74AndLeftByteIdentical() async throws {
        try await withTemporaryDirectory { home throws in
            let path = home + "/defaults.json"
            let garbage = "{\"locations\": [{\"id\": \"oops\"\n"
            writeFile(path, garbage)
            for arguments in [["locations"], ["locations", "add", "A", "--lat", "1", "--lon", "1"], ["locations", "select", "1"], ["locations", "remove", "1", "--yes"]] {
                let result = try await rain(arguments, home: home)
                #expect(result.status == 74, "\(arguments): \(result)")
                #expect(result.error.hasPrefix("rain: error: cannot use the file:\n  \(path)\n  not valid JSON: line 2, column 1:\n  the document ends inside an object"), "\(result.error)")
                #expect(fileBytes(path) == Array(garbage.utf8))
            }
        }
    }

    @Test func concurrentAddsLoseNothing() async throws {
        try await withTemporaryDirectory { home throws in
            let count = 12
            let processes = (0..<count).map { index in
                BuiltProduct.start("rain", ["locations", "add", "Place \(index)", "--lat", "\(index)", "--lon", "\(index)"],
                                   environment: ["RAIN_HOME": home])
            }
            for process in processes {
                let result = try await process.finish()
                #expect(result.status == 0, "\(result)")
            }
            let list = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load()
            #expect(list.locations.count == count)
            #expect(Set(list.locations.map(\.name)) == Set((0..<count).map { "Place \($0)" }))
            #expect(list.current != nil)
        }
    }

    @Test func helpAndVersionGoToStandardOutput() async throws {
        try await withTemporaryDirectory { home throws in
            let help = try await rain(["--help"], home: home)
            #expect(help.status == 0 && help.output.hasPrefix("OVERVIEW: ") && help.error.isEmpty)
            let version = try await rain(["--version"], home: home)
            #expect(version.status == 0 && version.output == RainVersion.current + "\n")
            let bad = try await rain(["locations", "--bogus"], home: home)
            #expect(bad.status == 64 && bad.output.isEmpty && bad.error.hasPrefix("rain: error: unknown option '--bogus'"))
        }
    }
}
