import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// `rain show --graph`'s AQI row through the real binary against the simulator: Berlin in the
/// European index, New York in the US one, each number the highest index served over the hours
/// its label stands for (recomputed here from the simulator's own answer), within the width in
/// UTF-8 and ASCII, its label and the legend's scale in the user's language.
@Suite struct AirQualityGraphEndToEndTests {
    init() throws { _ = try Catalogues.compiled() }

    /// The simulator's hourly index on `key` for a place, by unix hour.
    static func servedIndex(_ world: ForecastWorld, _ place: Location, key: String) async throws -> [Int: Double] {
        let url = world.simulator.rootURL + "/v1/air-quality?latitude=\(place.coordinate.latitude)&longitude=\(place.coordinate.longitude)"
            + "&hourly=european_aqi,us_aqi,pm2_5,pm10&timeformat=unixtime&past_days=1&forecast_days=4"
        let answer = try await BuiltProduct.runSystem("/usr/bin/curl", ["-s", url])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any])
        let hourly = try #require(body["hourly"] as? [String: Any])
        let times = try #require(hourly["time"] as? [Int])
        let values = try #require(hourly[key] as? [Any])
        var byHour: [Int: Double] = [:]
        for (time, value) in zip(times, values) { if let value = value as? Double { byHour[time] = value } }
        return byHour
    }

    /// The row's numbers expected, in order: from each hour of the 48 ahead whose local hour is
    /// a multiple of `every`, the highest index of the `every` hours from it, rounded.
    static func expectedRow(_ index: [Int: Double], timeZone: String, every: Int) throws -> [Int] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: timeZone))
        let start = Int(AirQualityEndToEndTests.now.timeIntervalSince1970) / 3600 * 3600
        return stride(from: start, to: start + 48 * 3600, by: 3600).compactMap { hour -> Int? in
            guard calendar.component(.hour, from: Date(timeIntervalSince1970: Double(hour))) % every == 0 else { return nil }
            let values = (0..<every).compactMap { index[hour + $0 * 3600] }
            return values.max().map { Int($0.rounded()) }
        }
    }

    /// Whether `row` is `expected` with some left out (a label is skipped where it would touch
    /// the one before), and most of it.
    static func isMostOf(_ row: [Int], _ expected: [Int]) -> Bool {
        var rest = expected[...]
        for number in row {
            guard let found = rest.firstIndex(of: number) else { return false }
            rest = rest[(found + 1)...]
        }
        return row.count * 2 >= expected.count
    }

    @Test func theGraphHasAnHourlyAQIRowInThePlacesIndex() async throws {
        try await withTemporaryDirectory { home in
            let (world, newYork) = try AirQualityEndToEndTests.world(home)
            #expect(try await world.keylessRain(["refresh", "--all"]).status == 0)
            // At 80 columns 48 hours give a label of 3 every 3 hours; at 60, every 6.
            for (place, key, zone, scale) in [(world.berlin, "european_aqi", "Europe/Berlin", "European AQI"),
                                              (newYork, "us_aqi", "America/New_York", "US AQI")] {
                let index = try await Self.servedIndex(world, place, key: key)
                for (width, every) in [(80, 3), (60, 6)] {
                    for ascii in [false, true] {
                        let graph = try await world.keylessRain(["show", place.name, "--graph", "--offline"] + (ascii ? ["--ascii"] : []),
                                                                environment: ["COLUMNS": "\(width)"])
                        #expect(graph.status == 0, "\(graph)")
                        let lines = graph.output.split(separator: "\n").map(String.init)
                        for line in lines { #expect(line.displayWidth <= width, "\(line)") }
                        if ascii { #expect(graph.output.unicodeScalars.allSatisfy { $0.isASCII }, "\(graph.output)") }
                        let row = try #require(lines.first { $0.hasPrefix("  AQI ") }, "\(graph.output)")
                        let numbers = row.dropFirst(6).split(separator: " ").compactMap { Int($0) }
                        let expected = try Self.expectedRow(index, timeZone: zone, every: every)
                        #expect(Self.isMostOf(numbers, expected), "\(place.name) \(width): \(numbers) of \(expected)")
                        if width == 80 { #expect(lines.last { !$0.hasPrefix("Data: ") }?.contains(scale) == true, "the legend names the index:\n\(graph.output)") }
                    }
                }
            }
            let german = try await world.keylessRain(["show", "Berlin", "--graph", "--offline"],
                                                     environment: ["COLUMNS": "100", "LANG": "de_DE.UTF-8"])
            let germanLines = german.output.split(separator: "\n").map(String.init)
            #expect(germanLines.contains { $0.hasPrefix("  LQI ") }, "the label is translated:\n\(german.output)")
            #expect(germanLines.last { !$0.hasPrefix("Daten: ") }?.contains("Europ. LQI") == true, "the legend, where it has room:\n\(german.output)")
            let narrow = try await world.keylessRain(["show", "Berlin", "--graph", "--offline"], environment: ["COLUMNS": "50"])
            #expect(narrow.status == 64 && narrow.output.isEmpty, "below 60 columns no graph, as before: \(narrow)")
        }
    }

    @Test func withoutTheAirTheGraphHasNoAQIRow() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "air_quality": false}"#, now: AirQualityEndToEndTests.now)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            let graph = try await world.keylessRain(["show", "Berlin", "--graph", "--offline"], environment: ["COLUMNS": "80"])
            #expect(graph.status == 0 && graph.output.contains(" mm/h"), "\(graph)")
            #expect(!graph.output.contains("AQI"), "\(graph.output)")
        }
    }
}
