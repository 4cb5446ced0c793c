import ForecastSimulator
import Foundation
import Testing

/// The Air Quality API's time ranges as open-meteo/open-meteo serves them
/// (`Sources/App/Helper/ForecastapiQuery.swift`, `getTimerange2` and `forecastTimeRange2`, with
/// `ForecastapiController.swift`'s air limits: 7 forecast days, 5 by default, past days back to
/// 2013-01-01): `past_days`/`forecast_days` count whole days from today's midnight (GMT),
/// `past_hours`/`forecast_hours` hours from the current one; and the weight of rain's request
/// (`ForecastApiResult.swift`, `calculateQueryWeight`: the daily range's days, which hours
/// leave at the default 5).
@Suite struct AirQualityHoursTests {
    static let now = 1_787_229_420.0  // 2026-08-20 12:37:00 UTC
    static let hour = 1_787_227_200.0  // 12:00
    static let midnight = 1_787_184_000.0
    static let variables = "european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,sulphur_dioxide,carbon_monoxide,dust,"
        + "alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen"

    static func times(_ simulator: ForecastSimulator, _ range: String) throws -> [Double] {
        let response = try fetch(simulator.port, "/v1/air-quality?latitude=52.52&longitude=13.405&hourly=pm2_5&timeformat=unixtime&\(range)")
        #expect(response.status == 200, "\(response.text)")
        let hourly = try #require(response.jsonObject?["hourly"] as? [String: Any])
        let values = try #require(hourly["pm2_5"] as? [Double])
        let times = try #require(hourly["time"] as? [Double])
        #expect(values.count == times.count)
        return times
    }

    @Test func hoursCountFromTheCurrentHour() throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let asked = try Self.times(simulator, "past_hours=24&forecast_hours=84")
        #expect(asked == stride(from: Self.hour - 24 * 3600, to: Self.hour + 84 * 3600, by: 3600).map { $0 })
        // Only one of the two: no past hours, or the most forecast hours (7 days).
        #expect(try Self.times(simulator, "forecast_hours=3") == [Self.hour, Self.hour + 3600, Self.hour + 7200])
        let pastOnly = try Self.times(simulator, "past_hours=2")
        #expect(pastOnly.count == 2 + 168 && pastOnly.first == Self.hour - 7200)
        // Hours take the place of days for the hourly section.
        #expect(try Self.times(simulator, "past_days=1&forecast_days=4&forecast_hours=2") == [Self.hour, Self.hour + 3600])
    }

    @Test func daysCountFromMidnight() throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let asked = try Self.times(simulator, "past_days=1&forecast_days=4")
        #expect(asked == stride(from: Self.midnight - 86400, to: Self.midnight + 4 * 86400, by: 3600).map { $0 })
        #expect(try Self.times(simulator, "timezone=GMT").count == 5 * 24, "5 days by default")
    }

    /// The server's texts, its `forecastDaysInvalid` naming the maximum as the value given.
    @Test(arguments: [
        ("forecast_hours=169", "Forecast days is invalid. Allowed range 0 to 168. Given 168."),
        ("forecast_hours=-1", "Forecast days is invalid. Allowed range 0 to 168. Given 168."),
        ("past_hours=-1", "Past days is invalid. Allowed range 0 to \(4979 * 24). Given -1."),
        ("past_hours=\(4980 * 24)", "Past days is invalid. Allowed range 0 to \(4979 * 24). Given \(4980 * 24)."),
        ("forecast_days=8", "Forecast days is invalid. Allowed range 0 to 7. Given 7."),
        ("past_hours=x", "Value of type 'Int' required for key 'past_hours'."),
    ])
    func outOfRangeIsRefused(_ range: String, _ reason: String) throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, "/v1/air-quality?latitude=52.52&longitude=13.405&hourly=pm2_5&\(range)")
        #expect(response.status == 400)
        #expect(response.jsonObject?["reason"] as? String == reason)
    }

    /// Outside CAMS Europe's grid pollen is nulls, yet counted: rain asks Tokyo for the 9 other
    /// variables, 1 call; asked with pollen there, 1.5. The grid's edges are those of
    /// `RegularGrid.findPointXy`'s rounding: 30.01°N has pollen's unit and values, 30°N nulls.
    @Test func pollenOutsideEuropeIsNullsAndStillCounts() throws {
        let simulator = try startedSimulator(.init(now: Self.now, openMeteoLimits: .init(perMinute: 600, perHour: 5000, perDay: 10000)))
        defer { simulator.stop() }
        let hours = "&timeformat=unixtime&past_hours=24&forecast_hours=84"
        let without = Self.variables.split(separator: ",").filter { !$0.hasSuffix("_pollen") }.joined(separator: ",")
        #expect(try fetch(simulator.port, "/v1/air-quality?latitude=35.68&longitude=139.65&hourly=\(without)\(hours)").status == 200)
        #expect(simulator.openMeteoCallsByMinute[Int(Self.now) / 60] == 1)
        let tokyo = try fetch(simulator.port, "/v1/air-quality?latitude=35.68&longitude=139.65&hourly=\(Self.variables)\(hours)")
        #expect(simulator.openMeteoCallsByMinute[Int(Self.now) / 60] == 2.5)
        let grass = { (response: TestResponse) in ((response.jsonObject?["hourly"] as? [String: Any])?["grass_pollen"] as? [Any]) ?? [] }
        #expect(!grass(tokyo).isEmpty && grass(tokyo).allSatisfy { $0 is NSNull })
        for (latitude, inside) in [(30.01, true), (30.0, false)] {
            let edge = try fetch(simulator.port, "/v1/air-quality?latitude=\(latitude)&longitude=10&hourly=grass_pollen\(hours)")
            #expect(grass(edge).contains { !($0 is NSNull) } == inside, "\(latitude)")
        }
    }

    /// Rain's request, 15 variables by hours: the daily range stays the default 5 days, so it
    /// counts 1.5 calls, as rain's quota arithmetic says (`AirQualityService.queryWeight`).
    @Test func rainsRequestWeighsOneAndAHalfCalls() throws {
        let simulator = try startedSimulator(.init(now: Self.now, openMeteoLimits: .init(perMinute: 600, perHour: 5000, perDay: 10000)))
        defer { simulator.stop() }
        let target = "/v1/air-quality?latitude=52.52&longitude=13.405&hourly=\(Self.variables)&timeformat=unixtime&past_hours=24&forecast_hours=84"
        #expect(try fetch(simulator.port, target).status == 200)
        #expect(simulator.openMeteoCallsByMinute[Int(Self.now) / 60] == 1.5)
        // Over 14 days the days count: 15 variables over past_days=30, 1.5 x 30/14.
        let heavy = "/v1/air-quality?latitude=52.52&longitude=13.405&hourly=\(Self.variables)&past_days=30&forecast_days=0"
        #expect(try fetch(simulator.port, heavy).status == 200)
        let total = try #require(simulator.openMeteoCallsByMinute[Int(Self.now) / 60])
        #expect(abs(total - 1.5 - 1.5 * 30 / 14) < 0.001, "\(total)")
    }
}
