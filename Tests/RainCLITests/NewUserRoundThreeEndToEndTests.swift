import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41, a new user's third round: each thing they tripped on, through the real binary
/// against the simulator.
@Suite struct NewUserRoundThreeEndToEndTests {
    /// Item 1: a renamed place shows its new name over the forecast cached before the rename,
    /// wherever a cached forecast is shown, with no refresh between.
    @Test func aRenameShowsOverTheCachedForecastEverywhere() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "--all"]).status == 0)
            let fetched = world.requestedPaths.count
            let renamed = try await world.rain(["locations", "rename", "berlin", "Home", "Town"])
            #expect(renamed.status == 0, "\(renamed)")

            let screen = try await world.rain(["show", "1"], environment: ["COLUMNS": "80"])
            #expect(screen.status == 0 && screen.output.split(separator: "\n").first?.hasPrefix("Home Town") == true, "\(screen)")
            #expect(!screen.output.contains("Berlin"), "\(screen)")
            let place = try await world.rain(["show", "1", "--format", "{place}"])
            #expect(place.output == "Home Town\n", "\(place)")
            let json = try await world.rain(["show", "1", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect((document["location"] as? [String: Any])?["name"] as? String == "Home Town", "\(json.output.prefix(300))")
            let all = try await world.rain(["show", "--all", "--offline"], environment: ["COLUMNS": "80"])
            #expect(all.output.contains("Home Town") && !all.output.contains("Berlin"), "\(all)")
            // Nothing was fetched again: the names come from the store over the cached forecasts.
            #expect(world.requestedPaths.count == fetched, "\(world.requestedPaths)")
        }
    }

    /// Item 2: `--dry-run` beside `--json` is accepted and changes nothing (`--json` sends
    /// nothing already), as a redundant flag usually is.
    @Test func notifyAcceptsDryRunBesideJSON() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let json = try await world.rain(["notify", "--json"])
            let both = try await world.rain(["notify", "--dry-run", "--json"])
            #expect(json.status == 0 && both.status == 0, "\(json) \(both)")
            #expect(both.error.isEmpty, "\(both)")
            let events = try #require(try JSONSerialization.jsonObject(with: Data(both.output.utf8)) as? [[String: Any]])
            let first = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
            #expect(events.compactMap { $0["id"] as? String } == first.compactMap { $0["id"] as? String }, "\(both.output)")
            // Still nothing is sent nor marked: both list every event as new.
            #expect(events.allSatisfy { $0["status"] as? String != "sent" }, "\(both.output)")
        }
    }

    /// Item 4: `{aqi_scale}` says which scale `{aqi}` (a bare number, as the README promises)
    /// is in, as `show --all` marks it: `EU` for Berlin, `US` for a place in the United States.
    @Test func theFormatSaysTheIndexScale() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["locations", "add", "Denver", "--lat", "39.74", "--lon", "-104.98"]).status == 0)
            #expect(try await world.rain(["refresh", "--all"]).status == 0)
            let all = try await world.rain(["show", "--all", "--offline"], environment: ["COLUMNS": "120"])
            for (place, scale) in [("berlin", "EU"), ("denver", "US")] {
                for language in ["C", "de_DE.UTF-8"] {
                    let line = try await world.rain(["show", place, "--format", "{aqi}|{aqi_scale}"], environment: ["LANG": language])
                    #expect(line.status == 0, "\(line)")
                    let parts = line.output.dropLast().split(separator: "|").map(String.init)
                    #expect(parts.count == 2 && Int(parts[0]) != nil && parts[1] == scale, "\(place) \(language): \(line)")
                    if let index = parts.first {
                        #expect(all.output.contains("\(index) \(scale)"), "as show --all marks it: \(all.output)")
                    }
                }
            }
            let help = try await BuiltProduct.run("rain", ["show", "--help"], environment: ["RAIN_HOME": home])
            #expect(help.output.contains("{aqi_scale}"), "\(help)")
        }
    }

    /// Item 5: the simulator's dew point agrees with its temperature and humidity (the Magnus
    /// formula) within 1 °C in every hour, the rainy ones too (whose humidity is raised).
    @Test func theSimulatorsDewPointAgreesWithItsTemperatureAndHumidity() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            // Places where it is raining now (whose humidity the rain raised), and two dry ones.
            var places = [["berlin"], ["tokyo"]]
            for latitude in stride(from: -40.0, through: 60.0, by: 5.0) {
                for longitude in [10.0, 50.0] where places.count < 8 {
                    guard ForecastSimulator.scenario(latitude: latitude, longitude: longitude).minutesUntilPrecipitationStops != nil else { continue }
                    places.append(["--lat", "\(latitude)", "--lon", "\(longitude)"])
                }
            }
            var compared = 0
            for place in places {
                let json = try await world.rain(["show"] + place + ["--json"])
                let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
                let hours = (document["hourly"] as? [[String: Any]] ?? []) + [document["current"] as? [String: Any] ?? [:]]
                for hour in hours {
                    guard let temperature = hour["temperature"] as? Double, let humidity = hour["humidity"] as? Double,
                          let dew = hour["dew_point"] as? Double, humidity > 0 else { continue }
                    let gamma = log(humidity) + 17.625 * temperature / (243.04 + temperature)
                    let expected = 243.04 * gamma / (17.625 - gamma)
                    #expect(abs(dew - expected) <= 1, "\(place): \(temperature) °C at \(humidity): dew \(dew), Magnus \(expected)")
                    compared += 1
                }
            }
            #expect(places.count >= 4 && compared == places.count, "\(compared) of \(places)")
        }
    }

    /// Item 6: `make demo` ends on the cron line, with the key in a file config.json names, not
    /// on a warning that cron will not see RAIN_API_KEY: the last thing a new user sees.
    @Test func theDemoEndsOnTheCronLineWithoutAWarning() async throws {
        let demo = try await BuiltProduct.runSystem("/usr/bin/env", ["-i", "HOME=\(NSTemporaryDirectory())",
            "RAIN_DEMO_BIN=\(BuiltProduct.folder)", "TMPDIR=\(NSTemporaryDirectory())", "PATH=/usr/bin:/bin",
            "sh", Catalogues.repositoryRoot + "/scripts/demo.sh",
        ])
        #expect(demo.status == 0, "\(demo.error)")
        #expect(!demo.error.contains("warning") && !demo.output.contains("warning"), "\(demo.error)")
        let last = demo.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains("rain refresh --all --quiet --if-stale") && !last.contains("RAIN_API_KEY"), "\(demo.output.suffix(800))")
        #expect(demo.output.contains("api_key_file"), "\(demo.output.suffix(800))")
    }

    /// Item 3: a notification says snow as the screen does, in cm, while its JSON `amount`
    /// stays mm of water (docs/notify-json.md): the words are 0.7 cm per mm of it.
    @Test func notifySaysSnowInCentimetres() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            // A January noon, in the north's far north: cold enough for snow, and the clock fixed.
            let world = try ForecastWorld(home: home, now: Date(timeIntervalSince1970: 1_768_478_400))
            var added = 0
            for latitude in stride(from: 62.0, through: 70.0, by: 0.5) {
                for longitude in stride(from: 20.0, through: 120.0, by: 10.0) where added < 12 {
                    guard ForecastSimulator.scenario(latitude: latitude, longitude: longitude).minutesUntilPrecipitation != nil else { continue }
                    let name = "Cold \(added)"
                    let saved = try await world.rain(["locations", "add", name, "--lat", "\(latitude)", "--lon", "\(longitude)"])
                    #expect(saved.status == 0, "\(saved)")
                    added += 1
                }
            }
            let dry = try await world.rain(["notify", "--all", "--dry-run"])
            let json = try await world.rain(["notify", "--all", "--json"])
            let snow = dry.output.split(separator: "\n").filter { $0.contains("Snow in ") }
            #expect(!snow.isEmpty, "\(dry)")
            for line in snow {
                #expect(line.contains(" cm in the first hour") && !line.contains(" mm "), "\(line)")
            }
            let events = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
            for event in events where event["precip_type"] as? String == "snow" && event["kind"] as? String == "rain" {
                let amount = try #require(event["amount"] as? Double)
                let summary = event["summary"] as? String ?? ""
                let said = summary.firstMatch(of: /~([0-9.<]+) cm/).map { String($0.1) } ?? ""
                let agrees = said == "<0.1" ? amount * 0.7 < 0.1 : Double(said).map { abs($0 - amount * 0.7) <= 0.51 } == true
                #expect(agrees, "mm of water in JSON, cm of snow in words: \(amount) \(summary)")
            }
        }
    }

    /// Item 7: the hint to keep a place looked up and not saved is the same every time: a name
    /// with one place names no pick, from the lookups' cache too; a name with several names
    /// `--pick 1` every time; a lookup cached before rain kept how many (no `lookup_matches`)
    /// names the pick, which works either way.
    @Test func theHintToKeepALookupIsTheSameEveryTime() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            for (name, hint) in [("kolkata", "rain locations add kolkata\n"), ("springfield", "rain locations add springfield --pick 1\n")] {
                let first = try await world.keylessRain(["show", name])
                let second = try await world.keylessRain(["show", name])
                let offline = try await world.keylessRain(["show", name, "--offline"])
                for run in [first, second, offline] {
                    #expect(run.status == 0 && run.error.hasSuffix("to keep this place: " + hint), "\(name): \(run)")
                }
            }
            let lookups = home + "/cache/lookups"
            let files = try FileManager.default.contentsOfDirectory(atPath: lookups).filter { $0.hasSuffix(".json") }
            #expect(files.count == 2, "\(files)")
            for file in files {
                let path = lookups + "/" + file
                let text = try String(contentsOfFile: path, encoding: .utf8)
                #expect(text.contains(#""lookup_matches":"#), "\(text.prefix(200))")
                let older = text.replacingOccurrences(of: #""lookup_matches":1,"#, with: "")
                try older.write(toFile: path, atomically: true, encoding: .utf8)
            }
            let older = try await world.keylessRain(["show", "kolkata", "--offline"])
            #expect(older.status == 0 && older.error.hasSuffix("rain: to keep this place: rain locations add kolkata --pick 1\n"), "\(older)")
        }
    }
}
