import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 22, item 1: a place that is not saved is looked up and shown at once, and saved
/// nowhere; a second look comes from the lookups' cache. The real binary, keyless, against the
/// simulator's Open-Meteo and geocoder.
@Suite struct LookupEndToEndTests {
    private static let config = #"{"timeout_seconds": 60}"#

    private func searches(_ world: ForecastWorld) -> Int { world.requestedPaths.filter { $0 == "/v1/search" }.count }
    private func forecasts(_ world: ForecastWorld) -> Int { world.requestedPaths.filter { $0 == "/v1/forecast" }.count }

    @Test func aNameThatIsNotSavedIsShownAndSavedNowhere() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.config)
            let store = fileBytes(home + "/defaults.json")

            let first = try await world.keylessRain(["sydney", "--country", "AU"])
            #expect(first.status == 0, "\(first)")
            #expect(first.output.hasPrefix("Sydney "), "\(first)")
            #expect(first.output.contains("33.87° S, 151.21° E"), "\(first)")
            #expect(first.error == "rain: to keep this place: rain locations add sydney --country AU\n")
            #expect(searches(world) == 1 && forecasts(world) == 1, "\(world.requestedPaths)")
            let search = try #require(world.simulator.requests.first { $0.path == "/v1/search" })
            #expect(search.queryValue("name") == "sydney" && search.queryValue("countryCode") == "AU", "\(search)")

            // Saved nowhere: the store is as it was, `locations` and a refresh know only their places.
            #expect(fileBytes(home + "/defaults.json") == store)
            let listed = try await world.keylessRain(["locations", "--json"])
            #expect(!listed.output.contains("Sydney"), "\(listed)")
            let refreshed = try await world.keylessRain(["refresh", "--all"])
            #expect(refreshed.status == 0 && !refreshed.output.contains("Sydney"), "\(refreshed)")
            let lookups = try FileManager.default.contentsOfDirectory(atPath: home + "/cache/lookups").filter { $0.hasSuffix(".json") }
            #expect(lookups.count == 1, "the refresh's sweep leaves the lookups alone: \(lookups)")

            // A second look, the letters' case and spaces aside: the cache, no request at all.
            world.simulator.resetRecordedRequests()
            let again = try await world.keylessRain(["SYDNEY", "--country", "au"])
            #expect(again.status == 0 && again.output.hasPrefix("Sydney "), "\(again)")
            #expect(world.requestedPaths.isEmpty, "\(world.requestedPaths)")
            let offline = try await world.keylessRain(["show", "sydney", "--country", "AU", "--offline"])
            #expect(offline.status == 0 && offline.output.hasPrefix("Sydney "), "\(offline)")
        }
    }

    @Test func severalMatchesWithoutATerminalShowTheFirstAndSayHowToChoose() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.config)
            let first = try await world.keylessRain(["springfield"])
            #expect(first.status == 0, "\(first)")
            #expect(first.output.contains("37.22° N, 93.30° W"), "the first the geocoder lists, the most populous (Missouri): \(first)")
            #expect(first.error.hasPrefix("""
                rain: showing Springfield, Missouri, United States (1 of 3 with that name)
                rain: hint: another: rain springfield --pick 2, or narrow with --country CODE

                """), "\(first)")

            let second = try await world.keylessRain(["show", "springfield", "--pick", "3", "--json"])
            #expect(second.status == 0, "\(second)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(second.output.utf8)) as? [String: Any])
            let location = try #require(document["location"] as? [String: Any])
            #expect(location["name"] as? String == "Springfield" && (location["latitude"] as? Double).map { abs($0 - 39.80172) < 0.001 } == true,
                    "Illinois, the third: \(location)")
            #expect(second.error == "rain: to keep this place: rain locations add springfield --pick 3\n")
            #expect(first.error.hasSuffix("rain: to keep this place: rain locations add springfield --pick 1\n"), "\(first)")

            // What a script was shown it finds again, offline too, without asking the geocoder.
            let searched = searches(world)
            let again = try await world.keylessRain(["springfield", "--offline"])
            #expect(again.status == 0 && again.output.contains("37.22° N, 93.30° W"), "\(again)")
            #expect(searches(world) == searched, "\(world.requestedPaths)")
            // The hint to keep it is the first show's: the cache keeps that there were three.
            #expect(again.error == "rain: to keep this place: rain locations add springfield --pick 1\n", "\(again)")

            let tooFar = try await world.keylessRain(["springfield", "--pick", "4"])
            #expect(tooFar.status == 65 && tooFar.error.hasPrefix("rain: error: '--pick 4': only 3 places are named \"springfield\""), "\(tooFar)")
        }
    }

    @Test func coordinatesAreShownAsAPlaceWithoutAName() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.config)
            let shown = try await world.keylessRain(["show", "--lat", "-33.87", "--lon", "151.21"])
            #expect(shown.status == 0 && shown.output.hasPrefix("-33.87, 151.21 "), "\(shown)")
            #expect(shown.error == "rain: to keep this place: rain locations add NAME --lat -33.87 --lon 151.21\n")
            #expect(searches(world) == 0 && forecasts(world) == 1, "nothing is looked up by name: \(world.requestedPaths)")
        }
    }

    @Test func aSavedPlaceAlwaysWinsAndItsNameIsNeverLookedUp() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.config)
            let shown = try await world.keylessRain(["berlin"])
            #expect(shown.status == 0 && shown.output.hasPrefix("Berlin ") && shown.error.isEmpty, "\(shown)")
            #expect(searches(world) == 0)
            let picked = try await world.keylessRain(["berlin", "--pick", "2"])
            #expect(picked.status == 64, "\(picked)")
            #expect(picked.error.hasPrefix("rain: error: '--pick' does not apply: 'berlin' is a saved place ("), "\(picked)")

            // A name two saved places share is a saved place too: still a usage error, not an ambiguity.
            #expect(try await world.keylessRain(["locations", "add", "Berlin", "--lat", "1", "--lon", "1", "--again"]).status == 0)
            let both = try await world.keylessRain(["berlin", "--country", "DE"])
            #expect(both.status == 64, "\(both)")
            #expect(both.error.hasPrefix("rain: error: '--country' does not apply: 'berlin' names several saved places\n"
                                         + "rain: hint: 'berlin' matches 2 locations: Berlin"), "\(both)")
            #expect(searches(world) == 0)

            // A near miss of a saved name is looked up (it may be a place), and when nothing has
            // the name the hint names the saved place.
            let misspelt = try await world.keylessRain(["berln"])
            #expect(misspelt.status == 65, "\(misspelt)")
            #expect(misspelt.error == "rain: error: unknown command or place 'berln'\nrain: hint: did you mean 'Berlin'?\n", "\(misspelt)")
            #expect(searches(world) == 1)
            let offline = try await world.keylessRain(["berln", "--offline"])
            #expect(offline.status == 66 && offline.error.hasSuffix("rain: hint: did you mean 'Berlin'?\n"), "\(offline)")
        }
    }

    /// A near miss of a command before a place is a usage error, and nothing leaves the
    /// machine for it; the hint names the command and, for a place of that name, `rain show`,
    /// which always looks the words up.
    @Test func aMisspeltCommandBeforeAPlaceIsNamedAndNotLookedUp() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.config)
            let misspelt = try await world.keylessRain(["shwo", "paris"])
            #expect(misspelt.status == 64, "\(misspelt)")
            #expect(misspelt.error.hasPrefix("""
                rain: error: unknown command 'shwo'
                rain: hint: did you mean 'rain show paris'?
                rain: hint: or, for a place of that name: rain show shwo paris
                Usage: rain show [<loc>]
                """), "\(misspelt)")
            #expect(searches(world) == 0, "\(world.requestedPaths)")

            let shown = try await world.keylessRain(["show", "shwo", "paris"])
            #expect(shown.status == 65, "\(shown)")
            #expect(shown.error.hasPrefix("rain: error: no place named \"shwo paris\" was found\n"), "\(shown)")
            #expect(searches(world) == 1, "\(world.requestedPaths)")
        }
    }

    @Test func whatCannotBeLookedUpIsAClearError() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.config)
            let unknown = try await world.keylessRain(["nowhereville"])
            #expect(unknown.status == 65, "\(unknown)")
            #expect(unknown.error.hasPrefix("rain: error: unknown command or place 'nowhereville'\n"), "\(unknown)")

            // --offline and --format never use the network: a place never looked up has nothing.
            let offline = try await world.keylessRain(["paris", "--offline"])
            #expect(offline.status == 66, "\(offline)")
            #expect(offline.error.hasPrefix("rain: error: no cached forecast for paris (not saved, never looked up)\n"), "\(offline)")
            let bar = try await world.keylessRain(["paris", "--format", "{temp}", "--json"])
            #expect(bar.status == 66 && bar.output.contains(#""alt": "none""#), "what a bar gets for a place with nothing cached: \(bar)")
            // Its hint looks the place up, as --offline's does: a saved place's `rain refresh ID`
            // would name an ID no saved place has.
            #expect(bar.error.hasSuffix("rain: hint: look it up when online: rain show paris\n"), "\(bar)")
            // The place is named by its name; the hint asks for it as it was asked for.
            let picked = try await world.keylessRain(["paris", "--pick", "2", "--offline"])
            #expect(picked.status == 66 && picked.error == """
                rain: error: no cached forecast for paris (not saved, never looked up)
                rain: hint: look it up when online: rain show paris --pick 2

                """, "\(picked)")
            #expect(searches(world) == 1, "only the first was asked: \(world.requestedPaths)")

            // A number is a saved place's position (or a typo), never a name to look up.
            for number in ["7", "-5", "3.5"] {
                let result = try await world.keylessRain(["show", "--", number])
                #expect(result.status == 65 && result.error.hasPrefix("rain: error: no saved location matches '\(number)'"), "\(result)")
            }
            #expect(searches(world) == 1)

            // A geocoder that fails is named, as `locations add` names it.
            world.simulator.setBehaviour(.status(404))
            let failed = try await world.keylessRain(["lyon"])
            #expect(failed.status == 69, "\(failed)")
            #expect(failed.error.hasPrefix("rain: error: cannot look up 'lyon':\n  the API answered HTTP 404:\n  Not Found\n  geocoder: 127.0.0.1:\(world.simulator.port)\n"), "\(failed)")
        }
    }

    /// On a terminal, several matches are a pick list; Enter shows the one chosen.
    /// The hostile trial: a damaged lookup was passed over in silence, and `--offline` then
    /// said the place was never looked up. It is set aside with a warning, as a saved place's is.
    @Test func aDamagedLookupIsSetAsideAndSaidToBe() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.config)
            let first = try await world.keylessRain(["sydney", "--country", "AU"])
            #expect(first.status == 0, "\(first)")
            let folder = home + "/cache/lookups"
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".json") })
            try Data("{\"schema_version\": 1, \"loc".utf8).write(to: URL(fileURLWithPath: folder + "/" + file))

            let offline = try await world.keylessRain(["show", "sydney", "--country", "AU", "--offline"])
            #expect(offline.status == 66, "\(offline)")
            #expect(offline.error.hasPrefix("rain: warning: the cached forecast \(folder)/\(file) is damaged"), "\(offline)")
            #expect(offline.error.contains("; moved it aside to \(folder)/\(file).damaged-"), "\(offline)")
            #expect(offline.error.contains("rain: error: no cached forecast for sydney\n"), "\(offline)")
            #expect(!offline.error.contains("never looked up"), "\(offline)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(names.filter { $0.hasPrefix(file + ".damaged-") }.count == 1 && !names.contains(file), "\(names)")

            // Online, it is looked up again and cached anew.
            let again = try await world.keylessRain(["sydney", "--country", "AU"])
            #expect(again.status == 0 && again.output.hasPrefix("Sydney "), "\(again)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).contains(file))
        }
    }

    /// A geocoder that fails says nothing of the saved places: its error has no hint about
    /// listing them (the hostile trial's timeout got "'rain locations' lists the saved places").
    @Test func aFailingGeocoderGetsNoHintAboutTheSavedPlaces() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .status(404, retryAfter: nil), config: Self.config)
            let result = try await world.keylessRain(["tokyo"])
            #expect(result.status != 0 && result.error.hasPrefix("rain: error: "), "\(result)")
            #expect(!result.error.contains("rain locations"), "\(result)")
        }
    }

    @Test func severalMatchesOnATerminalAreAPickList() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.config)
            let tmux = try world.terminal(["springfield"], width: 100, height: 60, environment: world.keylessEnvironment)
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Massachusetts", limit: .seconds(90))
            try tmux.send("Down")
            try tmux.send("Enter")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            #expect(screen.contains("42.10° N, 72.59° W"), "the second, Massachusetts: \(screen)")
            #expect(screen.contains("rain: to keep this place: rain locations add springfield --pick 2"), "\(screen)")

            // The choice is cached as the second, not as what the name alone means: a script
            // asking the name alone still gets the first, and says so.
            let script = try await world.keylessRain(["springfield"])
            #expect(script.output.contains("37.22° N, 93.30° W") && script.error.hasPrefix("rain: showing Springfield, Missouri"), "\(script)")
            let again = try await world.keylessRain(["springfield", "--pick", "2"])
            #expect(again.output.contains("42.10° N, 72.59° W"), "\(again)")
            #expect(forecasts(world) == 2, "the second look at the second was the cache's: \(world.requestedPaths)")
        }
    }
}
