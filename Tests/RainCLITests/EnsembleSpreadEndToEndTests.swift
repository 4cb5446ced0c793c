import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// `rain show --spread` through the real binary against the simulator's `/v1/ensemble`: the
/// percentiles and rain shares rain shows are recomputed here from the members the simulator
/// serves (asked directly); Berlin gets ICON's 40 runs, Tokyo (outside ICON-EU-EPS) GFS's 31;
/// with the ensemble service down the forecast is still shown, with one warning line.
@Suite struct EnsembleSpreadEndToEndTests {
    static let now = Date(timeIntervalSince1970: 1_779_710_400)   // 2026-05-25T12:00:00Z

    struct Served {
        var times: [Int]
        var temperature: [[Double]]
        /// mm in the hour starting at each time (the server's sums end at the time).
        var precipitation: [[Double]]
    }

    static func served(_ world: ForecastWorld, _ place: Location, model: String, members: Int) async throws -> Served {
        let url = world.simulator.rootURL + "/v1/ensemble?latitude=\(place.coordinate.latitude)&longitude=\(place.coordinate.longitude)"
            + "&hourly=temperature_2m,precipitation&models=\(model)&timezone=auto&timeformat=unixtime&past_days=1&forecast_days=7"
        let answer = try await BuiltProduct.runSystem("/usr/bin/curl", ["-s", url])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any])
        let hourly = try #require(body["hourly"] as? [String: Any])
        let units = try #require(body["hourly_units"] as? [String: String])
        let times = try #require(hourly["time"] as? [Int])
        var served = Served(times: times, temperature: [], precipitation: [])
        for member in 0..<members {
            let suffix = member == 0 ? "" : String(format: "_member%02d", member)
            #expect(units["temperature_2m" + suffix] == "°C")
            served.temperature.append(try #require(hourly["temperature_2m" + suffix] as? [Double]))
            let sums = try #require(hourly["precipitation" + suffix] as? [Double])
            served.precipitation.append(Array(sums.dropFirst()) + [0])
        }
        #expect(hourly["temperature_2m" + String(format: "_member%02d", members)] == nil, "exactly \(members) runs")
        return served
    }

    /// Hours in a step ending `lead` hours into the run, written out again from open-meteo's
    /// `Icon.swift` (`getDownloadForecastSteps`) and `GfsDomain.swift` (`forecastHours`).
    static func stepHours(_ model: String, _ lead: Int) -> Int {
        model == "icon_seamless" ? (lead <= 48 ? 1 : lead <= 72 ? 3 : lead <= 120 ? 6 : 12) : 3
    }

    /// The step each served hour is part of (the lead time its step ends at, from midnight
    /// UTC of the day asked, the answer's second with `past_days=1`: the run the simulator and
    /// rain take it for).
    /// The simulator's runs are issued at 00:00 UTC of `now`'s day, whatever the zone of the
    /// hours asked.
    static func stepEnds(_ times: [Int], model: String, now: Date) -> [Int] {
        let origin = Int(now.timeIntervalSince1970) / 86400 * 86400
        return times.map { time in
            // Yesterday's hours (`past_days=1`), before the run, are earlier runs' first hours:
            // the model's first steps (ICON's 1 hour, GEFS's 3), on the same grid of UTC.
            let lead = (time - origin) / 3600 + 1, hours = stepHours(model, max(lead, 1))
            return Int((Double(lead) / Double(hours)).rounded(.up)) * hours
        }
    }

    /// Linear interpolation between order statistics, written out again.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        let position = Double(sorted.count - 1) * p
        let below = Int(position)
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (position - Double(below)) * (sorted[above] - sorted[below])
    }

    static func document(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    static func seconds(_ iso: Any?) throws -> Int {
        let text = try #require(iso as? String)
        let date = try #require(ISO8601DateFormatter().date(from: text))
        return Int(date.timeIntervalSince1970)
    }

    func checkSpread(_ world: ForecastWorld, _ place: Location, model: String, named name: String, members: Int) async throws {
        let served = try await Self.served(world, place, model: model, members: members)
        let json = try await world.keylessRain(["show", place.name, "--json", "--spread"])
        #expect(json.status == 0, "\(json.error)")
        let document = try Self.document(json.output)
        let spread = try #require(document["spread"] as? [String: Any])
        #expect(spread["model"] as? String == model)
        #expect(spread["members"] as? Int == members)
        // Days in the place's zone, from today's: the served hours from its midnight on.
        let zoneName = try #require(document["timezone"] as? String)
        let zone = try #require(TimeZone(identifier: zoneName))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = Int(calendar.startOfDay(for: try #require(world.now)).timeIntervalSince1970)
        let hourly = try #require(spread["hourly"] as? [[String: Any]])
        let first = try #require(served.times.firstIndex(of: today), "the answer holds all of today")
        #expect(hourly.count == served.times.count - first)
        for (shownHour, hour) in hourly.enumerated() {
            let i = shownHour + first
            #expect(try Self.seconds(hour["time"]) == served.times[i])
            let temperatures = served.temperature.map { $0[i] }
            for (key, p) in [("temperature_p10", 0.1), ("temperature_p50", 0.5), ("temperature_p90", 0.9)] {
                let shown = try #require(hour[key] as? Double)
                #expect(abs(shown - Self.percentile(temperatures, p)) <= 0.005 + 1e-9, "\(key) at \(i)")
            }
            if i < served.times.count - 1 {
                let wet = served.precipitation.filter { $0[i] >= 0.1 }.count
                #expect(abs(try #require(hour["precip_chance"] as? Double) - Double(wet) / Double(members)) <= 0.0005 + 1e-9)
            }
        }
        // Each run's high and low, the share of runs with rain; the first day is today.
        let daily = try #require(spread["daily"] as? [[String: Any]])
        #expect(daily.count >= 5)
        #expect(try Self.seconds(daily.first?["time"]) == today, "\(zoneName): daily[0] is today")
        // A step's hours are equal in every run; its rain counts in the day of its middle hour.
        let ends = Self.stepEnds(served.times, model: model, now: try #require(world.now))
        for end in Set(ends) where end > ends.first! && end < ends.last! {
            let hours = ends.indices.filter { ends[$0] == end }
            #expect(hours.count == Self.stepHours(model, end))
            #expect(served.precipitation.allSatisfy { run in Set(hours.map { run[$0] }).count == 1 }, "step ending at \(end) h")
        }
        let rainDays = ends.map { end in
            let hours = ends.indices.filter { ends[$0] == end }
            return Int(calendar.startOfDay(for: Date(timeIntervalSince1970: Double(served.times[hours[(hours.count - 1) / 2]]))).timeIntervalSince1970)
        }
        var screenLines: [String] = []
        for day in daily {
            let start = try Self.seconds(day["time"])
            let hours = served.times.indices.filter {
                Int(calendar.startOfDay(for: Date(timeIntervalSince1970: Double(served.times[$0]))).timeIntervalSince1970) == start
            }
            #expect(hours.count >= 20)
            let highs = served.temperature.map { run in hours.map { run[$0] }.max()! }
            let lows = served.temperature.map { run in hours.map { run[$0] }.min()! }
            #expect(abs(try #require(day["temperature_high_p10"] as? Double) - Self.percentile(highs, 0.1)) <= 0.005 + 1e-9)
            #expect(abs(try #require(day["temperature_high_p90"] as? Double) - Self.percentile(highs, 0.9)) <= 0.005 + 1e-9)
            #expect(abs(try #require(day["temperature_low_p10"] as? Double) - Self.percentile(lows, 0.1)) <= 0.005 + 1e-9)
            #expect(abs(try #require(day["temperature_low_p90"] as? Double) - Self.percentile(lows, 0.9)) <= 0.005 + 1e-9)
            let wet = served.times.indices.filter { rainDays[$0] == start }
            let rainy = served.precipitation.filter { run in wet.map { run[$0] }.reduce(0, +) >= 0.1 }.count
            #expect(day["rain_runs"] as? Int == rainy)
            #expect(abs(try #require(day["precip_chance"] as? Double) - Double(rainy) / Double(members)) <= 0.0005 + 1e-9)
            let high = "\(Int(Self.percentile(highs, 0.1).rounded()))…\(Int(Self.percentile(highs, 0.9).rounded()))°"
            screenLines.append(rainy * 2 > members ? "rain in \(rainy) of \(members) runs" : "dry in \(members - rainy) of \(members) runs")
            screenLines[screenLines.count - 1] = high + "|" + screenLines[screenLines.count - 1]
        }

        let screen = try await world.keylessRain(["show", place.name, "--spread"], environment: ["COLUMNS": "50"])
        #expect(screen.status == 0, "\(screen.error)")
        let lines = screen.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("  How sure: \(name), \(members) runs"), "\(screen.output)")
        let spreadLines = lines.drop { !$0.contains("How sure:") }
        #expect(spreadLines.count >= 7)
        #expect(spreadLines.allSatisfy { $0.displayWidth <= 50 }, "\(screen.output)")
        // Today's line onwards: each day's high range and its runs, as recomputed.
        for expected in screenLines.dropFirst() {
            let parts = expected.split(separator: "|").map(String.init)
            #expect(lines.contains { $0.contains(parts[0]) && $0.hasSuffix(parts[1]) }, "\(expected)\n\(screen.output)")
        }
        #expect(lines.contains { $0.contains(": runs disagree on the high, ") || $0.contains(": the high is least sure, ") }, "\(screen.output)")
        // The credit is the foot of the forecast and its spread alike, once.
        #expect(lines.last?.hasPrefix("Data: Open-Meteo.com") == true && lines.filter { $0.hasPrefix("Data: ") }.count == 1, "\(screen.output)")
    }

    @Test func berlinGetsICONsFortyRunsAsServed() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            try await checkSpread(world, world.berlin, model: "icon_seamless", named: "ICON (DWD)", members: 40)
        }
    }

    @Test func tokyoOutsideICONsEuropeGetsGFS() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            try await checkSpread(world, world.tokyo, model: "gfs_seamless", named: "GFS (NOAA)", members: 31)
        }
    }

    /// In Los Angeles at 18:00 (01:00 UTC the next day) today is still the first day, as in
    /// Tokyo at 21:00 above, and `{temp_range} {rain_runs}` say today's.
    @Test func losAngelesInTheEveningKeepsToday() async throws {
        try await withTemporaryDirectory { home in
            let evening = Self.now.addingTimeInterval(13 * 3600)   // 2026-05-26T01:00Z, 18:00 in Los Angeles
            let world = try ForecastWorld(home: home, now: evening)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            let losAngeles = try store.add(name: "Los Angeles", coordinate: Coordinate(latitude: 34.05, longitude: -118.24)).location
            try await checkSpread(world, losAngeles, model: "gfs_seamless", named: "GFS (NOAA)", members: 31)
            let line = try await world.keylessRain(["show", "Los Angeles", "--format", "{temp_range} {rain_runs}"])
            #expect(line.status == 0 && !line.output.contains("–") && line.output.hasSuffix("/31\n"), "\(line)")
        }
    }

    /// A regional model outside its grid: the server answers 200 with a body that is not JSON,
    /// `{"latitude":nan,...` (open-meteo's `GenericReader.init` returns nil there and
    /// `JsonWriter` prints the reader-less `.nan`), at the request's full weight. rain knows the
    /// grid, asks nothing, says the model does not cover the place, in one line, and shows the
    /// forecast. Inside ICON-D2-EPS's grid (Berlin) its 20 runs are shown.
    @Test func aRegionalModelOutsideItsGridSaysSo() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "ensemble_model": "icon_d2"}"#, now: Self.now)
            let outside = world.simulator.rootURL + "/v1/ensemble?latitude=35.68&longitude=139.65&hourly=temperature_2m,precipitation&models=icon_d2"
            let raw = try await BuiltProduct.runSystem("/usr/bin/curl", ["-s", outside])
            #expect(raw.output.hasPrefix(#"{"latitude":nan,"longitude":nan,"generationtime_ms":"#), "\(raw.output.prefix(300))")
            #expect((try? JSONSerialization.jsonObject(with: Data(raw.output.utf8))) == nil, "not JSON, as the real server's")
            let asked = world.simulator.requests.filter { $0.path == "/v1/ensemble" }.count
            let shown = try await world.keylessRain(["show", "Tokyo", "--spread"])
            #expect(world.simulator.requests.filter { $0.path == "/v1/ensemble" }.count == asked, "nothing asked outside the grid")
            #expect(shown.status == 0 && shown.output.hasPrefix("Tokyo"), "\(shown)")
            #expect(!shown.output.contains("How sure") && !shown.output.contains(" runs"), "\(shown.output)")
            #expect(shown.error == "rain: warning: ICON-D2 (DWD) does not cover Tokyo\n", "\(shown.error)")
            let json = try await world.keylessRain(["show", "Tokyo", "--json", "--spread"])
            #expect(json.status == 0, "\(json)")
            #expect(try Self.document(json.output)["spread"] == nil, "\(json.output.prefix(300))")
            let berlin = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(berlin.status == 0 && berlin.output.contains("How sure: ICON-D2 (DWD), 20 runs") && berlin.error.isEmpty, "\(berlin)")
        }
    }

    @Test func withTheEnsembleServiceDownTheForecastIsShownWithOneWarning() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            let down = ["RAIN_ENSEMBLE_URL": "http://127.0.0.1:1/v1/ensemble"]
            let shown = try await world.keylessRain(["show", "Berlin", "--spread"], environment: down)
            #expect(shown.status == 0, "\(shown.error)")
            #expect(shown.output.hasPrefix("Berlin"), "\(shown.output)")
            #expect(!shown.output.contains("How sure"))
            #expect(shown.error == "rain: warning: could not fetch the spread: cannot reach 127.0.0.1:1\n", "\(shown.error)")
            let json = try await world.keylessRain(["show", "Berlin", "--json", "--spread"], environment: down)
            #expect(json.status == 0)
            #expect(try Self.document(json.output)["spread"] == nil)
        }
    }

    /// A spread that cannot be kept (here a folder where its file goes) is shown all the same,
    /// and one line says it will be asked again, at its cost in calls, rather than nothing.
    @Test func aSpreadThatCannotBeKeptIsShownAndSaysSo() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            let paths = RainPaths.resolve(environment: ["RAIN_HOME": home])
            let kept = SpreadCache(besideForecastsIn: paths.forecastsDirectory).directory + "/\(world.berlin.id.uuidString.lowercased()).json"
            try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
            let shown = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(shown.status == 0 && shown.output.contains("How sure: ICON (DWD), 40 runs"), "\(shown)")
            let lines = shown.error.split(separator: "\n")
            #expect(lines.first == "rain: warning: could not save the spread; it is fetched again next time"
                    && lines.count == 2 && lines[1].hasPrefix("rain: warning: ") && lines[1].contains(".json"), "\(shown.error)")
            // The first line fits 80 columns in every language; the second is the file's own.
            _ = try Catalogues.compiled()
            for language in ["de_DE.UTF-8", "fr_FR.UTF-8", "ru_RU.UTF-8", "ja_JP.UTF-8", "pl_PL.UTF-8"] {
                let translated = try await world.keylessRain(["show", "Berlin", "--spread"], environment: ["LANG": language])
                let first = try #require(translated.error.split(separator: "\n").first.map(String.init), "\(translated)")
                #expect(first.displayWidth <= 80 && translated.error.split(separator: "\n").count == 2, "\(language): \(translated.error)")
            }
        }
    }

    @Test func spreadIsRefusedWhereItCannotShow() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            let refused = try await world.keylessRain(["show", "--all", "--spread"])
            #expect(refused.status == 64)
            #expect(refused.error.hasPrefix("rain: error: '--spread' cannot be combined with '--all'"), "\(refused.error)")
        }
    }
}

