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

    /// Open-Meteo's `positionExtrapolated` (`Sources/App/Helper/AirQuality.swift`), written out
    /// again: NaN below a NaN threshold or past one, extrapolated past the last.
    static func position(_ value: Double, _ t: [Double]) -> Double {
        var previous = Double.nan, slope = Double.nan
        for (i, threshold) in t.enumerated() {
            slope = threshold - previous
            if value < threshold { return Double(i - 1) + (value - previous) / slope }
            previous = threshold
        }
        return Double(t.count - 1) + (value - previous) / slope
    }

    /// The US sub-indices as open-meteo's `CamsReader.swift` computes them: PM's 24-hour and
    /// CO's and ozone's 8-hour means of the hours before the hour, without it; ozone's 8-hour
    /// table up to 200 ppb, its hour's from 125; SO₂'s hour up to 305 ppb, its 24-hour mean
    /// above; μg/m³ to ppb. `includingTheHour`: the windows rain and the simulator took before
    /// (the hour and those before it), to find an hour where the two disagree.
    static func usSubIndices(_ hours: [[String: Any]], at now: Int, includingTheHour: Bool = false) -> [(String, Double)] {
        func mean(_ key: String, _ count: Int) -> Double {
            let window = includingTheHour ? (now - count + 1)...now : (now - count)...(now - 1)
            let values = window.compactMap { hours[$0][key] as? Double }
            return values.count == count ? values.reduce(0, +) / Double(count) : .nan
        }
        func scaled(_ value: Double) -> Double { value <= 4 ? value * 50 : value * 100 - 200 }
        let nan = Double.nan
        var subIndices: [(String, Double)] = []
        func add(_ key: String, _ index: (Double) -> Double) {
            if let hourly = hours[now][key] as? Double, case let value = index(hourly), !value.isNaN { subIndices.append((key, scaled(value))) }
        }
        add("pm2_5") { _ in position(mean("pm2_5", 24), [0, 9, 35.5, 55.5, 125.5, 225.5, 325.5, 500]) }
        add("pm10") { _ in position(mean("pm10", 24), [0, 55, 155, 255, 355, 425, 505, 605]) }
        add("carbon_monoxide") { _ in position(mean("carbon_monoxide", 8) / 1.15 / 1000, [0, 4.5, 9.5, 12.5, 15.5, 30.5, 40.5, 50.5]) }
        add("nitrogen_dioxide") { position($0 / 1.88, [0, 54, 100, 360, 650, 1250, 1650, 2050]) }
        add("sulphur_dioxide") { hourly in
            let hour = position(hourly / 2.62, [0, 35, 75, 185, 305, nan, nan, nan])
            return hour.isNaN ? position(mean("sulphur_dioxide", 24) / 2.62, [nan, nan, nan, nan, 305, 605, 805, 1005]) : hour
        }
        add("ozone") { hourly in
            let hour = position(hourly / 1.96, [nan, nan, 125, 165, 205, 405, 505, 605])
            let eight = position(mean("ozone", 8) / 1.96, [0, 55, 70, 85, 105, 200, nan, nan])
            return hour.isNaN ? eight : eight.isNaN ? hour : max(hour, eight)
        }
        return subIndices
    }

    /// The pollutant with the highest US sub-index.
    static func usDriver(_ hours: [[String: Any]], at now: Int, includingTheHour: Bool = false) -> String? {
        usSubIndices(hours, at: now, includingTheHour: includingTheHour).max { $0.1 < $1.1 }?.0
    }

    /// The category word as an id: "Very poor" is `very_poor`.
    static func id(_ word: String) -> String { word.lowercased().replacingOccurrences(of: " ", with: "_") }

    /// The served US index is the highest sub-index with the service's windows, at every hour
    /// with a day before it; and at an hour where averaging the hours before the hour and
    /// averaging it with the hour itself name different pollutants, rain names the service's.
    @Test func theUSDriverAveragesTheHoursBeforeTheHour() async throws {
        let places = [("New York", 40.7128, -74.006), ("Los Angeles", 34.05, -118.24), ("Chicago", 41.88, -87.63),
                      ("Houston", 29.76, -95.37), ("Denver", 39.74, -104.99), ("Phoenix", 33.45, -112.07)]
        var found: (name: String, coordinate: Coordinate, time: Int, driver: String)?
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: AirQualityEndToEndTests.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            for (name, latitude, longitude) in places {
                let place = try store.add(name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude)).location
                let (hours, _) = try await Self.servedHours(world, place)
                for hour in 24..<hours.count {
                    let served = try #require(hours[hour]["us_aqi"] as? Double)
                    let highest = try #require(Self.usSubIndices(hours, at: hour).map(\.1).max())
                    #expect(abs(highest.rounded() - served) < 0.001, "\(name) hour \(hour): \(highest) served \(served)")
                    let driver = Self.usDriver(hours, at: hour)
                    if found == nil, let driver, driver != Self.usDriver(hours, at: hour, includingTheHour: true) {
                        found = (name, place.coordinate, try #require(hours[hour]["time"] as? Int), driver)
                    }
                }
            }
        }
        let hour = try #require(found, "an hour where the two windows name different pollutants")
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "aqi_scale": "us"}"#,
                                          now: Date(timeIntervalSince1970: Double(hour.time) + 1800))
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(name: hour.name, coordinate: hour.coordinate)
            let json = try await world.keylessRain(["show", hour.name, "--json"])
            #expect(json.status == 0, "\(json)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let index = try #require((document["air"] as? [String: Any])?["index"] as? [String: Any], "\(json.output.prefix(300))")
            #expect(index["scale"] as? String == "us" && index["pollutant"] as? String == hour.driver, "\(hour): \(index)")
        }
    }

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
