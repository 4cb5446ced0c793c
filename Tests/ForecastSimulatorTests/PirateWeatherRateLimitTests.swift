import ForecastSimulator
import Foundation
import Synchronization
import Testing

/// Requests of `key`, six at once, until one is refused (a second's count is full) or 60
/// were answered: at once, so that a loaded machine's slow answers still share a second.
func requestsUntilRefused(_ port: UInt16, key: String) throws -> (answered: [TestResponse], refused: TestResponse?) {
    var answered: [TestResponse] = []
    for _ in 0..<10 {
        let round = Mutex<[Result<TestResponse, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let response = Result { try fetch(port, "/forecast/\(key)/52.52,13.405?units=si") }
            round.withLock { $0.append(response) }
        }
        let responses = try round.withLock { $0 }.map { try $0.get() }
        answered += responses.filter { $0.status == 200 }
        if let refused = responses.first(where: { $0.status != 200 }) { return (answered, refused) }
    }
    return (answered, nil)
}

/// Pirate Weather's per-key limit of 1 to 4 calls a second (Pirate-Weather/pirateweather
/// `docs/changelog.md`, 9 December 2024), as its Kong gateway answers it
/// (Kong/kong `kong/plugins/rate-limiting/handler.lua`).
@Suite struct PirateWeatherRateLimitTests {
    static let now = 1_787_229_420.0  // 2026-08-20 12:37:00 UTC

    @Test func aKeyOverItsSecondIsRefusedAsKongRefuses() throws {
        let simulator = try startedSimulator(.init(now: Self.now, pirateWeatherPerSecond: 2))
        defer { simulator.stop() }
        let (answered, refusal) = try requestsUntilRefused(simulator.port, key: "k")
        let refused = try #require(refusal, "60 requests six at a time, none refused")
        #expect(refused.status == 429)
        #expect(refused.jsonObject?["message"] as? String == "API rate limit exceeded")
        #expect(refused.headers["retry-after"] == "1")
        #expect(refused.headers["x-ratelimit-limit-second"] == "2")
        #expect(refused.headers["x-ratelimit-remaining-second"] == "0")
        #expect(refused.headers["ratelimit-reset"] == "1" && refused.headers["ratelimit-remaining"] == "0")
        let month = try #require(refused.headers["x-ratelimit-remaining-month"].flatMap { Int($0) })
        #expect(month > 0 && month < 10_000, "the month's quota is not what ran out: \(month)")
        let first = try #require(answered.first)
        #expect(first.headers["x-ratelimit-limit-second"] == "2", "every answer says the limit")
        #expect(simulator.pirateWeatherRefusals >= 1)
        #expect(simulator.pirateWeatherAnsweredBySecond.values.allSatisfy { $0 <= 2 }, "\(simulator.pirateWeatherAnsweredBySecond)")
    }

    @Test func eachKeyHasItsOwnCount() throws {
        let simulator = try startedSimulator(.init(now: Self.now, pirateWeatherPerSecond: 1))
        defer { simulator.stop() }
        #expect(try requestsUntilRefused(simulator.port, key: "first").refused != nil)
        #expect(try fetch(simulator.port, "/forecast/second/52.52,13.405?units=si").status == 200)
    }

    @Test func withoutTheLimiterNothingIsRefused() throws {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let (answered, refused) = try requestsUntilRefused(simulator.port, key: "k")
        #expect(refused == nil && answered.count == 60)
        #expect(answered.allSatisfy { $0.headers["x-ratelimit-limit-second"] == nil })
    }
}
