import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 38: the data's sources credited as their licences ask (open-meteo-website
/// `src/routes/en/licence/+page.svelte`: CC BY 4.0, a link next to the data; metno/weatherapi-docs
/// `doc/License.md`, `doc/TermsOfService.md` "Attribution": credit MET Norway), through the
/// binary against the simulator: one line at the foot of the forecast screen naming only the
/// sources that screen shows, fitted to 50 columns, translated (CAMS's air under the Copernicus
/// licence, not CC BY 4.0); `show --all` and `watch --all` at a terminal end with it too;
/// `attribution` in `--json`.
@Suite struct AttributionEndToEndTests {
    init() throws { _ = try Catalogues.compiled() }

    private func world(_ home: String) throws -> ForecastWorld {
        let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30}"#, now: NotifyEndToEndTests.now)
        _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            .add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
        return world
    }

    @Test func theForecastScreenCreditsOnlyTheSourcesItShows() async throws {
        try await withTemporaryDirectory { home in
            let world = try world(home)
            let bergen = try await world.keylessRain(["show", "Bergen"])
            #expect(bergen.status == 0, "\(bergen)")
            #expect(bergen.output.hasSuffix("\n\nData: Open-Meteo.com, MET Norway (CC BY 4.0), CAMS (Copernicus)\n"), "\(bergen.output)")
            let berlin = try await world.keylessRain(["show", "Berlin"])
            #expect(berlin.output.hasSuffix("\n\nData: Open-Meteo.com (CC BY 4.0), CAMS (Copernicus)\n"), "MET's feed does not cover Berlin: \(berlin.output)")
            let german = try await world.keylessRain(["show", "Berlin", "--offline"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(german.output.hasSuffix("\n\nDaten: Open-Meteo.com (CC BY 4.0), CAMS (Copernicus)\n"), "\(german.output)")

            // Pirate Weather without the air: no source asks for credit, no line.
            writeFile(home + "/config.json", #"{"timeout_seconds": 30, "air_quality": false}"#)
            let pirate = try await world.rain(["show", "Tokyo"])
            #expect(pirate.status == 0 && !pirate.output.contains("Data:") && !pirate.output.contains("CC BY"), "\(pirate)")
            // Nor does --format carry it.
            let format = try await world.keylessRain(["show", "Bergen", "--offline", "--format", "{temp}"])
            #expect(!format.output.contains("Data:"), "\(format)")
        }
    }

    @Test func theJSONNamesEachSourceItsLinkAndLicence() async throws {
        try await withTemporaryDirectory { home in
            let world = try world(home)
            let shown = try await world.keylessRain(["show", "Bergen", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
            let credits = try #require(document["attribution"] as? [[String: String]])
            #expect(credits.map { [$0["part"], $0["name"]] } == [["forecast", "Open-Meteo.com"], ["air", "Open-Meteo.com"], ["air", "CAMS"],
                                                                 ["alerts", "MET Norway"]], "\(credits)")
            #expect(credits[0]["url"] == "https://open-meteo.com/" && credits[0]["licence"] == "CC BY 4.0")
            #expect(credits[3]["url"] == "https://api.met.no/" && credits[3]["licence"] == "CC BY 4.0, NLOD 2.0")
            // Worked out for the reader: never kept in the cache.
            let folder = home + "/cache/forecasts"
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            #expect(!files.isEmpty)
            for file in files { #expect(try !String(contentsOfFile: folder + "/" + file, encoding: .utf8).contains("attribution"), "\(file)") }
        }
    }

    /// "A link next to any location Open-Meteo data are displayed": `show --all` and `watch
    /// --all` at a terminal end with the credit of every place's sources, within 50 columns; a
    /// pipe keeps one line per place and the credit under them once (hostile trial 17: it had
    /// none, as if a page that publishes the lines owed no credit).
    @Test func theOverviewsCreditTheirSources() async throws {
        try await withTemporaryDirectory { home in
            let world = try world(home)
            let refresh = try await world.keylessRain(["refresh", "--all"])
            #expect(refresh.status == 0, "\(refresh)")
            let piped = try await world.keylessRain(["show", "--all", "--offline"])
            let pipedLines = piped.output.split(separator: "\n")
            #expect(piped.status == 0 && pipedLines.count == 5 && pipedLines.filter { $0.hasPrefix("Data: ") }.count == 1, "\(piped)")
            #expect(pipedLines.last?.hasPrefix("Data: Open-Meteo.com, MET Norway (CC BY 4.0)") == true, "\(piped)")
            let all = try world.terminal(["show", "--all", "--offline"], width: 50, height: 30, environment: world.keylessEnvironment)
            let screen = try await all.waitForScreen(containing: "rain exited with")
            all.kill()
            let lines = screen.split(separator: "\n").map(String.init)
            let credit = try #require(lines.lastIndex(of: "Data: Open-Meteo.com, MET Norway, CAMS"), "\(screen)")
            #expect(lines[credit + 1].hasPrefix("rain exited with 0") && lines.allSatisfy { $0.displayWidth <= 50 }, "\(screen)")

            let watch = try world.terminal(["watch", "--all", "--every", "1h"], width: 80, height: 24, environment: world.keylessEnvironment,
                                           before: "trap 'echo interrupted' INT")
            defer { watch.kill() }
            _ = try await watch.waitForScreen(containing: "refreshing every", limit: .seconds(90))
            let watched = try watch.lines()
            let foot = try #require(watched.firstIndex(of: "Data: Open-Meteo.com, MET Norway (CC BY 4.0), CAMS (Copernicus)"), "\(watched)")
            // Under the table and its legend (what `*` means), above the status line.
            let lastRow = watched[..<foot].last { !$0.hasPrefix("* the current location") && !$0.hasPrefix("AQI:") }
            #expect(lastRow?.contains("Bergen") == true && watched[foot + 1].isEmpty, "under the table, above the status line: \(watched)")
            try watch.send("q")
        }
    }

    /// At 50 columns the line fits: whole where it can, without the licence mark where not.
    @Test func theCreditLineFitsFiftyColumns() async throws {
        try await withTemporaryDirectory { home in
            let world = try world(home)
            let refresh = try await world.keylessRain(["refresh", "--all"])
            #expect(refresh.status == 0, "\(refresh)")
            for (language, line) in [("C.UTF-8", "Data: Open-Meteo.com, MET Norway, CAMS"),
                                     ("de_DE.UTF-8", "Daten: Open-Meteo.com, MET Norway, CAMS")] {
                let session = try world.terminal(["show", "Bergen", "--offline"], width: 50, height: 60,
                                                 environment: world.keylessEnvironment.merging(["LANG": language]) { $1 })
                let screen = try await session.waitForScreen(containing: "rain exited with")
                let lines = screen.split(separator: "\n").map(String.init)
                #expect(lines.contains(line), "\(language): \(screen)")
                #expect(lines.allSatisfy { $0.displayWidth <= 50 })
                session.kill()
            }
        }
    }
}
