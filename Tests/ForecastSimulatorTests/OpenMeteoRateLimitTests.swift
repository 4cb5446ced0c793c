import ForecastSimulator
import Foundation
import Testing

/// Open-Meteo's free limiter as open-meteo/open-meteo runs it (`RateLimiter.swift`,
/// `ApiKeyManager.swift` `withApiParameter`, `ForecastApiResult.swift` `calculateQueryWeight`):
/// weighted calls per minute, hour and day, a 429 with the limit's reason once a count has
/// reached it, nothing counted for a refused request, 1 for a failed one.
@Suite struct OpenMeteoRateLimitTests {
    /// 23 variables over the default 7 days: 2.3 calls.
    static let target = "/v1/forecast?" + OpenMeteoTests.fixtureQuery
    static let now = 1_787_229_420.0  // 2026-08-20 12:37:00 UTC
    static let minute = Int(now) / 60

    private func simulator(_ limits: ForecastSimulator.OpenMeteoLimits) throws -> ForecastSimulator {
        try startedSimulator(.init(now: Self.now, openMeteoLimits: limits))
    }

    @Test func aHeavyRequestCountsAsSeveralCallsUntilTheMinuteIsFull() throws {
        let simulator = try simulator(.init(perMinute: 5, perHour: 1000, perDay: 1000))
        defer { simulator.stop() }
        for _ in 0..<3 {
            #expect(try fetch(simulator.port, Self.target).status == 200, "let through while the count is under 5")
        }
        let calls = try #require(simulator.openMeteoCallsByMinute[Self.minute])
        #expect(abs(calls - 6.9) < 0.001, "3 x 2.3: \(calls)")
        let refused = try fetch(simulator.port, Self.target)
        #expect(refused.status == 429)
        #expect(refused.headers["retry-after"] == nil && refused.headers["ratelimit-reset"] == nil)
        let body = try #require(refused.jsonObject)
        #expect(body["error"] as? Bool == true)
        #expect(body["reason"] as? String == "Minutely API request limit exceeded. Please try again in one minute.")
        #expect(simulator.openMeteoCallsByMinute[Self.minute] == calls, "a refused request counts nothing")
    }

    /// The Ensemble API shares the free limits, its weight counting each model's members
    /// (`ForecastapiController.swift`, `countEnsembleMember`): two variables of ICON's 40 runs
    /// for 7 days are 8 calls, of GFS's 31 (the default model) 6.2.
    @Test func anEnsembleRequestCountsItsMembers() throws {
        let simulator = try simulator(.init(perMinute: 14, perHour: 1000, perDay: 1000))
        defer { simulator.stop() }
        let query = "latitude=52.52&longitude=13.41&hourly=temperature_2m,precipitation&forecast_days=7"
        #expect(try fetch(simulator.port, "/v1/ensemble?\(query)&models=icon_seamless").status == 200)
        #expect(abs((simulator.openMeteoCallsByMinute[Self.minute] ?? 0) - 8) < 0.001, "\(simulator.openMeteoCallsByMinute)")
        #expect(try fetch(simulator.port, "/v1/ensemble?\(query)").status == 200)
        #expect(abs((simulator.openMeteoCallsByMinute[Self.minute] ?? 0) - 14.2) < 0.001, "\(simulator.openMeteoCallsByMinute)")
        #expect(try fetch(simulator.port, "/v1/ensemble?\(query)").status == 429, "14.2 calls: the minute's 14 are used")
        #expect(try fetch(simulator.port, Self.target).status == 429, "one count across the free APIs")
    }

    @Test func aFailedRequestCountsOne() throws {
        let simulator = try simulator(.init(perMinute: 5, perHour: 1000, perDay: 1000))
        defer { simulator.stop() }
        #expect(try fetch(simulator.port, "/v1/forecast?latitude=99&longitude=13.41&hourly=temperature_2m").status == 400)
        #expect(simulator.openMeteoCallsByMinute[Self.minute] == 1)
    }

    struct WindowCase: Sendable, CustomTestStringConvertible {
        var limits: ForecastSimulator.OpenMeteoLimits
        var reason: String
        var testDescription: String { reason }
    }

    @Test(arguments: [
        WindowCase(limits: .init(perMinute: 1000, perHour: 2, perDay: 1000),
                   reason: "Hourly API request limit exceeded. Please try again in the next hour."),
        WindowCase(limits: .init(perMinute: 1000, perHour: 1000, perDay: 2),
                   reason: "Daily API request limit exceeded. Please try again tomorrow."),
    ])
    func eachWindowRefusesWithItsReason(_ windowCase: WindowCase) throws {
        let simulator = try simulator(windowCase.limits)
        defer { simulator.stop() }
        #expect(try fetch(simulator.port, Self.target).status == 200)
        let refused = try fetch(simulator.port, Self.target)
        #expect(refused.status == 429)
        #expect(try #require(refused.jsonObject)["reason"] as? String == windowCase.reason)
    }

    @Test func withoutLimitsNothingIsRefused() throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        for _ in 0..<5 { #expect(try fetch(simulator.port, Self.target).status == 200) }
        #expect(simulator.openMeteoCallsByMinute.isEmpty)
    }
}
