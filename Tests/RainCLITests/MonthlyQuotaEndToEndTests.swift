import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 38: Pirate Weather's 429 is its monthly quota used up (Pirate-Weather/pirateweather
/// `docs/API.md`), with `Ratelimit-Reset` the seconds to the month's end, which the simulator
/// sends as the real server does. It was a short wait ("try again in 1728000 s") tried again
/// at once; it is said with the day it ends, and not tried again.
@Suite struct MonthlyQuotaEndToEndTests {
    @Test func aUsedUpMonthlyQuotaIsNotRetriedAndSaysUntilWhen() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .status(429))
            let result = try await world.rain(["refresh", "Berlin"])
            #expect(result.status == 75, "\(result)")
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let month = calendar.dateComponents([.year, .month], from: Date())
            let next = month.month == 12 ? (month.year! + 1, 1) : (month.year!, month.month! + 1)
            let day = String(format: "%04d-%02d-01", next.0, next.1)
            let host = URL(string: world.simulator.baseURL)!
            #expect(result.error.contains("the monthly quota of \(host.host!):\(host.port!) is used up until \(day) 00:00 UTC"),
                    "\(result)")
            #expect(world.simulator.requestCount == 1, "not tried again")
        }
    }
}
