import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// The air beside the forecast, through the real binary against the simulator's
/// `/v1/air-quality`: what the screen, `--format` and `--json` show is what was served
/// (recomputed here from the simulator's own answer, asked directly), Berlin in the European
/// index with pollen, New York in the US index without; a failing air service leaves the
/// weather whole with one warning line; offline shows the cached air.
@Suite struct AirQualityEndToEndTests {
    /// A May noon: birch, grass and olive are in season in the simulator.
    static let now = Date(timeIntervalSince1970: 1_779_710_400)   // 2026-05-25T12:00:00Z

    static func world(_ home: String) throws -> (ForecastWorld, Location) {
        let world = try ForecastWorld(home: home, now: now)
        let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
        let newYork = try store.add(name: "New York", coordinate: Coordinate(latitude: 40.7128, longitude: -74.006)).location
        return (world, newYork)
    }

    /// The simulator's answer for a place, asked as rain asks, for the hour of `now`.
    static func served(_ world: ForecastWorld, _ place: Location) async throws -> [String: Any] {
        let url = world.simulator.rootURL + "/v1/air-quality?latitude=\(place.coordinate.latitude)&longitude=\(place.coordinate.longitude)"
            + "&hourly=european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,sulphur_dioxide,carbon_monoxide,dust,"
            + "alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen&timeformat=unixtime&past_days=1&forecast_days=4"
        let answer = try await BuiltProduct.runSystem("/usr/bin/curl", ["-s", url])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any])
        let hourly = try #require(body["hourly"] as? [String: Any])
        let times = try #require(hourly["time"] as? [Int])
        let hour = try #require(times.firstIndex(of: Int(now.timeIntervalSince1970 / 3600) * 3600))
        var row: [String: Any] = [:]
        for (key, column) in hourly { row[key] = (column as? [Any])?[hour] }
        return row
    }

    static func europeanCategory(_ index: Double) -> String {
        switch index.rounded() {
        case ..<20: "Good"
        case ..<40: "Fair"
        case ..<60: "Moderate"
        case ..<80: "Poor"
        case ...100: "Very poor"
        default: "Extremely poor"
        }
    }

    static func usCategory(_ index: Double) -> String {
        switch index.rounded() {
        case ...50: "Good"
        case ...100: "Moderate"
        case ...150: "Unhealthy for sensitive groups"
        case ...200: "Unhealthy"
        case ...300: "Very unhealthy"
        default: "Hazardous"
        }
    }

    /// The pollutant with the highest European sub-index (the EEA's hourly bands).
    static func europeanDriver(_ row: [String: Any]) -> String {
        let bands: [(String, String, [Double])] = [
            ("nitrogen_dioxide", "NO₂", [0, 10, 25, 60, 100, 150]), ("ozone", "O₃", [0, 60, 100, 120, 160, 180]),
            ("sulphur_dioxide", "SO₂", [0, 20, 40, 125, 190, 275]), ("pm2_5", "PM2.5", [0, 5, 15, 50, 90, 140]),
            ("pm10", "PM10", [0, 15, 45, 120, 195, 270]),
        ]
        func position(_ value: Double, _ t: [Double]) -> Double {
            guard value > 0 else { return 0 }
            for i in 1..<t.count where value < t[i] { return Double(i - 1) + (value - t[i - 1]) / (t[i] - t[i - 1]) }
            return Double(t.count - 1) + (value - t[t.count - 1]) / (t[t.count - 1] - t[t.count - 2])
        }
        return bands.max { position(row[$0.0] as! Double, $0.2) < position(row[$1.0] as! Double, $1.2) }!.1
    }

    @Test func berlinAndNewYorkEachSeeTheirIndexAsServed() async throws {
        try await withTemporaryDirectory { home in
            let (world, newYork) = try Self.world(home)
            let refreshed = try await world.keylessRain(["refresh", "--all"])
            #expect(refreshed.status == 0)
            #expect(refreshed.error.isEmpty, "\(refreshed.error)")
            #expect(world.simulator.airRequests.count == 3, "one air request per place, beside its forecast")

            let berlinRow = try await Self.served(world, world.berlin)
            let european = try #require(berlinRow["european_aqi"] as? Double)
            let screen = try await world.keylessRain(["show", "Berlin", "--offline"])
            let expectedLine = "  European AQI \(Int(european.rounded())): \(Self.europeanCategory(european)) (\(Self.europeanDriver(berlinRow)))"
            #expect(screen.output.split(separator: "\n").contains { $0 == expectedLine }, "\(screen.output)")
            let pollenLine = try #require(screen.output.split(separator: "\n").first { $0.hasPrefix("  Pollen ") }, "\(screen.output)")
            #expect(String(pollenLine).displayWidth <= 50)
            let birch = try #require(berlinRow["birch_pollen"] as? Double)
            if birch >= 1 { #expect(pollenLine.lowercased().contains("birch")) }

            let nyRow = try await Self.served(world, newYork)
            let us = try #require(nyRow["us_aqi"] as? Double)
            let nyScreen = try await world.keylessRain(["show", "New York", "--offline"])
            let nyLine = try #require(nyScreen.output.split(separator: "\n").first { $0.hasPrefix("  US AQI ") })
            #expect(nyLine.hasPrefix("  US AQI \(Int(us.rounded())): \(Self.usCategory(us))"), "\(nyLine)")
            #expect(String(nyLine).displayWidth <= 50)
            #expect(!nyScreen.output.lowercased().contains("pollen"), "no pollen outside Europe")
            #expect(nyRow["birch_pollen"] is NSNull, "the simulator sends nulls for pollen outside Europe, as the server does")

            let format = try await world.keylessRain(["show", "New York", "--offline", "--format", "{aqi}|{aqi_category}|{pm2_5}|{pollen}"])
            let pm2_5 = try #require(nyRow["pm2_5"] as? Double)
            let shownPM = pm2_5 >= 10 ? String(Int(pm2_5.rounded())) : String(format: "%.1f", pm2_5)
            #expect(format.output == "\(Int(us.rounded()))|\(Self.usCategory(us))|\(shownPM) μg/m³|–\n")

            // `show --all`: the index now in each place's scale, in its own column, each value
            // marked with its scale: the table mixes the two.
            let all = try await world.keylessRain(["show", "--all", "--offline"])
            let table = all.output.split(separator: "\n").map(String.init)
            #expect(table.first?.contains(" AQI ") == true, "\(all.output)")
            #expect(table.contains { $0.contains(" Berlin ") && $0.contains(" \(Int(european.rounded())) EU  ") }, "\(all.output)")
            #expect(table.contains { $0.contains(" New York ") && $0.contains(" \(Int(us.rounded())) US  ") }, "\(all.output)")

            for (place, row, hasPollen) in [(world.berlin, berlinRow, true), (newYork, nyRow, false)] {
                let json = try await world.keylessRain(["show", place.name, "--offline", "--json"])
                let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
                let current = try #require((document["air"] as? [String: Any])?["current"] as? [String: Any])
                for key in ["european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide", "sulphur_dioxide", "carbon_monoxide", "dust"] {
                    #expect((current[key] as? Double) == (row[key] as? Double), "\(place.name) \(key)")
                }
                let pollen = current["pollen"] as? [String: Double]
                #expect((pollen != nil) == hasPollen)
                if let pollen { #expect(pollen["birch"] == row["birch_pollen"] as? Double) }
                let hourly = try #require((document["air"] as? [String: Any])?["hourly"] as? [[String: Any]])
                // From the hour 24 hours before the fetch (as far back as the US index's means
                // reach) to the last hour served: the day before's earlier hours are not kept.
                #expect(hourly.count == 5 * 24 - 12)
                #expect(hourly.first?["time"] as? String == "2026-05-24T12:00:00Z")
                #expect(hourly.last?["time"] as? String == "2026-05-28T23:00:00Z")
            }
        }
    }

    /// A forecast cached by an earlier rain kept the whole day before the fetch: it is read as
    /// it is (same screen, all its hours in `--json`), and the next refresh replaces it.
    @Test func aCacheKeepingTheWholeDayBeforeIsStillRead() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            let screen = try await world.keylessRain(["show", "Berlin", "--offline"])
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            var air = try #require(cached.forecast.air)
            let first = try #require(air.hourly.first)
            #expect(first.time == Date(timeIntervalSince1970: 1_779_624_000))   // 2026-05-24T12:00:00Z
            air.hourly.insert(contentsOf: (1...12).reversed().map { back in
                var earlier = first
                earlier.time = first.time.addingTimeInterval(Double(-back) * 3600)
                return earlier
            }, at: 0)
            cached.forecast.air = air
            try cache.save(cached)

            let old = try await world.keylessRain(["show", "Berlin", "--offline"])
            #expect(old.status == 0 && old.error.isEmpty, "\(old.error)")
            #expect(old.output == screen.output)
            let json = try await world.keylessRain(["show", "Berlin", "--offline", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let hourly = try #require((document["air"] as? [String: Any])?["hourly"] as? [[String: Any]])
            #expect(hourly.count == 5 * 24)
            #expect(hourly.first?["time"] as? String == "2026-05-24T00:00:00Z")

            let refreshed = try await world.keylessRain(["refresh", "Berlin"])
            #expect(refreshed.status == 0 && refreshed.error.isEmpty, "\(refreshed.error)")
            #expect(try cache.load(for: world.berlin.id)?.forecast.air?.hourly.count == 5 * 24 - 12)
        }
    }

    @Test func aFailingAirServiceLeavesTheWeatherWithOneWarning() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            world.simulator.setAirBehaviour(.status(500))
            let result = try await world.keylessRain(["refresh", "Berlin"])
            #expect(result.status == 0)
            let warnings = result.error.split(separator: "\n")
            #expect(warnings.count == 1, "\(result.error)")
            #expect(warnings.first?.hasPrefix("rain: warning: Berlin: could not fetch the air quality:") == true, "\(result.error)")
            #expect(result.output.hasPrefix("Berlin"), "the weather was refreshed")
            let shown = try await world.keylessRain(["show", "Berlin", "--offline"])
            #expect(shown.output.contains("European AQI"), "the air fetched before stays")
            let quiet = try await world.keylessRain(["refresh", "Berlin", "--quiet"])
            #expect(quiet.status == 0)
            #expect(quiet.error.isEmpty)
        }
    }

    @Test func turnedOffItIsNotAsked() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "air_quality": false}"#, now: Self.now)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            #expect(world.simulator.airRequests.isEmpty)
            #expect(!(try await world.keylessRain(["show", "Berlin", "--offline"])).output.contains("AQI"))
        }
    }

    @Test func theUSScaleCanBeChosenEverywhere() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "aqi_scale": "us"}"#, now: Self.now)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            let row = try await Self.served(world, world.berlin)
            let us = try #require(row["us_aqi"] as? Double)
            let shown = try await world.keylessRain(["show", "Berlin", "--offline"])
            #expect(shown.output.contains("  US AQI \(Int(us.rounded())): \(Self.usCategory(us))"), "\(shown.output)")
        }
    }

    @Test func notifyTellsOfTheAirAndThePollenOnceADay() async throws {
        try await withTemporaryDirectory { home in
            let config = #"{"timeout_seconds": 30, "notify": {"places": "all", "air_quality_above": 1, "pollen": {"level": "low", "kinds": ["birch", "grass", "olive"]}}}"#
            let world = try ForecastWorld(home: home, config: config, now: Self.now)
            #expect(try await world.keylessRain(["refresh", "--all"]).status == 0)
            _ = try Catalogues.compiled()
            let german = try await world.keylessRain(["notify", "--all", "--json", "--dry-run"], environment: ["LANG": "de_DE.UTF-8"])
            let deutsch = try #require(try JSONSerialization.jsonObject(with: Data(german.output.utf8)) as? [[String: Any]])
            let pollenDE = try #require(deutsch.first { $0["kind"] as? String == "pollen" }?["summary"] as? String, "\(german)")
            #expect(pollenDE.wholeMatch(of: #/Berlin ab [0-9]{2}:00 – Pollen (gering|mittel|hoch|sehr hoch) \((Birke|Gräser|Olive).+\)/#) != nil, "\(pollenDE)")
            let json = try await world.keylessRain(["notify", "--all", "--json"])
            #expect(json.status == 0, "\(json)")
            let events = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
            // The pollen as the screen names it, each level once with its plants: "Berlin: pollen
            // birch high from 12:00" read as no sentence.
            let pollen = try #require(events.first { $0["kind"] as? String == "pollen" }?["summary"] as? String, "\(events)")
            let plants = "(birch|grass|olive)(, (birch|grass|olive))*"
            let level = "(low|medium|high|very high) \\(\(plants)\\)"
            #expect(pollen.wholeMatch(of: try Regex("Berlin: Pollen \(level)(, \(level))* from [0-9]{2}:00")) != nil, "\(pollen)")
            let berlinAir = try #require(events.first { $0["kind"] as? String == "air" && ($0["id"] as? String)?.contains(world.berlin.idString) == true })
            let row = try await Self.served(world, world.berlin)
            let european = try #require(row["european_aqi"] as? Double)
            #expect(berlinAir["summary"] as? String == "Berlin: European AQI \(Int(european.rounded())) (\(Self.europeanCategory(european))) from 14:00", "\(berlinAir)")
            #expect(!events.contains { $0["kind"] as? String == "pollen" && ($0["summary"] as? String)?.hasPrefix("Tokyo") == true }, "no pollen outside Europe")
            let bad = try await world.keylessRain(["notify", "--json"])
            #expect(bad.status == 0)
            writeFile(home + "/config.json", #"{"notify": {"pollen": {"level": "extreme"}}}"#)
            let refused = try await world.keylessRain(["notify"])
            #expect(refused.status == 78, "\(refused)")
            #expect(refused.error.contains("notify.pollen"), "\(refused.error)")
        }
    }
}
