import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Open-Meteo's free limits through the real binary against the simulator's limiter: a 429
/// names its limit and when it resets, and a limit that lasts past the next minute is not
/// asked again.
@Suite struct QuotaEndToEndTests {
    /// 2026-08-20 12:37:00 UTC: a whole minute before the next.
    static let now = Date(timeIntervalSince1970: 1_787_229_420)

    struct LimitCase: Sendable, CustomTestStringConvertible {
        var limits: ForecastSimulator.OpenMeteoLimits
        var message: String
        /// Whether rain asks again before giving up: never before the limit's reset, nor when
        /// the reset (the next minute, 60 s away) is past the command's 20 s (`QuotaTests`
        /// has the wait for the minute).
        var asksAgain: Bool
        var testDescription: String { message }
    }

    @Test(arguments: [
        LimitCase(limits: .init(perMinute: 3, perHour: 1000, perDay: 1000),
                  message: "rate-limited by Open-Meteo until 12:38 UTC (its per-minute limit)", asksAgain: false),
        LimitCase(limits: .init(perMinute: 1000, perHour: 3, perDay: 1000),
                  message: "rate-limited by Open-Meteo until 13:00 UTC (its hourly limit)", asksAgain: false),
        LimitCase(limits: .init(perMinute: 1000, perHour: 1000, perDay: 3),
                  message: "rate-limited by Open-Meteo until 00:00 UTC (its daily limit)", asksAgain: false),
    ])
    func a429NamesItsLimitAndWhenItResets(_ limitCase: LimitCase) async throws {
        try await withTemporaryDirectory { home in
            // The limiter's clock held at 12:37:00: both runs fall in its minute, however long
            // a loaded machine takes between them (its own minute would have ended).
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 20}"#, now: Self.now, openMeteoLimits: limitCase.limits,
                                          limiterClock: .held)
            let first = try await world.keylessRain(["refresh", "Berlin"])
            #expect(first.status == 0, "rain's request counts 3.8 calls, more than the limit of 3 once it is through: \(first)")
            // What the second run asks is counted on its own: under a loaded full suite the
            // first run's transfer can be tried again, which is not what this checks.
            let before = world.simulator.requests.filter { $0.path == "/v1/forecast" }.count
            let refused = try await world.keylessRain(["refresh", "Berlin"])
            #expect(refused.status == 75, "\(refused)")
            let lines = refused.error.split(separator: "\n")
            #expect(lines.first?.hasPrefix("rain: error: ") == true && lines.first?.hasSuffix(limitCase.message) == true, "\(refused.error)")
            let forecasts = world.simulator.requests.filter { $0.path == "/v1/forecast" }.count - before
            // None where the first run's air was refused first (its 429 is remembered), one
            // where the forecast is: the order of the two concurrent requests is the machine's.
            #expect(limitCase.asksAgain ? forecasts > 1 : forecasts <= 1, "the refused run's forecast requests: \(forecasts)")
        }
    }

    /// Open-Meteo's hourly and daily limits reset on the UTC clock, so a 429 naming one is
    /// remembered until then: the next refresh sends nothing and says the same line; after the
    /// reset it asks again.
    @Test func aDailyLimitIsRememberedUntilMidnightUTC() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 20}"#, now: Self.now,
                                          openMeteoLimits: .init(perMinute: 1000, perHour: 1000, perDay: 3))
            let forecasts = { world.simulator.requests.filter { $0.path == "/v1/forecast" }.count }
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 75)
            #expect(forecasts() == 2)
            let remembered = try await world.keylessRain(["refresh", "Berlin"])
            #expect(remembered.status == 75 && remembered.error == "rain: error: Berlin: rate-limited by Open-Meteo until 00:00 UTC (its daily limit)\n",
                    "\(remembered)")
            #expect(forecasts() == 2, "no request before midnight UTC")
            let tomorrow = Self.now.addingTimeInterval(11 * 3600 + 23 * 60 + 30)  // 00:00:30 UTC
            _ = try await BuiltProduct.run("rain", ["refresh", "Berlin"], environment: world.keylessEnvironment, at: tomorrow)
            #expect(forecasts() == 3, "asked again after midnight UTC")
        }
    }

    /// 158 places at once would be 758.9 calls (3.8 for each forecast and 1 for its air, which
    /// Open-Meteo counts in the same slot; Berlin's air, with pollen, 1.5), over the minute's
    /// 600: rain says it will take two minutes and asks for 113 places (at most 598.9 calls,
    /// were they all in Europe) in one minute of the clock and the
    /// other 45 in the next, air and all, so the simulator's limiter (the real limits, on the
    /// real clock, the air counted) refuses none; nor does it refuse a request for too many in
    /// flight, though forecasts and air are asked at once.
    @Test func aBatchOverTheMinutesLimitIsPaced() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 120}"#, openMeteoLimits: .free)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            for index in 0..<156 {
                _ = try store.add(name: "Place \(index)", coordinate: Coordinate(latitude: -60 + Double(index) * 0.5, longitude: 20))
            }
            let result = try await world.keylessRain(["refresh", "--all"])
            #expect(result.status == 0, "\(result)")
            #expect(result.error == "rain: refreshing 158 places in 2 min (Open-Meteo: 600 calls a minute)\n", "\(result.error)")
            let forecasts = world.simulator.requests.filter { $0.path == "/v1/forecast" }.count
            #expect(forecasts == 158, "none refused, none asked twice")
            #expect(world.simulator.airRequests.count == 158, "no air refused, none asked twice")
            let minutes = world.simulator.openMeteoCallsByMinute
            // The first 113 places may fall across two minutes of the clock (they start when
            // the command does); the other 45 wait for a minute of their own.
            let counts = minutes.keys.sorted().map { minutes[$0]! }
            let one = Double(Float(3.8)) + 1
            #expect(counts.allSatisfy { $0 <= 600 } && abs(counts.reduce(0, +) - 158 * one - 0.5) < 0.01 && counts.count >= 2
                    && abs(counts.last! - 45 * one) < 0.01,
                    "no minute over 600 calls, the last 45 places in a minute of their own: \(minutes)")
        }
    }

    /// The server keeps one count per address across the forecast, the air and the ensemble
    /// (open-meteo `RateLimiter.swift`, `check`): 60 places with `"ensemble": true` are 317.5
    /// calls of forecasts and air (Tokyo's air without pollen) and 478.2 of ensembles (59 of
    /// ICON's 8, Tokyo's GFS 6.2), 795.7 at once. The ensembles are counted with the forecasts' minute and wait for the
    /// next where they would pass 600, so the simulator's limiter (the real limits, on the
    /// real clock) refuses none and none is asked twice.
    @Test func theEnsembleIsPacedWithTheForecastsAndTheAir() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 120, "ensemble": true}"#, openMeteoLimits: .free)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            for index in 0..<58 {
                _ = try store.add(name: "Place \(index)", coordinate: Coordinate(latitude: 40 + Double(index) * 0.3, longitude: 10))
            }
            // Begun at the start of a minute, so that one minute would hold all 795.7 calls
            // (begun late in one, the next minute's count would hide the fault).
            let second = Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
            if second > 3 { try await Task.sleep(for: .milliseconds(Int((60.5 - second) * 1000))) }
            let result = try await world.keylessRain(["refresh", "--all"])
            #expect(result.status == 0, "\(result)")
            #expect(result.error == "rain: fetching the ensemble for 60 places: 478.2 calls (Open-Meteo)\n", "\(result.error)")
            let ensembles = world.simulator.requests.filter { $0.path == "/v1/ensemble" }.count
            #expect(ensembles == 60, "none refused, none asked twice")
            let minutes = world.simulator.openMeteoCallsByMinute
            let counts = minutes.keys.sorted().map { minutes[$0]! }
            #expect(counts.allSatisfy { $0 <= 600 } && counts.count >= 2 && abs(counts.reduce(0, +) - (60 * (Double(Float(3.8)) + 1.5) - 0.5 + 478.2)) < 0.01,
                    "no minute over 600 calls: \(minutes)")
        }
    }

    /// Open-Meteo's free server takes at most five requests of a client in flight and refuses
    /// the next with 429 "Too many concurrent requests" (open-meteo/open-meteo
    /// `ConcurrencyGroupLimiter.swift`, `RateLimiter.swift` `concurrencyLimitHard`): a keyless
    /// refresh asks at most four at once, whatever max_concurrent_requests says.
    @Test func aKeylessBatchStaysUnderOpenMeteosConcurrencyLimit() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 60, "max_concurrent_requests": 8}"#,
                                          openMeteoLimits: .free, latencyMilliseconds: 300)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            for index in 0..<10 {
                _ = try store.add(name: "Place \(index)", coordinate: Coordinate(latitude: 10 + Double(index), longitude: 20))
            }
            let result = try await world.keylessRain(["refresh", "--all"])
            #expect(result.status == 0 && result.error.isEmpty, "\(result)")
            let forecasts = world.simulator.requests.filter { $0.path == "/v1/forecast" }.count
            #expect(forecasts == 12, "none refused for too many at once, none asked twice: \(forecasts)")
        }
    }

    /// The air is asked of Open-Meteo whatever the provider, and counts against its free
    /// limits there: with Pirate Weather (a server of its own here, whose limits are not
    /// Pirate Weather's), 5 places' air every minute is (4 x 1.5 + 1) x 1440 = 10080 calls a
    /// day: Tokyo's is asked without pollen, which only CAMS Europe has, and weighs 1.
    @Test func theAirCountsAgainstOpenMeteoWithAnotherProvider() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            for (index, name) in ["Oslo", "Rome", "Lima"].enumerated() {
                _ = try store.add(name: name, coordinate: Coordinate(latitude: 40 + Double(index), longitude: 20))
            }
            let watch = BuiltProduct.start("rain", ["watch", "--all", "--every", "1m"], environment: world.environment)
            #expect(await watch.waitForOutput(containing: "refreshed"), "\(watch.output)")
            watch.send(SIGTERM)
            let result = try await watch.finish()
            #expect(result.error.split(separator: "\n").prefix(2)
                    == ["rain: warning: Open-Meteo: 10080 calls a day; its free limit is 10000", "rain: hint: 5 places every 1m; every 2m would fit"],
                    "\(result.error)")
            writeFile(home + "/config.json", #"{"timeout_seconds": 30, "air_quality": false}"#)
            let without = BuiltProduct.start("rain", ["watch", "--all", "--every", "1m"], environment: world.environment)
            #expect(await without.waitForOutput(containing: "refreshed"), "\(without.output)")
            without.send(SIGTERM)
            #expect(try await without.finish().error.isEmpty, "no air, no Open-Meteo calls")
        }
    }

    @Test func watchingTwoPlacesEveryMinuteWarnsAndWatches() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let watch = BuiltProduct.start("rain", ["watch", "--all", "--every", "1m"], environment: world.keylessEnvironment)
            #expect(await watch.waitForOutput(containing: "refreshed"), "\(watch.output)")
            watch.send(SIGTERM)
            let result = try await watch.finish()
            #expect(result.status == 0, "\(result)")
            #expect(result.error.split(separator: "\n").prefix(2)
                    == ["rain: warning: Open-Meteo: 14544 calls a day; its free limit is 10000", "rain: hint: 2 places every 1m; every 2m would fit"],
                    "\(result.error)")
        }
    }

    /// Under a minute, which only a server on this machine takes: that server counts as the
    /// free service (README), so the warning is given as at 1m (a new user's `--every 10s` had
    /// none while `--every 2m` had one).
    @Test(arguments: ["10s", "59s"])
    func watchingUnderAMinuteAtThisMachineWarnsToo(_ every: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let watch = BuiltProduct.start("rain", ["watch", "--all", "--every", every], environment: world.keylessEnvironment)
            #expect(await watch.waitForOutput(containing: "refreshed"), "\(watch.output)")
            watch.send(SIGTERM)
            let result = try await watch.finish()
            #expect(result.status == 0, "\(result)")
            let lines = result.error.split(separator: "\n")
            #expect(lines.first?.hasPrefix("rain: warning: Open-Meteo: ") == true && lines.first?.hasSuffix("; its free limit is 10000") == true,
                    "\(result.error)")
            #expect(lines.dropFirst().first == "rain: hint: 2 places every \(every); every 2m would fit", "\(result.error)")
        }
    }
}
