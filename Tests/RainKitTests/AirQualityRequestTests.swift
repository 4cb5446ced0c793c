import Foundation
@testable import RainKit
import Testing

/// The air's request asks only for the hours rain keeps (`AirQualityService.hours`): from the
/// hour 24 hours before the fetch to the end of the 4th day (UTC), by `past_hours` and
/// `forecast_hours`, which open-meteo/open-meteo counts from the current hour.
@Suite struct AirQualityRequestTests {
    static let midnight = 1_779_667_200.0   // 2026-05-25T00:00:00Z

    static func query(at seconds: Double) throws -> [String: String] {
        let endpoint = AirQualityService.endpoint(for: Coordinate(latitude: 52.52, longitude: 13.405), url: "http://127.0.0.1:1/v1/air-quality",
                                                  now: Date(timeIntervalSince1970: seconds))
        let components = try #require(URLComponents(string: endpoint.request.url))
        return Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
    }

    static let cases: [(Double, Int)] = [(0, 96), (1800, 96), (43200, 84), (86340, 73)]

    @Test(arguments: cases)
    func theHoursAskedAreTheHoursKept(secondsIntoTheDay: Double, forecastHours: Int) throws {
        let query = try Self.query(at: Self.midnight + secondsIntoTheDay)
        #expect(query["past_hours"] == "24")
        #expect(query["forecast_hours"] == String(forecastHours))
        #expect(query["past_days"] == nil && query["forecast_days"] == nil)
        let (first, end) = AirQualityService.hours(now: Date(timeIntervalSince1970: Self.midnight + secondsIntoTheDay))
        #expect(Int((end - first) / 3600) == 24 + forecastHours)
        #expect(end == Self.midnight + 4 * 86400)
    }

    /// An answer of more hours than asked (a day either side) keeps the hours asked only.
    @Test func hoursNotAskedForAreNotKept() throws {
        let now = Self.midnight + 12 * 3600 + 600
        let times = stride(from: Self.midnight - 2 * 86400, to: Self.midnight + 6 * 86400, by: 3600).map { Int($0) }
        let values = times.map { _ in "1.5" }.joined(separator: ",")
        let body = #"{"hourly_units":{"time":"unixtime","pm2_5":"μg/m³"},"hourly":{"time":["#
            + times.map(String.init).joined(separator: ",") + #"],"pm2_5":[\#(values)]}}"#
        let air = try AirQualityDecoder.decode(Data(body.utf8), now: Date(timeIntervalSince1970: now))
        #expect(air.hourly.count == 24 + 84)
        #expect(air.hourly.first?.time == Date(timeIntervalSince1970: Self.midnight - 12 * 3600))
        #expect(air.hourly.last?.time == Date(timeIntervalSince1970: Self.midnight + 4 * 86400 - 3600))
        #expect(air.current?.time == Date(timeIntervalSince1970: Self.midnight + 12 * 3600))
    }
}
