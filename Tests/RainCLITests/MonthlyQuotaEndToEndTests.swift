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
            #expect(result.error.contains("monthly quota used up until \(day) 00:00 UTC\n"),
                    "\(result)")
            #expect(world.simulator.requestCount == 1, "not tried again")
        }
    }

    /// 2026-08-20 12:37:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_787_229_420)
    /// 2026-09-01 00:00:30 UTC: the month has turned.
    static let nextMonth = Date(timeIntervalSince1970: 1_788_220_830)

    /// A used-up month is remembered (`quota.json`, without the key) until the month turns:
    /// cron's next runs send nothing, say the same line once and show what is cached, exit
    /// 75 as the 429 did; after the turn, or with another key, rain asks again.
    @Test func aUsedUpQuotaIsRememberedUntilItResets() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            #expect(try await world.rain(["refresh", "--all"]).status == 0)
            world.simulator.setBehaviour(.status(429))
            let line = "rain: error: monthly quota used up until 2026-09-01 00:00 UTC; no place was refreshed\n"
            let refused = try await world.rain(["refresh", "--all"])
            #expect(refused.status == 75 && refused.error == line, "\(refused)")
            let asked = world.simulator.requestCount
            #expect(asked == 3 || asked == 4, "the first 429 stops the batch; the other place's request may be under way: \(asked)")
            let state = try String(contentsOfFile: home + "/state/quota.json", encoding: .utf8)
            #expect(state.contains(#""window":"month""#) && !state.contains(ForecastWorld.apiKey) && !state.contains(world.simulator.baseURL), "\(state)")

            for arguments in [["refresh", "--all"], ["refresh", "--all", "--quiet"], ["refresh", "Berlin"]] {
                let remembered = try await world.rain(arguments)
                #expect(remembered.status == 75, "\(arguments): \(remembered)")
                #expect(world.simulator.requestCount == asked, "\(arguments): no request")
                #expect(remembered.error.split(separator: "\n").count == 1 && remembered.error.contains("used up until 2026-09-01 00:00 UTC"),
                        "\(arguments): \(remembered.error)")
                if arguments == ["refresh", "--all"] {
                    #expect(remembered.output.contains("Berlin") && remembered.output.contains("Tokyo") && !remembered.output.contains("(failed)"),
                            "the cached forecasts shown: \(remembered.output)")
                }
            }

            let turned = try await BuiltProduct.run("rain", ["refresh", "--all"], environment: world.environment, at: Self.nextMonth)
            #expect(turned.status == 75 && world.simulator.requestCount > asked, "asked again once the month turned: \(turned)")
            let askedAfterTurn = world.simulator.requestCount
            _ = try await BuiltProduct.run("rain", ["refresh", "--all"], environment: world.environment, at: Self.nextMonth)
            #expect(world.simulator.requestCount == askedAfterTurn, "remembered again, until October")
            _ = try await BuiltProduct.run("rain", ["refresh", "--all"], environment: world.environment.merging(["RAIN_API_KEY": "another-key-0123456789"]) { $1 },
                                           at: Self.nextMonth)
            #expect(world.simulator.requestCount > askedAfterTurn, "another key's quota is its own")
        }
    }

    /// A damaged `quota.json` counts as none: rain asks.
    @Test func aDamagedQuotaFileCountsAsNone() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try FileManager.default.createDirectory(atPath: home + "/state", withIntermediateDirectories: true)
            writeFile(home + "/state/quota.json", #"{"service":"x","window":"month","resets_at":"2099-01-01T00:"#)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            #expect(world.simulator.requestCount == 1)
        }
    }
}

