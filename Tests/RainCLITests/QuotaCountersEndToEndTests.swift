import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 38: each counter's used-up quota is remembered in `quota.json`, the air's and the
/// ensemble's too. Open-Meteo's free service counts an address's calls to all its APIs in one
/// count (open-meteo/open-meteo `Sources/App/Helper/Vapor/RateLimiter.swift`, as the
/// simulator's limiter does), so a day the air used up is the ensemble's and Open-Meteo's
/// forecast's too. Through the real binary against the simulator.
@Suite struct QuotaCountersEndToEndTests {
    /// 2026-08-20 12:37:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_787_229_420)
    static let daily = "rate-limited by Open-Meteo until 00:00 UTC (its daily limit)"

    struct Counter: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var config: String
        var path: String
        /// The second run's line: the feed's, for the places it would have asked.
        var line: String
    }

    @Test(arguments: [
        Counter(testDescription: "the air", config: #"{"timeout_seconds": 20}"#, path: "/v1/air-quality",
                line: "rain: warning: Berlin and 1 other place: could not fetch the air quality: \(daily)\n"),
        Counter(testDescription: "the ensemble", config: #"{"timeout_seconds": 20, "air_quality": false, "ensemble": true}"#, path: "/v1/ensemble",
                line: "rain: warning: could not fetch the ensemble forecast: \(daily)\n"),
    ])
    func aDayUsedUpBesidePirateWeatherIsRememberedAndIsOpenMeteosForecastsToo(_ counter: Counter) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: counter.config, now: Self.now,
                                          openMeteoLimits: .init(perMinute: 1000, perHour: 1000, perDay: 1))
            func count(_ path: String) -> Int { world.simulator.requests.filter { $0.path == path }.count }
            // Berlin's call uses up the day (the count is checked before a request, not after).
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let first = try await world.rain(["refresh", "--all"])
            #expect(first.status == 0, "Pirate Weather's forecasts are not Open-Meteo's to refuse: \(first)")
            #expect(first.error.contains(Self.daily), "\(first.error)")
            let state = try String(contentsOfFile: home + "/state/quota.json", encoding: .utf8)
            #expect(state.contains(#""window":"day""#), "\(state)")
            let asked = count(counter.path)

            let second = try await world.rain(["refresh", "--all"])
            #expect(second.status == 0 && second.error == counter.line, "\(second)")
            #expect(count(counter.path) == asked, "nothing asked of it before midnight UTC")
            #expect(second.output.contains("Berlin") && second.output.contains("Tokyo"), "\(second.output)")

            let openMeteo = try await world.keylessRain(["refresh", "Berlin"])
            #expect(openMeteo.status == 75 && openMeteo.error == "rain: error: Berlin: \(Self.daily)\n", "\(openMeteo)")
            #expect(count("/v1/forecast") == 0, "Open-Meteo's forecast shares the count used up")

            let tomorrow = Self.now.addingTimeInterval(11 * 3600 + 23 * 60 + 30)  // 00:00:30 UTC
            _ = try await BuiltProduct.run("rain", ["refresh", "Berlin"], environment: world.keylessEnvironment, at: tomorrow)
            #expect(count("/v1/forecast") == 1, "asked again after midnight UTC")
        }
    }

    /// The file rain wrote when it kept one quota (its members at the top) is read as that one.
    @Test func aQuotaFileOfTheEarlierShapeIsStillRead() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 20}"#, now: Self.now,
                                          openMeteoLimits: .init(perMinute: 1000, perHour: 1000, perDay: 3))
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 75)
            let written = try String(contentsOfFile: home + "/state/quota.json", encoding: .utf8)
            let entry = try #require(written.firstMatch(of: /\{"[^{}\[\]]*\}/).map { String($0.output) }, "\(written)")
            writeFile(home + "/state/quota.json", entry)
            let asked = world.simulator.requestCount
            let remembered = try await world.keylessRain(["refresh", "Berlin"])
            #expect(remembered.status == 75 && remembered.error == "rain: error: Berlin: \(Self.daily)\n", "\(remembered)")
            #expect(world.simulator.requestCount == asked)
        }
    }

    /// A reset further away than its window is long (written by a clock that was once ahead)
    /// counts as none: the next run asks rather than wait months for a daily limit.
    @Test func aResetFurtherAwayThanItsWindowCountsAsNone() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 20}"#, now: Self.now,
                                          openMeteoLimits: .init(perMinute: 1000, perHour: 1000, perDay: 3))
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 75)
            let written = try String(contentsOfFile: home + "/state/quota.json", encoding: .utf8)
            #expect(written.contains(#""resets_at":"2026-08-21T00:00:00Z""#), "\(written)")
            writeFile(home + "/state/quota.json", written.replacingOccurrences(of: "2026-08-21T00:00:00Z", with: "2027-02-01T10:00:00Z"))
            let asked = world.simulator.requestCount
            _ = try await world.keylessRain(["refresh", "Berlin"])
            #expect(world.simulator.requestCount > asked, "a daily limit six months away is not believed")
        }
    }

    /// `ensemble_model` a regional model (ICON-D2-EPS: Berlin, not Tokyo): a watch's estimate
    /// counts the ensemble only where it is asked (10.1 calls x 1440 runs, Tokyo's air without
    /// pollen, and Berlin's 4 calls 4 times a day: 14560), and says Tokyo is not covered once, when it
    /// starts, not again with each run.
    @Test func aWatchCountsAndSaysARegionalModelsGridOnce() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "ensemble": true, "ensemble_model": "icon_d2"}"#)
            let watch = BuiltProduct.start("rain", ["watch", "--all", "--every", "1m"], environment: world.keylessEnvironment)
            #expect(await watch.waitForOutput(containing: "refreshed"), "\(watch.output)")
            watch.send(SIGTERM)
            let result = try await watch.finish()
            #expect(result.status == 0, "\(result)")
            let lines = result.error.split(separator: "\n").map(String.init)
            #expect(lines.prefix(4) == ["rain: warning: Open-Meteo: 14560 calls a day; its free limit is 10000",
                                        "rain: hint: 2 places every 1m; every 2m would fit",
                                        "rain: the ensemble: up to 4 calls every 6 hours for 1 place (Open-Meteo)",
                                        "rain: warning: ICON-D2 (DWD) does not cover Tokyo"], "\(result.error)")
            #expect(lines.filter { $0.contains("does not cover") }.count == 1, "\(result.error)")
            #expect(world.simulator.requests.filter { $0.path == "/v1/ensemble" }.count == 1)
        }
    }
}
