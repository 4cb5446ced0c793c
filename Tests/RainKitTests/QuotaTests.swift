import Foundation
@testable import RainKit
import Testing

/// The weight of an Open-Meteo request, the limits a schedule meets, and a 429's words.
@Suite struct QuotaTests {
    struct WeightCase: Sendable, CustomTestStringConvertible {
        var variables: Int
        var daysPerLocation: [Int]
        var calls: Float
        var testDescription: String { "\(variables) variables, days \(daysPerLocation): \(calls)" }
    }

    /// open-meteo/open-meteo `Tests/AppTests/OutputformatTests.swift`, `apiWeight`: the server's
    /// own cases, with its ranges as days (2000-01-01..<2021-01-01 is 7671 days, January 31).
    @Test(arguments: [
        WeightCase(variables: 1, daysPerLocation: [7671], calls: 54.79286),
        WeightCase(variables: 2, daysPerLocation: [7671], calls: 109.58572),
        WeightCase(variables: 1, daysPerLocation: [7], calls: 1),
        WeightCase(variables: 2, daysPerLocation: [7], calls: 1),
        WeightCase(variables: 15, daysPerLocation: [7], calls: 1.5),
        WeightCase(variables: 30, daysPerLocation: [7], calls: 3),
        WeightCase(variables: 1, daysPerLocation: [31, 31], calls: 2.0),
        WeightCase(variables: 2, daysPerLocation: [31, 31], calls: 2.0),
        WeightCase(variables: 15, daysPerLocation: [31, 31], calls: 6.6428566),
        WeightCase(variables: 30, daysPerLocation: [31, 31], calls: 13.285713),
    ])
    func weightIsTheServersCalculateQueryWeight(_ weightCase: WeightCase) {
        #expect(OpenMeteoQueryWeight(variables: weightCase.variables, daysPerLocation: weightCase.daysPerLocation).calls == weightCase.calls)
    }

    /// 38 variables (15 now, 3 by quarter hour, 11 by hour, 9 by day; not the day's sunrise and
    /// sunset, which rain works out itself) for 8 days: max(1, 3.8, 3.8 x 8 / 14) = 3.8 calls.
    /// Only Open-Meteo's own free service (and this machine, where the simulator stands in for
    /// it) has its free limits: a server of one's own and the paid plans' customer hosts do not.
    @Test func openMeteosFreeLimitsAreThoseOfItsFreeService() throws {
        for url in ["https://api.open-meteo.com/v1/forecast", "https://air-quality-api.open-meteo.com/v1/air-quality",
                    "http://127.0.0.1:8080/v1/forecast", "http://[::1]:8080/v1/forecast"] {
            #expect(OpenMeteoRateLimit.freeLimits(forURL: url) == OpenMeteoRateLimit.limits, "\(url)")
        }
        for url in ["https://weather.example.org/v1/forecast", "https://customer-api.open-meteo.com/v1/forecast",
                    "https://open-meteo.com.example.net/v1/forecast", "http://192.168.1.5:8080/v1/forecast"] {
            #expect(OpenMeteoRateLimit.freeLimits(forURL: url) == nil, "\(url)")
        }
        var settings = Settings(paths: RainPaths(configFile: "/c", defaultsFile: "/d", forecastsDirectory: "/f"))
        settings.providerChoice = .openMeteo
        settings.openMeteoURL = "https://weather.example.org/v1/forecast"
        #expect(QuotaPlan(refreshing: 100, with: settings) == nil, "a self-hosted Open-Meteo has no free-tier warnings")
        settings.providerChoice = .darkSky
        #expect(QuotaPlan(besideProviderRefreshing: 5, with: settings)?.callsPerRefresh == 1.5)
        settings.airQualityURL = "https://air.example.org/v1/air-quality"
        #expect(QuotaPlan(besideProviderRefreshing: 5, with: settings) == nil)
        // The periodic ensemble spends Open-Meteo's calls whatever the provider: beside Pirate
        // Weather in a plan of its own (ICON's 8 calls a place), paced by it, none on a server of one's own.
        settings.ensemble = true
        let beside = try #require(QuotaPlan(besideProviderRefreshing: 100, with: settings))
        #expect(beside.callsPerRefresh == 0 && beside.ensembleCallsPerPlace == 8)
        settings.ensembleURL = "https://ensemble.example.org/v1/ensemble"
        #expect(QuotaPlan(besideProviderRefreshing: 100, with: settings) == nil)
    }

