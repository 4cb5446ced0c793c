import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 39: `show --json`'s `air.index` is what the screen's air line says (the scale, the
/// category and the pollutant that drives the index), in ids a script compares. Recomputed here
/// from the simulator's own hours, asked directly, in both scales of `aqi_scale`.
@Suite struct AirIndexJSONEndToEndTests {
    /// The simulator's hours for a place, asked as rain asks, and where the hour of `now` is.
    static func servedHours(_ world: ForecastWorld, _ place: Location) async throws -> (hours: [[String: Any]], now: Int) {
        let url = world.simulator.rootURL + "/v1/air-quality?latitude=\(place.coordinate.latitude)&longitude=\(place.coordinate.longitude)"
            + "&hourly=european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,sulphur_dioxide,carbon_monoxide,dust"
            + "&timeformat=unixtime&past_days=1&forecast_days=4"
        let answer = try await BuiltProduct.runSystem("/usr/bin/curl", ["-s", url])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any])
        let hourly = try #require(body["hourly"] as? [String: Any])
        let times = try #require(hourly["time"] as? [Int])
        let now = try #require(times.firstIndex(of: Int(AirQualityEndToEndTests.now.timeIntervalSince1970 / 3600) * 3600))
        let hours = times.indices.map { hour in
            var row: [String: Any] = [:]
            for (key, column) in hourly { row[key] = (column as? [Any])?[hour] }
            return row
        }
        return (hours, now)
    }

    /// Where `value` falls among thresholds as a fractional position, extrapolated past the last
    /// (the service's `positionExtrapolated`).
    static func position(_ value: Double, _ t: [Double]) -> Double {
        guard value > t[0] else { return 0 }
        for i in 1..<t.count where value < t[i] { return Double(i - 1) + (value - t[i - 1]) / (t[i] - t[i - 1]) }
        return Double(t.count - 1) + (value - t[t.count - 1]) / (t[t.count - 1] - t[t.count - 2])
    }

    /// The pollutant with the highest US sub-index (the EPA's breakpoints as Open-Meteo applies
    /// them: PM 24-hour means, ozone and CO 8-hour means, NO₂ and SO₂ hourly, μg/m³ to ppb).
    static func usDriver(_ hours: [[String: Any]], at now: Int) -> String? {
        func mean(_ key: String, _ count: Int) -> Double? {
            let values = hours[max(0, now - count + 1)...now].compactMap { $0[key] as? Double }
            return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
        func scaled(_ value: Double) -> Double { value <= 4 ? value * 50 : value * 100 - 200 }
        var subIndices: [(String, Double)] = []
        func add(_ key: String, _ index: (Double) -> Double?) {
            if let hourly = hours[now][key] as? Double, let index = index(hourly) { subIndices.append((key, index)) }
        }
        add("pm2_5") { _ in mean("pm2_5", 24).map { scaled(position($0, [0, 9, 35.5, 55.5, 125.5, 225.5, 325.5, 500])) } }
        add("pm10") { _ in mean("pm10", 24).map { scaled(position($0, [0, 55, 155, 255, 355, 425, 505, 605])) } }
        add("carbon_monoxide") { _ in mean("carbon_monoxide", 8).map { scaled(position($0 / 1.15 / 1000, [0, 4.5, 9.5, 12.5, 15.5, 30.5, 40.5, 50.5])) } }
        add("nitrogen_dioxide") { scaled(position($0 / 1.88, [0, 54, 100, 360, 650, 1250, 1650, 2050])) }
        add("sulphur_dioxide") { scaled(position($0 / 2.62, [0, 35, 75, 185, 305])) }
        add("ozone") { hourly in
            let eight = mean("ozone", 8).map { scaled(position($0 / 1.96, [0, 55, 70, 85, 105, 200])) } ?? 0
            let ppb = hourly / 1.96
            return max(eight, ppb < 125 ? 0 : scaled(2 + position(ppb, [125, 165, 205, 405, 505, 605])))
        }
        return subIndices.max { $0.1 < $1.1 }?.0
    }

    /// The category word as an id: "Very poor" is `very_poor`.
    static func id(_ word: String) -> String { word.lowercased().replacingOccurrences(of: " ", with: "_") }

    @Test func theIndexTheScreenShowsIsInTheJSON() async throws {
        try await withTemporaryDirectory { home in
            let (world, newYork) = try AirQualityEndToEndTests.world(home)
            #expect(try await world.keylessRain(["refresh", "--all"]).status == 0)
            let hour = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: (AirQualityEndToEndTests.now.timeIntervalSince1970 / 3600).rounded(.down) * 3600))
            for (choice, berlinScale, newYorkScale) in [(nil, "european", "us"), ("us", "us", "us"), ("european", "european", "european")] {
                writeFile(home + "/config.json", #"{"timeout_seconds": 30"# + (choice.map { #", "aqi_scale": "\#($0)""# } ?? "") + "}")
                for (place, scale) in [(world.berlin, berlinScale), (newYork, newYorkScale)] {
                    let (hours, now) = try await Self.servedHours(world, place)
                    let row = hours[now]
                    let value = try #require(row[scale == "us" ? "us_aqi" : "european_aqi"] as? Double)
                    let category = scale == "us" ? AirQualityEndToEndTests.usCategory(value) : AirQualityEndToEndTests.europeanCategory(value)
                    let symbol = AirQualityEndToEndTests.europeanDriver(row)
                    let europeanKey = ["NO₂": "nitrogen_dioxide", "O₃": "ozone", "SO₂": "sulphur_dioxide", "PM2.5": "pm2_5", "PM10": "pm10"][symbol]
                    let pollutant = scale == "us" ? Self.usDriver(hours, at: now) : europeanKey

                    let json = try await world.keylessRain(["show", place.name, "--offline", "--json"])
                    #expect(json.status == 0, "\(json)")
                    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
                    let index = try #require((document["air"] as? [String: Any])?["index"] as? [String: Any], "\(place.name) \(scale): \(json.output)")
                    #expect(index["scale"] as? String == scale, "\(place.name) \(choice ?? "auto")")
                    #expect(index["value"] as? Double == value, "\(place.name) \(scale)")
                    #expect(index["category"] as? String == Self.id(category), "\(place.name) \(scale)")
                    #expect(index["pollutant"] as? String == pollutant, "\(place.name) \(scale)")
                    #expect(index["time"] as? String == hour, "\(place.name) \(scale)")

                    // The screen says the same, in words.
                    let screen = try await world.keylessRain(["show", place.name, "--offline"])
                    let name = scale == "us" ? "US AQI" : "European AQI"
                    #expect(screen.output.contains("  \(name) \(Int(value.rounded())): \(category)"), "\(screen.output)")
                }
            }
            // `show --all --json` too, each place in its own scale (the last config: european).
            let all = try await world.keylessRain(["show", "--all", "--offline", "--json"])
            let documents = try #require(try JSONSerialization.jsonObject(with: Data(all.output.utf8)) as? [[String: Any]], "\(all)")
            #expect(documents.count == 3 && documents.allSatisfy { (($0["air"] as? [String: Any])?["index"] as? [String: Any])?["scale"] as? String == "european" },
                    "\(all.output.prefix(500))")
            // Never in the cache: the scale is the reader's, not the forecast's.
            let folder = RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            #expect(files.count == 3)
            for file in files {
                let cached = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                #expect(cached.contains("\"european_aqi\"") && !cached.contains("\"category\""), "\(cached.prefix(300))")
            }
        }
    }
}
