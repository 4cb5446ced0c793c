import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 38: with `version=2` Pirate Weather sends "ice" (freezing rain) and "mixed" (rain,
/// snow and ice in one day) besides Dark Sky's words (pirate-weather-code
/// `API/hourly/block.py`, `API/api_utils.py`; pirateweather `docs/API.md`: "The `ice`
/// precipitation type is defined as freezing rain"); rain names the first freezing rain and
/// the second sleet, which Dark Sky's documentation says covers wintry mixed precipitation.
/// Open-Meteo's freezing drizzle and rain (weather codes 56, 57, 66, 67) are freezing rain
/// too. Through the real binary against the simulator, which sends them where the real
/// servers would.
@Suite struct PirateWeatherIceEndToEndTests {
    struct Chosen {
        var place: (Double, Double)
        var iceHour: Int
        var mixedDay: Int
    }

    /// A cold place whose answer has both an hour of freezing rain and a mixed day.
    static func coldPlace(now: Date) -> Chosen? {
        for index in 0..<400 {
            let latitude: Double = 52 + Double(index % 20) * 0.7
            let longitude: Double = 5 + Double(index / 20) * 1.3
            let types = ForecastSimulator.pirateWeatherPrecipTypes(latitude: latitude, longitude: longitude, now: now.timeIntervalSince1970)
            guard let ice = types.hourly.first(where: { $0.type == "ice" }) else { continue }
            guard let mixed = types.daily.first(where: { $0.type == "mixed" }) else { continue }
            return Chosen(place: (latitude, longitude), iceHour: ice.time, mixedDay: mixed.time)
        }
        return nil
    }

    @Test func freezingRainIsItselfAndMixedDaysAreSleet() async throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-01-14T09:20:00Z"))
        let chosen = try #require(Self.coldPlace(now: now), "no place with freezing rain and a mixed day")
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: now)
            let added = try await world.rain(["locations", "add", "Cold", "--lat", String(chosen.place.0), "--lon", String(chosen.place.1), "--select"])
            #expect(added.status == 0, "\(added)")
            let shown = try await world.rain(["show", "--json"])
            #expect(shown.status == 0, "\(shown)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
            func type(in block: String, at time: Int) throws -> String? {
                let points = try #require(document[block] as? [[String: Any]], "\(block)")
                let wanted = Date(timeIntervalSince1970: Double(time))
                for point in points {
                    guard let text = point["time"] as? String, ISO8601DateFormatter().date(from: text) == wanted else { continue }
                    return point["precip_type"] as? String
                }
                Issue.record("no \(block) point at \(wanted)")
                return nil
            }
            #expect(try type(in: "hourly", at: chosen.iceHour) == "freezing_rain")
            #expect(try type(in: "daily", at: chosen.mixedDay) == "sleet")
            #expect(!shown.output.contains("\"ice\"") && !shown.output.contains("\"mixed\""), "\(shown.output)")
            let request = try #require(world.simulator.requests.first { $0.path.contains(ForecastWorld.apiKey) })
            #expect(request.queryValue("version") == "2")
        }
    }

    /// Open-Meteo's freezing rain (66, 67) and freezing drizzle (56, 57), which its server
    /// gives where a model's categorical freezing rain is set (open-meteo/open-meteo
    /// `Sources/App/Helper/WeatherCode.swift`), are freezing rain, not sleet.
    @Test func openMeteosFreezingRainIsItself() async throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-01-14T09:20:00Z"))
        let chosen = try #require(Self.coldPlace(now: now), "no place with freezing rain and a mixed day")
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: now)
            let added = try await world.keylessRain(["locations", "add", "Cold", "--lat", String(chosen.place.0), "--lon", String(chosen.place.1), "--select"])
            #expect(added.status == 0, "\(added)")
            let shown = try await world.keylessRain(["show", "--json"])
            #expect(shown.status == 0, "\(shown)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
            let hourly = try #require(document["hourly"] as? [[String: Any]])
            let codes = ["Light Freezing Drizzle": 56, "Freezing Drizzle": 57, "Light Freezing Rain": 66, "Freezing Rain": 67]
            let freezing = hourly.filter { codes[$0["summary"] as? String ?? ""] != nil }
            #expect(freezing.contains { codes[$0["summary"] as! String]! >= 66 }, "the simulator sent 66 or 67: \(hourly.map { $0["summary"] ?? "" })")
            #expect(freezing.allSatisfy { $0["precip_type"] as? String == "freezing_rain" }, "\(freezing)")
            #expect(!hourly.contains { $0["precip_type"] as? String == "sleet" }, "Open-Meteo has no sleet of its own")
        }
    }
}