    /// Beside another provider the air is Open-Meteo's: a batch is paced by whichever plan
    /// takes fewer places a minute (420 places' air is 630 calls: 400 a minute).
    @Test func aBatchIsPacedByOpenMeteosAirBesideAnotherProvider() throws {
        var settings = Settings(paths: RainPaths(configFile: "/c", defaultsFile: "/d", forecastsDirectory: "/f"))
        settings.providerChoice = .darkSky
        settings.airQualityURL = "https://air-quality-api.open-meteo.com/v1/air-quality"
        let plan = try #require(QuotaPlan(pacing: 420, with: settings))
        #expect(plan.limits.service == "Open-Meteo" && plan.placesPerMinute == 400 && plan.pacedMinutes == 2)
        let berlin = Coordinate(latitude: 52.52, longitude: 13.405), tokyo = Coordinate(latitude: 35.68, longitude: 139.65)
        #expect(QuotaPlan.openMeteoCalls(at: [berlin], with: settings) == 1.5)
        #expect(QuotaPlan.openMeteoCalls(at: [berlin, tokyo, tokyo], with: settings) == 3.5, "no pollen asked outside Europe")
        // Without pollen anywhere, 420 places' air is 420 calls: under the minute's 600.
        #expect(QuotaPlan(pacing: 420, with: settings, pollenPlaces: 0)?.placesPerMinute == nil)
        settings.providerChoice = .openMeteo
        settings.openMeteoURL = "https://api.open-meteo.com/v1/forecast"
        #expect(QuotaPlan(pacing: 420, with: settings)?.placesPerMinute == 113)
        #expect(abs(QuotaPlan.openMeteoCalls(at: [berlin], with: settings) - 5.3) < 0.001)
        #expect(abs(QuotaPlan.openMeteoCalls(at: [berlin, tokyo], with: settings) - 10.1) < 0.001)
    }

    /// One minute's budget across the forecast, the air and the ensemble: a request that would
    /// go over it waits for the next minute; the count starts again there.
    @Test func theMinutesBudgetIsShared() {
        let minute = OpenMeteoMinute(limit: 600)
        let start = Date(timeIntervalSince1970: 1_787_229_420)
        minute.spend(598.9, at: start)
        #expect(minute.spent(at: start.addingTimeInterval(30)) == 598.9)
        #expect(minute.spent(at: start.addingTimeInterval(60)) == 0)
        minute.spend(8, at: start.addingTimeInterval(61))
        #expect(minute.spent(at: start.addingTimeInterval(62)) == 8)
    }

    @Test func rainsRequestCountsAsThreePointEightCalls() {
        let weight = OpenMeteoQueryWeight.ofRainsRequest
        #expect(weight.variables == 38 && weight.daysPerLocation == [8])
        #expect(weight.calls == 3.8 && OpenMeteoProvider().callsPerRefresh == Double(Float(3.8)))
        #expect(DarkSkyProvider().callsPerRefresh == 1)
        let url = ForecastEndpoint(openMeteoURL: "http://127.0.0.1/v1/forecast", coordinate: Coordinate(latitude: 1, longitude: 2), units: .si).redactedURL
        #expect(url.contains("forecast_days=8") && !url.contains("sunrise") && !url.contains("sunset"))
    }

