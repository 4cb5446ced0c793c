import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// The air's cost in a refresh, through the real binary against the simulator: rain asks
/// `/v1/air-quality` for the hours it keeps (`past_hours=24`, `forecast_hours` to the end of the
/// 4th day), every hour served is kept, and the simulator's limiter (open-meteo's weight) counts
/// the request as rain's quota arithmetic does: 1.5 calls beside the forecast's 3.8.
@Suite struct AirQualityRequestEndToEndTests {
    static let now = Date(timeIntervalSince1970: 1_779_712_620)   // 2026-05-25T12:37:00Z

    @Test func theAirAsksOnlyForTheHoursItKeeps() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now, openMeteoLimits: .free)
            let refreshed = try await world.keylessRain(["refresh", "Berlin"])
            #expect(refreshed.status == 0 && refreshed.error.isEmpty, "\(refreshed)")
            let request = try #require(world.simulator.airRequests.first)
            #expect(world.simulator.airRequests.count == 1)
            #expect(request.queryValue("past_hours") == "24")
            #expect(request.queryValue("forecast_hours") == "84", "12:00 to the end of 2026-05-28")
            #expect(request.queryValue("past_days") == nil && request.queryValue("forecast_days") == nil)

            let calls = world.simulator.openMeteoCallsByMinute.values.reduce(0, +)
            #expect(abs(calls - (Double(Float(3.8)) + 1.5)) < 0.001, "the forecast's 3.8 and the air's 1.5: \(calls)")

            // The same request again: every hour the server sends is one rain keeps.
            let query = request.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
            let answer = try await BuiltProduct.runSystem("/usr/bin/curl", ["-s", world.simulator.rootURL + request.path + "?" + query])
            let body = try #require(try JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any])
            let served = try #require((body["hourly"] as? [String: Any])?["time"] as? [Double])
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            let kept = try #require(try cache.load(for: world.berlin.id)?.forecast.air?.hourly.map(\.time.timeIntervalSince1970))
            #expect(served.count == 24 + 84)
            #expect(kept == served)
            #expect(kept.first == 1_779_624_000 && kept.last == 1_780_012_800 - 3600, "2026-05-24T12:00Z to 2026-05-28T23:00Z")
        }
    }

    /// The air is asked beside the forecast, not after it (issue 39: a refresh's time stays
    /// the forecast's): with a forecast server that never answers, the air's request is sent
    /// all the same, within the command's time.
    @Test func theAirIsAskedWhileTheForecastIsStillOnItsWay() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .hang, config: #"{"timeout_seconds": 3}"#, now: Self.now)
            let refreshed = try await world.keylessRain(["refresh", "Berlin"])
            #expect(refreshed.status != 0, "the forecast never came: \(refreshed)")
            #expect(world.simulator.requests.contains { $0.path == "/v1/forecast" })
            #expect(world.simulator.airRequests.count == 1, "\(refreshed)")
        }
    }
}
