import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// What the real services' sources and terms ask of a client, through the real binary against
/// the simulator, which answers as they do (issue 38, the second audit): Pirate Weather's
/// languages, MET's spacing of MetAlerts polls after a failure, ifconfig.co's one request a
/// minute, and Open-Meteo's weight of the air's pollen.
@Suite struct ServiceTermsEndToEndTests {
    /// Pirate Weather refuses a `lang` it has no translation for with 400 (simulator:
    /// `PirateWeatherLanguages`): Norwegian is its `no`, and a language it lacks is asked as
    /// English, so a refresh in such a locale gets its forecast.
    @Test func pirateWeatherIsAskedOnlyForALanguageItTranslates() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let cases = [("nb_NO.UTF-8", "no"), ("nn_NO.UTF-8", "no"), ("lt_LT.UTF-8", "en"), ("th_TH.UTF-8", "en"),
                         ("de_DE.UTF-8", "de"), ("zh_TW.UTF-8", "zh-tw"), ("C", "en")]
            for (locale, asked) in cases {
                world.simulator.resetRecordedRequests()
                let refresh = try await world.rain(["refresh", "Berlin"], environment: ["LANG": locale])
                #expect(refresh.status == 0, "\(locale): \(refresh)")
                let request = world.simulator.requests.first { $0.path.hasPrefix("/forecast/") }
                #expect(request?.queryValue("lang") == asked, "\(locale): \(world.requestedPaths)")
            }
        }
    }

    /// MET: "don't make more than one poll every 10 mins" and, on a 429, "limit traffic
    /// immediately" (metno/weatherapi-docs `doc/TermsOfService.md`): a poll that fails is a
    /// poll, tried once, and three quick refreshes ask MET once; the next is asked after the
    /// 10 minutes.
    @Test(arguments: [429, 500, 503])
    func aFailedMetAlertsPollIsAPoll(_ status: Int) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
            world.simulator.setBehaviour(.metAlertsStatus(status))
            let asked = { (prefix: String) in world.simulator.requests.filter { $0.path.hasPrefix(prefix) }.count }
            for _ in 0..<3 {
                let refresh = try await world.keylessRain(["refresh", "Bergen"])
                #expect(refresh.status == 0, "the forecast is fetched: \(refresh)")
            }
            #expect(asked("/v1/forecast") == 3)
            #expect(asked("/weatherapi") == 1, "\(world.requestedPaths)")
            let later = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.keylessEnvironment,
                                                   at: NotifyEndToEndTests.now.addingTimeInterval(11 * 60))
            #expect(later.status == 0, "\(later)")
            #expect(asked("/weatherapi") == 2, "asked again after 10 minutes: \(world.requestedPaths)")
        }
    }

    /// A 429 with `Retry-After` longer than the 10 minutes holds the next poll until then.
    @Test func aMetAlertsRetryAfterIsHonoured() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
            world.simulator.setBehaviour(.metAlertsStatus(429, retryAfter: 20 * 60))
            let asked = { world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count }
            let first = try await world.keylessRain(["refresh", "Bergen"])
            #expect(first.status == 0 && asked() == 1, "\(first) \(world.requestedPaths)")
            for (minutes, count) in [(11.0, 1), (21.0, 2)] {
                let refresh = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.keylessEnvironment,
                                                         at: NotifyEndToEndTests.now.addingTimeInterval(minutes * 60))
                #expect(refresh.status == 0, "\(refresh)")
                #expect(asked() == count, "after \(minutes) minutes: \(world.requestedPaths)")
            }
        }
    }

    /// A MetAlerts poll is a poll when the forecast's server is down in the same refresh too
    /// (nothing is written to the cache then): three quick refreshes of a Norwegian place
    /// during the outage ask MET once, whether it has an older forecast cached or none; MET's
    /// answer holds the next poll until its `Expires` (half an hour), and then it is asked.
    @Test(arguments: [false, true])
    func aMetAlertsPollIsRememberedWhenTheForecastFails(_ cachedBefore: Bool) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
            let asked = { world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count }
            let refresh = { (minutes: Double) in
                try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.keylessEnvironment,
                                           at: NotifyEndToEndTests.now.addingTimeInterval(minutes * 60))
            }
            if cachedBefore {
                // Long enough before that its poll (and its answer's Expires) holds nothing back.
                let earlier = try await refresh(-90)
                #expect(earlier.status == 0 && asked() == 1, "\(earlier) \(world.requestedPaths)")
            }
            let before = asked()
            world.simulator.setBehaviour(.forecastStatus(503))
            for (minutes, count) in [(0.0, 1), (0, 1), (0, 1), (11, 1), (31, 2)] {
                let failed = try await refresh(minutes)
                #expect(failed.status == 75, "the forecast's server is down: \(failed)")
                #expect(asked() == before + count, "after \(minutes) minutes: \(world.requestedPaths)")
            }
        }
    }

    /// A MetAlerts poll that failed is remembered when the forecast fails in the same refresh
    /// too (here the key refused, Pirate Weather's 403): no poll before the 10 minutes, nor
    /// before a 429's `Retry-After`.
    @Test(arguments: [(503, nil, 11.0), (429, 20 * 60, 21.0)])
    func aFailedMetAlertsPollIsRememberedWhenTheForecastFails(_ status: Int, _ retryAfter: Int?, _ due: Double) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
            world.simulator.setBehaviour(.metAlertsStatus(status, retryAfter: retryAfter))
            let asked = { world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count }
            let refused = world.environment.merging(["RAIN_API_KEY": "sim-key-ffffffffffffffff"]) { $1 }
            for (minutes, count) in [(0.0, 1), (1, 1), (due - 2, 1), (due, 2)] {
                let refresh = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: refused,
                                                         at: NotifyEndToEndTests.now.addingTimeInterval(minutes * 60))
                #expect(refresh.status == 77, "the key is refused: \(refresh)")
                #expect(asked() == count, "after \(minutes) minutes: \(world.requestedPaths)")
            }
        }
    }

    /// After a 429 MET asks to "limit traffic immediately": a refresh of four Norwegian places
    /// asks MetAlerts once, the others keep what it gave last time with one warning line, and
    /// its `Retry-After` holds all four, not only the place it answered.
    @Test func aMetAlertsRefusalStopsTheBatch() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            let places = [("Bergen", 60.39, 5.32), ("Oslo", 59.91, 10.75), ("Tromsø", 69.65, 18.96), ("Trondheim", 63.43, 10.39)]
            for (name, latitude, longitude) in places {
                _ = try store.add(name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude))
            }
            world.simulator.setBehaviour(.metAlertsStatus(429, retryAfter: 20 * 60))
            let asked = { world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count }
            let names = places.map(\.0)
            let first = try await world.keylessRain(["refresh"] + names)
            #expect(first.status == 0, "\(first)")
            #expect(asked() == 1, "MET is asked once in the refresh: \(world.requestedPaths)")
            let warnings = first.error.split(separator: "\n")
            #expect(warnings.count == 1 && warnings[0].contains("and 3 other places: could not fetch"), "\(first)")
            for (minutes, count) in [(11.0, 1), (21.0, 2)] {
                let refresh = try await BuiltProduct.run("rain", ["refresh"] + names, environment: world.keylessEnvironment,
                                                         at: NotifyEndToEndTests.now.addingTimeInterval(minutes * 60))
                #expect(refresh.status == 0, "\(refresh)")
                #expect(asked() == count, "after \(minutes) minutes: \(world.requestedPaths)")
            }
        }
    }

    /// MET throttles a client, not a place, and asks it to "limit traffic immediately" after a
    /// 429 (metno/weatherapi-docs `doc/TermsOfService.md`, "Throttling and traffic shaping"):
    /// its `Retry-After` is kept in quota.json, so the next run, a minute later and for
    /// another place, asks MET nothing before it ends, and says why; after it, MET is asked.
    /// The hold had covered only the refresh that met it. A 429 without `Retry-After` holds
    /// MET's 10 minutes between polls; it had held nothing.
    @Test(arguments: [(20 * 60, [1.0, 19], 21.0), (nil, [1, 9], 11)])
    func aMetAlertsRetryAfterHoldsTheNextRuns(_ retryAfter: Int?, _ heldAt: [Double], _ overAt: Double) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
            _ = try store.add(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75))
            world.simulator.setBehaviour(.metAlertsStatus(429, retryAfter: retryAfter))
            let asked = { (prefix: String) in world.simulator.requests.filter { $0.path.hasPrefix(prefix) }.count }
            let refresh = { (place: String, minutes: Double) in
                try await BuiltProduct.run("rain", ["refresh", place], environment: world.keylessEnvironment,
                                           at: NotifyEndToEndTests.now.addingTimeInterval(minutes * 60))
            }
            let first = try await refresh("Bergen", 0)
            #expect(first.status == 0 && asked("/weatherapi") == 1, "\(first) \(world.requestedPaths)")
            #expect(String(decoding: fileBytes(home + "/state/quota.json") ?? [], as: UTF8.self).contains(#""held":"#))
            for minutes in heldAt {
                let held = try await refresh("Oslo", minutes)
                #expect(held.status == 0, "the forecast is fetched: \(held)")
                #expect(asked("/weatherapi") == 1, "after \(minutes) minutes: \(world.requestedPaths)")
                #expect(held.error.contains("Oslo: could not fetch") && held.error.contains("rate-limited; wait "), "\(held)")
            }
            #expect(asked("/v1/forecast") == 3)
            let later = try await refresh("Oslo", overAt)
            #expect(later.status == 0, "\(later)")
            #expect(asked("/weatherapi") == 2, "asked again once the hold is over: \(world.requestedPaths)")
        }
    }

    /// ifconfig.co asks for "1 request per minute" and may answer more with 429 (mpolden/echoip
    /// `html/index.html`; simulator: `IPLocationRateLimiter`): rain asks it once, says the 429
    /// plainly and saves nothing; a 503 is not tried again within seconds either.
    @Test func theIPServiceIsAskedOnceAndItsRefusalSaid() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: NotifyEndToEndTests.now, ipLocationPerMinute: 1)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            let first = try await world.keylessRain(["locations", "add", "--here", "--again"])
            #expect(first.status == 0, "\(first)")
            let host = "127.0.0.1:\(world.simulator.port)"
            let second = try await world.keylessRain(["locations", "add", "Office", "--here"])
            #expect(second.status == 75, "\(second)")
            #expect(second.error == """
                Asking \(host) where this machine is (from its IP address)...
                rain: error: \(host) refused the request (HTTP 429: too many requests)
                rain: hint: try again later

                """, "\(second)")
            #expect(world.requestedPaths == ["/json", "/json"], "a refused request is not tried again")
            #expect(try store.load().locations.count == 3)

            world.simulator.setBehaviour(.status(503))
            let unavailable = try await world.keylessRain(["locations", "add", "Office", "--here"])
            #expect(unavailable.status == 75, "\(unavailable)")
            #expect(world.requestedPaths == ["/json", "/json", "/json"], "no quick retries against the IP service")
        }
    }

    /// Another IP service's 429 (`ip_location_url` may name any echoip server) is not said
    /// with ifconfig.co's one request a minute; its `Retry-After` is said only where it is a
    /// wait a person can act on (a day at most), in minutes from a minute ("try again in 3600 s"
    /// had read as a number to divide): a date far off is "later".
    @Test(arguments: [(30, "try again in 30 s"), (3600, "try again in 60 min"), (86_401, "try again later"), (253_402_300_799, "try again later")])
    func anIPServiceRetryAfterIsSaidWithinADay(_ retryAfter: Int, _ hint: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: NotifyEndToEndTests.now)
            world.simulator.setBehaviour(.status(429, retryAfter: retryAfter))
            let refused = try await world.keylessRain(["locations", "add", "Office", "--here"])
            #expect(refused.status == 75, "\(refused)")
            let lines = refused.error.split(separator: "\n").map(String.init)
            #expect(lines.dropFirst() == ["rain: error: 127.0.0.1:\(world.simulator.port) refused the request (HTTP 429: too many requests)",
                                          "rain: hint: \(hint)"], "\(refused)")
            #expect(lines.allSatisfy { $0.count <= 80 })
        }
    }
}

/// Open-Meteo's air has pollen only in CAMS Europe's grid (open-meteo/open-meteo
/// `Sources/App/Cams/CamsDomain.swift`), and counts every variable asked, nulls too
/// (`calculateQueryWeight`; the simulator's limiter counts as it does): Tokyo's air is asked
/// without pollen and counts 1 call, Berlin's with it 1.5.
@Suite struct AirPollenWeightEndToEndTests {
    @Test func pollenIsAskedOnlyInsideCAMSEurope() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: AirQualityRequestEndToEndTests.now, openMeteoLimits: .free)
            let pollen = ["alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen"]
            var before = 0.0
            for (name, place, asksPollen, air) in [("Tokyo", world.tokyo, false, 1.0), ("Berlin", world.berlin, true, 1.5)] {
                let refreshed = try await world.keylessRain(["refresh", name])
                #expect(refreshed.status == 0 && refreshed.error.isEmpty, "\(refreshed)")
                let request = try #require(world.simulator.airRequests.last)
                let asked = Set((request.queryValue("hourly") ?? "").split(separator: ",").map(String.init))
                #expect(asked.isSuperset(of: pollen) == asksPollen && asked.isDisjoint(with: pollen) == !asksPollen, "\(name): \(asked)")
                let calls = world.simulator.openMeteoCallsByMinute.values.reduce(0, +)
                #expect(abs(calls - before - (Double(Float(3.8)) + air)) < 0.001, "\(name): the forecast's 3.8 and the air's \(air): \(calls - before)")
                before = calls
                let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
                let kept = try #require(try cache.load(for: place.id)?.forecast.air, "\(name)'s air is kept")
                #expect(kept.hourly.contains { !$0.pollen.isEmpty } == asksPollen, "\(name)")
            }
        }
    }
}