    private let openMeteo = QuotaPlan(places: 55, callsPerRefresh: OpenMeteoProvider().callsPerRefresh,
                                      limits: OpenMeteoProvider().freeLimits(forURL: "http://127.0.0.1:8080/v1/forecast")!)

    /// `calls` within a thousandth: 3.8 is a `Float`'s, as the server counts.
    private func about(_ calls: Double, _ expected: Double) -> Bool { abs(calls - expected) < 0.001 }

    @Test func theDefaultScheduleCrossesTheDailyLimitAtFiftyFivePlaces() throws {
        var plan = openMeteo
        plan.places = 54
        #expect(plan.crossing(every: Interval(seconds: 1800)) == nil, "48 runs x 3.8 x 54 = 9849.6")
        plan.places = 55
        let crossing = try #require(plan.crossing(every: Interval(seconds: 1800)))
        #expect(crossing.window == .day && about(crossing.calls, 10_032) && crossing.limit == 10_000)
        #expect(crossing.fittingInterval == Interval(seconds: 3600) && crossing.fittingPlaces == 54)
    }

    @Test func watchingTwoPlacesEveryMinuteCrossesTheDailyLimit() throws {
        var plan = openMeteo
        plan.places = 1
        #expect(plan.crossing(every: Interval(seconds: 60), choosingFrom: QuotaPlan.watchIntervals) == nil)
        plan.places = 2
        let crossing = try #require(plan.crossing(every: Interval(seconds: 60), choosingFrom: QuotaPlan.watchIntervals))
        #expect(crossing.window == .day && about(crossing.calls, 10_944))
        #expect(crossing.fittingInterval == Interval(seconds: 120))
    }

    @Test func oneBatchFitsTheMinuteUpToItsLimit() throws {
        var plan = openMeteo
        plan.places = 157
        #expect(plan.crossing(every: nil) == nil, "596.6 calls")
        plan.places = 158
        let crossing = try #require(plan.crossing(every: nil))
        #expect(crossing.window == .minute && about(crossing.calls, 600.4) && crossing.limit == 600)
        #expect(crossing.fittingInterval == nil && crossing.fittingPlaces == 157)
    }

    @Test func aBatchOverTheMinutesLimitIsPacedAtWhatAMinuteTakes() {
        var plan = openMeteo
        plan.places = 157
        #expect(plan.placesPerMinute == nil)
        plan.places = 158
        #expect(plan.placesPerMinute == 157 && plan.pacedMinutes == 2)
        plan.places = 1000
        #expect(plan.placesPerMinute == 157 && plan.pacedMinutes == 7)
        #expect(plan.crossing(every: Interval(seconds: 86_400))?.window == .minute)
        #expect(plan.crossing(every: Interval(seconds: 86_400), paced: true) == nil, "3800 calls a day, paced: fits")
    }

    @Test func pirateWeathersFreeTierIsItsHostsOnly() {
        #expect(DarkSkyProvider().freeLimits(forURL: "https://api.pirateweather.net/forecast/") == DarkSkyProvider.pirateWeatherFreeTier)
        #expect(DarkSkyProvider().freeLimits(forURL: "http://127.0.0.1:8080/forecast/") == nil)
        #expect(DarkSkyProvider().freeLimits(forURL: "https://weather.example.org/forecast/") == nil)
    }

    @Test func pirateWeathersFreeTierIsAMonth() throws {
        let plan = QuotaPlan(places: 7, callsPerRefresh: 1, limits: DarkSkyProvider.pirateWeatherFreeTier)
        let crossing = try #require(plan.crossing(every: Interval(seconds: 1800)))
        #expect(crossing.window == .month && crossing.calls == 10_416)
        #expect(crossing.fittingInterval == Interval(seconds: 3600))
        #expect(QuotaPlan(places: 6, callsPerRefresh: 1, limits: DarkSkyProvider.pirateWeatherFreeTier).crossing(every: Interval(seconds: 1800)) == nil)
    }

