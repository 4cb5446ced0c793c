import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain show --all` and `rain refresh`'s table through the real binary, in a pipe and in a
/// real terminal (tmux) of 80 and 50 columns.
@Suite struct ShowAllEndToEndTests {
    @Test(arguments: [80, 50])
    func oneAlignedLinePerPlaceFitsTheTerminal(width: Int) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(name: "Kathmandu, Nepal", coordinate: Coordinate(latitude: 27.72, longitude: 85.32))
            let tmux = try world.terminal(["show", "--all"], width: width)
            defer { tmux.kill() }
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            let lines = screen.split(separator: "\n").map(String.init)
            #expect(world.simulator.requestCount == 3, "every place was stale (no cache), so all were fetched")
            // "Precip 6h" at 80 columns, "Precip" where the hours would cost a name its end.
            let title = try #require(lines.firstIndex { $0.contains("Place") && $0.contains(width == 80 ? "Precip 6h" : "Precip") }, "\(screen)")
            // At 50 columns the age is "now" (not "0m", issue 41), untitled, so that the names stay whole.
            let age = width == 80 ? "just now" : " now"
            #expect(lines[title].contains("Updated") == (width == 80), "\(screen)")
            #expect(lines[title + 1].hasPrefix("* Berlin") && lines[title + 1].contains(" °C ") && lines[title + 1].hasSuffix(age), "\(screen)")
            #expect(lines[title + 2].hasPrefix("  Tokyo") && lines[title + 2].hasSuffix(age))
            #expect(lines[title + 3].hasPrefix("  Kathman") && lines[title + 3].hasSuffix(age))
            #expect(lines.allSatisfy { $0.displayWidth <= width })
            // The columns line up: every temperature ends in the same column.
            let ends = (title + 1...title + 3).map { lines[$0].range(of: " °C")!.lowerBound.utf16Offset(in: lines[$0]) }
            #expect(Set(ends).count == 1, "\(screen)")
            if width == 80 {
                #expect(lines[title].contains("Local") && lines[title].contains("Hi/Lo") && lines[title].contains("Precip 6h"))
                #expect(lines[title + 3].contains("Kathmandu, Nepal"), "the whole name fits at 80 columns")
            } else {
                #expect(!lines[title].contains("Local"), "at 50 columns the local time gives way before a name is cut")
                #expect(lines[title + 3].hasPrefix("  Kathmandu, Nepal "), "the name survives, not 'Kathman…': \(screen)")
            }
        }
    }

    @Test func onlyStalePlacesAreFetchedAndAPipeGetsEveryColumnUnlessColumnsIsExported() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let first = try await world.rain(["show", "--all"], environment: ["COLUMNS": "50"])
            #expect(first.status == 0, "\(first)")
            #expect(world.simulator.requestCount == 2)
            #expect(first.output.split(separator: "\n").count == 4, "a title, one line per place and the data's credit")
            // The summary gives way and the age is "now": two short names keep the local time.
            #expect(!first.output.contains("Updated") && first.output.split(separator: "\n").allSatisfy { String($0).displayWidth <= 50 },
                    "an exported COLUMNS fits a pipe's table too (issue 22, item 5): \(first.output)")

            let fresh = try await world.rain(["show", "--all"])
            #expect(fresh.status == 0 && world.simulator.requestCount == 2, "fresh forecasts come from the cache")
            #expect(fresh.output.contains("Local"), "without COLUMNS a pipe gets every column")

            try world.ageCache(of: world.tokyo)
            let again = try await world.rain(["show", "--all"])
            #expect(again.status == 0, "\(again)")
            #expect(world.simulator.requestCount == 3, "only Tokyo was stale")
            // Tokyo's line, above the data's credit.
            #expect(again.output.split(separator: "\n").dropLast().last?.hasSuffix("just now") == true, "\(again.output)")

            let json = try await world.rain(["show", "--all", "--json"])
            let documents = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
            #expect(documents.map { ($0["location"] as? [String: Any])?["name"] as? String } == ["Berlin", "Tokyo"])
        }
    }

    @Test func offlineShowsTheCachedForecastsWithOneLine() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "--all"]).status == 0)
            try world.ageCache(of: world.berlin)
            world.simulator.stop()
            let shown = try await world.rain(["show", "--all"])
            #expect(shown.status == 75, "\(shown)")
            #expect(shown.error.split(separator: "\n").count == 1 && shown.error.hasPrefix("rain: offline: cannot reach 127.0.0.1"))
            #expect(shown.output.contains("6 h ago") && shown.output.contains("Tokyo"))
        }
    }

    /// `--offline` with nothing cached for any place says so, as `rain show` does for one.
    @Test func nothingCachedAtAllIsSaid() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let shown = try await world.rain(["show", "--all", "--offline"])
            #expect(shown.status == 66, "\(shown)")
            #expect(shown.error == "rain: error: no cached forecast for any saved place\nrain: hint: fetch them when online: rain refresh --all\n")
            #expect(shown.output.contains("no forecast"), "\(shown)")
            #expect(world.simulator.requestCount == 0)
        }
    }

    struct KeyCase: Sendable, CustomTestStringConvertible {
        var name: String
        var environment: [String: String]
        var status: Int32
        var message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        KeyCase(name: "refused", environment: ["RAIN_API_KEY": "wrong-key-0123456789"], status: 77,
                message: "rain: error: the API refused the key (HTTP 403"),
        KeyCase(name: "missing", environment: ["RAIN_API_KEY": ""], status: 78,
                message: "rain: error: no API key configured; no place was refreshed"),
    ])
    func aKeyProblemIsOneErrorForAllPlaces(_ key: KeyCase) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 2, "provider": "darksky"}"#)
            for arguments in [["show", "--all"], ["refresh", "--all"]] {
                let result = try await world.rain(arguments, environment: key.environment)
                #expect(result.status == key.status, "\(arguments): \(result)")
                let errors = result.error.split(separator: "\n")
                #expect(errors.filter { $0.hasPrefix("rain: error:") }.count == 1, "\(arguments): \(result.error)")
                #expect(errors.first?.hasPrefix(key.message) == true, "\(result.error)")
                // The server's words indented under the error, then the hints.
                #expect(errors.count >= 2 && errors.dropFirst().allSatisfy { $0.hasPrefix("rain: hint: ") || $0.hasPrefix("  ") }, "\(result.error)")
            }
        }
    }

    @Test func refreshPrintsAnAlignedTable() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(name: "San Francisco", coordinate: Coordinate(latitude: 37.77, longitude: -122.42))
            let refreshed = try await world.rain(["refresh", "--all"])
            #expect(refreshed.status == 0, "\(refreshed)")
            let lines = refreshed.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            let units = lines.map { $0.range(of: " °C")!.lowerBound.utf16Offset(in: $0) }
            #expect(Set(units).count == 1, "the temperatures line up:\n\(refreshed.output)")
            #expect(lines[0].hasPrefix("Berlin         ") && lines[2].hasPrefix("San Francisco  "))
        }
    }

    @Test func theWrongCombinationsAndNoPlacesAreClearErrors() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let both = try await world.rain(["show", "tokyo", "--all"])
            #expect(both.status == 64 && both.error.contains("give either '--all' or a location, not both"), "\(both)")
            try FileManager.default.removeItem(atPath: home + "/defaults.json")
            let none = try await world.rain(["show", "--all"])
            #expect(none.status == 66 && none.error.hasPrefix("rain: error: no saved locations"), "\(none)")
        }
    }
}
