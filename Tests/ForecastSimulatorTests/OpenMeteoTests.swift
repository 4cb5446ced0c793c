import Foundation
import ForecastSimulator
import Testing

@Suite struct OpenMeteoTests {
    static let fixtureQuery = "latitude=52.52&longitude=13.41"
        + "&current=temperature_2m,relative_humidity_2m,apparent_temperature,is_day,precipitation,weather_code,cloud_cover,pressure_msl,wind_speed_10m,wind_direction_10m,wind_gusts_10m"
        + "&hourly=temperature_2m,precipitation_probability,weather_code,wind_speed_10m"
        + "&daily=weather_code,temperature_2m_max,temperature_2m_min,sunrise,sunset,precipitation_sum,precipitation_probability_max,wind_speed_10m_max"
        + "&timezone=auto&timeformat=unixtime"

    @Test func forecastHasTheRequestedVariables() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let response = try fetch(simulator.port, "/v1/forecast?" + Self.fixtureQuery)
        #expect(response.status == 200)
        let body = try #require(response.jsonObject)
        #expect(body["timezone"] as? String == "Europe/Berlin")
        #expect(body["utc_offset_seconds"] as? Int == TimeZone(identifier: "Europe/Berlin")!.secondsFromGMT())
        let current = try #require(body["current"] as? [String: Any])
        let now = Int(Date().timeIntervalSince1970)
        let time = try #require(current["time"] as? Int)
        #expect(time <= now && now - time < 900)
        #expect(current["interval"] as? Int == 900)
        #expect(current["weather_code"] is Int)
        #expect((0...100).contains(current["relative_humidity_2m"] as? Int ?? -1))
        #expect((body["current_units"] as? [String: Any])?["wind_speed_10m"] as? String == "km/h")
        let hourly = try #require(body["hourly"] as? [String: Any])
        let times = try #require(hourly["time"] as? [Int])
        #expect(times.count == 7 * 24)
        let codes = try #require(hourly["weather_code"] as? [Any])
        #expect(codes.count == times.count)
        #expect(codes.last is NSNull)
        #expect(codes.dropLast().allSatisfy { $0 is Int })
        let daily = try #require(body["daily"] as? [String: Any])
        #expect((daily["time"] as? [Int])?.count == 7)
        let maxima = try #require(daily["temperature_2m_max"] as? [Double])
        let minima = try #require(daily["temperature_2m_min"] as? [Double])
        #expect(zip(minima, maxima).allSatisfy { $0 <= $1 })
    }

    @Test func isoTimesAreLocalAndUnitsCanChange() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, "/v1/forecast?latitude=35.68&longitude=139.69&hourly=temperature_2m&daily=sunrise&timezone=auto&forecast_days=2&temperature_unit=fahrenheit&wind_speed_unit=ms").jsonObject)
        let hourly = try #require(body["hourly"] as? [String: Any])
        let times = try #require(hourly["time"] as? [String])
        #expect(times.count == 48)
        #expect(times.first?.hasSuffix("T00:00") == true)
        #expect((body["hourly_units"] as? [String: Any])?["temperature_2m"] as? String == "°F")
        #expect((body["daily"] as? [String: Any])?["time"].flatMap { $0 as? [String] }?.count == 2)
    }

    @Test(arguments: [
        "/v1/forecast?longitude=13.41",
        "/v1/forecast?latitude=95&longitude=13.41",
        "/v1/forecast?latitude=52.5&longitude=13.41&hourly=temperature_2m,sparkle",
        "/v1/forecast?latitude=52.5&longitude=13.41&forecast_days=40",
        "/v1/search",
    ])
    func badRequestsGetOpenMeteoErrors(_ target: String) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let response = try fetch(simulator.port, target)
        #expect(response.status == 400)
        let body = try #require(response.jsonObject)
        #expect(body["error"] as? Bool == true)
        #expect(body["reason"] is String)
    }

    struct SearchCase: Sendable, CustomTestStringConvertible {
        var name: String
        var countries: [String]?
        var testDescription: String { name }
    }

    @Test(arguments: [
        SearchCase(name: "Paris", countries: ["FR", "US"]),
        SearchCase(name: "paris", countries: ["FR", "US"]),
        SearchCase(name: "Springf", countries: ["US", "US", "US"]),
        SearchCase(name: "reykjavik", countries: ["IS"]),
        SearchCase(name: "Pa", countries: nil),
        SearchCase(name: "B", countries: nil),
        SearchCase(name: "Atlantis", countries: nil),
    ])
    func geocodingSearchesTheBuiltInTable(_ searchCase: SearchCase) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let name = searchCase.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let body = try #require(try fetch(simulator.port, "/v1/search?name=\(name)&count=10&language=en&format=json").jsonObject)
        let results = body["results"] as? [[String: Any]]
        #expect(results?.compactMap { $0["country_code"] as? String } == searchCase.countries)
        for result in results ?? [] {
            #expect(result["latitude"] is Double && result["longitude"] is Double && result["timezone"] is String)
        }
    }

    @Test func geocodingCountLimitsResults() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, "/v1/search?name=Springfield&count=1").jsonObject)
        #expect((body["results"] as? [Any])?.count == 1)
    }
}