    struct ReasonCase: Sendable, CustomTestStringConvertible {
        var reason: String
        var window: ExceededQuota.Window
        var message: String
        var testDescription: String { reason }
    }

    /// open-meteo/open-meteo `Sources/App/Helper/Vapor/RateLimiter.swift`, `RateLimitError.reason`.
    @Test(arguments: [
        ReasonCase(reason: "Minutely API request limit exceeded. Please try again in one minute.", window: .minute,
                   message: "rate-limited by Open-Meteo until 12:38 UTC (its per-minute limit)"),
        ReasonCase(reason: "Hourly API request limit exceeded. Please try again in the next hour.", window: .hour,
                   message: "rate-limited by Open-Meteo until 13:00 UTC (its hourly limit)"),
        ReasonCase(reason: "Daily API request limit exceeded. Please try again tomorrow.", window: .day,
                   message: "rate-limited by Open-Meteo until 00:00 UTC (its daily limit)"),
    ])
    func aReasonNamesItsLimitAndWhenItResets(_ reasonCase: ReasonCase) throws {
        let now = Date(timeIntervalSince1970: 1_787_229_456)  // 2026-08-20 12:37:36 UTC
        let quota = try #require(ExceededQuota(serverMessage: reasonCase.reason, now: now))
        #expect(quota.window == reasonCase.window)
        #expect(quota.text.description == reasonCase.message)
        #expect(ForecastError.rateLimited(retryAfter: nil, quota: quota).kind == .temporary)
    }

    /// Pirate Weather's gateway (Kong) refuses a used-up month with Retry-After equal to
    /// RateLimit-Reset, 30 days from the month's start; its count starts again when the UTC
    /// month turns, which is what rain says. A 429 with a Retry-After and without the month's
    /// header is a shorter wait.
    @Test(arguments: [(1_798_675_200.0, "2027-01-01 00:00"),   // 2026-12-31 00:00 UTC: Kong says 1 s
                      (1_803_081_600.0, "2027-03-01 00:00")])  // 2027-02-20: Kong says March 3rd
    func kongsMonthEndsWhenTheUTCMonthTurns(_ now: Double, _ day: String) throws {
        let headers = ["retry-after": "1", "ratelimit-reset": "1", "ratelimit-remaining": "0", "x-ratelimit-remaining-month": "0"]
        let quota = try #require(ExceededQuota(monthlyQuotaIn: HTTPResponse(status: 429, headers: headers), service: "api.pirateweather.net",
                                               now: Date(timeIntervalSince1970: now)))
        #expect(quota.text.description == "monthly quota used up until \(day) UTC")
        let proxy = ["retry-after": "7", "ratelimit-reset": "7", "ratelimit-remaining": "0"]
        #expect(ExceededQuota(monthlyQuotaIn: HTTPResponse(status: 429, headers: proxy), service: "x", now: Date()) == nil)
    }

    @Test func otherWordsNameNoLimit() {
        #expect(ExceededQuota(serverMessage: "Too many concurrent requests", now: Date()) == nil)
        #expect(ExceededQuota(serverMessage: "Too Many Requests: API rate limit exceeded", now: Date()) == nil)
        #expect(ExceededQuota(serverMessage: nil, now: Date()) == nil)
    }
}