extension EnsembleSpreadEndToEndTests {
    @Test func theSpreadIsKeptSixHoursBesideTheForecasts() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            func ensembleRequests() -> Int { world.simulator.requests.filter { $0.path == "/v1/ensemble" }.count }
            let first = try await world.keylessRain(["show", "Berlin", "--json", "--spread"])
            #expect(first.status == 0, "\(first.error)")
            #expect(ensembleRequests() == 1)
            let kept = try FileManager.default.contentsOfDirectory(atPath: home + "/cache/ensembles")
            #expect(kept == [world.berlin.idString + ".json"], "\(kept)")
            // Ten minutes on (faketime starts each process's clock at the moment given, so a
            // second run at the same moment could be earlier than the first one's fetch).
            let second = try await BuiltProduct.run("rain", ["show", "Berlin", "--json", "--spread"],
                                                    environment: world.keylessEnvironment, at: Self.now.addingTimeInterval(600))
            #expect(second.status == 0, "\(second.error)")
            #expect(ensembleRequests() == 1, "asked once in 6 hours")
            #expect(try Self.document(second.output)["spread"] as? NSDictionary == Self.document(first.output)["spread"] as? NSDictionary)
        }
    }

    /// On an 80x24 terminal the forecast gives the spread and the credit their lines: the place
    /// and "updated" stay in view above the shell's prompt.
    @Test func theForecastAndItsSpreadFitTwentyFourLines() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)  // the terminal's rain reads the real clock
            let (screen, lines) = try await AirFixesEndToEndTests.terminal(world, ["show", "Berlin", "--spread"], width: 80)
            #expect(lines.first?.hasPrefix("Berlin") == true && lines.contains { $0.contains("updated") }, "\(screen)")
            #expect(lines.contains { $0.hasPrefix("  How sure: ICON") } && lines.contains { $0.hasPrefix("Data: ") }, "\(screen)")
        }
    }
}