/// Open-Meteo's 429 has no `Retry-After` and its minute's count clears on the minute
/// (open-meteo/open-meteo `configure.swift`, `minutelyCallback`): rain waits for the next
/// minute and a second more, and never for the hour's or the day's.
@Suite struct MinuteLimitWaitTests {
    @Test func theMinutesLimitIsWaitedForAndNoOther() throws {
        let now = Date(timeIntervalSince1970: 1_787_229_470)   // 12:37:50 UTC
        let minute = ExceededQuota(service: "Open-Meteo", window: .minute, now: now)
        #expect(minute.retryDelay(now: now) == .seconds(11))
        #expect(minute.retryDelay(now: now.addingTimeInterval(9.5)) == .milliseconds(1500))
        #expect(ExceededQuota(service: "Open-Meteo", window: .hour, now: now).retryDelay(now: now) == nil)
        #expect(ExceededQuota(service: "Open-Meteo", window: .day, now: now).retryDelay(now: now) == nil)
        let response = HTTPResponse(status: 429, headers: [:],
                                    body: Data(#"{"error": true, "reason": "Minutely API request limit exceeded. Please try again in one minute."}"#.utf8))
        guard case .failure(_, let retryable, let delay?) = ForecastAttempt(.success(response), host: "api.open-meteo.com", key: nil) else {
            Issue.record("a minute's 429 is worth a try after the minute")
            return
        }
        #expect(retryable && delay > .zero && delay <= .seconds(61))
    }
}

/// `"ensemble": true`: what periodic refreshes add, counted in one place
/// (`EnsembleService.periodicCallsPerPlace`) and by the plans at most every 6 hours.
@Suite struct EnsembleQuotaTests {
    private func about(_ calls: Double, _ expected: Double) -> Bool { abs(calls - expected) < 0.001 }

    @Test func onlyWithTheSettingAndOpenMeteosLimits() {
        var settings = Settings(paths: RainPaths(configFile: "/c", defaultsFile: "/d", forecastsDirectory: "/f"))
        #expect(EnsembleService.periodicCallsPerPlace(with: settings) == 0, "off by default")
        settings.ensemble = true
        #expect(about(EnsembleService.periodicCallsPerPlace(with: settings), 8), "auto counts ICON's 40 runs, the heavier")
        settings.ensembleModel = .gfsSeamless
        #expect(about(EnsembleService.periodicCallsPerPlace(with: settings), 6.2))
        settings.ensembleModel = .ecmwfIFS025
        #expect(about(EnsembleService.periodicCallsPerPlace(with: settings), 10.2), "51 runs x 2 variables")
        settings.providerChoice = .darkSky
        #expect(about(EnsembleService.periodicCallsPerPlace(with: settings), 10.2), "Open-Meteo's calls whatever the provider")
        #expect(QuotaPlan(refreshing: 10, with: settings)?.ensembleCallsPerPlace ?? 0 == 0, "not in another provider's plan")
        settings.ensembleURL = "http://192.168.1.5:8080/v1/ensemble"
        #expect(EnsembleService.periodicCallsPerPlace(with: settings) == 0, "a server of one's own has no free limits")
    }

    /// 10 places every 30 minutes: 48 runs of 5.3 calls a day, and each place's ensemble (8
    /// calls) 4 times; one minute may hold every place's forecast and ensemble.
    @Test func aWindowHoldsTheEnsembleAtMostEverySixHours() throws {
        let limits = OpenMeteoProvider().freeLimits(forURL: "http://127.0.0.1:8080/v1/forecast")!
        let plan = QuotaPlan(places: 10, callsPerRefresh: 5.3, limits: limits, ensembleCallsPerPlace: 8)
        #expect(about(plan.calls(in: .day, every: Interval(seconds: 1800)), 10 * (5.3 * 48 + 8 * 4)))
        #expect(about(plan.calls(in: .day, every: Interval(seconds: 12 * 3600)), 10 * (5.3 * 2 + 8 * 2)))
        #expect(about(plan.calls(in: .minute, every: nil), 10 * (5.3 + 8)))
        #expect(plan.placesPerMinute == nil)
        var many = plan
        many.places = 100
        #expect(many.placesPerMinute == nil, "530 forecast calls fit a minute (the ensembles' are paced by `OpenMeteoMinute`)")
        // Without the ensemble the plan is as before.
        let without = QuotaPlan(places: 10, callsPerRefresh: 5.3, limits: limits)
        #expect(about(without.calls(in: .day, every: Interval(seconds: 1800)), 10 * 5.3 * 48))
    }
}
