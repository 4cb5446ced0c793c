import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Synchronization
import Testing

/// Alerts of the official feeds, through the real binary and the simulator at a fixed clock:
/// New York (40.71,-74.006) has an NWS "Flood Watch" ending at 20:00 there and a "Dense Fog
/// Advisory" that has ended; Bergen (60.39,5.32) a yellow MetAlerts heavy rain warning. Both
/// feeds send, beside them, a cancel, an all-clear and a marine alert (a sea area's gale).
@Suite struct OfficialAlertsEndToEndTests {
    /// Bergen saved in `home`: a place in MET's area.
    private static func saveBergen(in home: String) throws -> Location {
        try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            .add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32)).location
    }

    private func world(_ home: String) throws -> (ForecastWorld, environment: [String: String]) {
        let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
        let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
        _ = try store.add(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.006))
        _ = try store.add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
        let feeds = ["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/active",
                     "RAIN_METALERTS_URL": world.simulator.rootURL + "/weatherapi/metalerts/2.0/current.json"]
        return (world, feeds)
    }

    @Test func bothFeedsJoinTheForecastAndNotifyWithEndedOnesLeftOut() async throws {
        try await withTemporaryDirectory { home in
            let (world, feeds) = try world(home)
            let notify = try await world.keylessRain(["notify", "New York", "Bergen", "--dry-run"], environment: feeds)
            #expect(notify.status == 0, "\(notify)")
            let alerts = notify.output.split(separator: "\n").filter { $0.contains(" until ") }
            #expect(alerts == ["would send: Flood Watch for New York until Thu 20:00",
                               "would send: Heavy rain, yellow level for Bergen until Fri 02:00"])
            // Cancels and all-clears end an alert; sea areas are not the place's.
            for ended in ["Flood Advisory", "Wind Advisory", "Small Craft Advisory", "Strong wind gusts", "Ice", "Gale"] {
                #expect(!notify.output.contains(ended), "\(ended): \(notify.output)")
            }

            let json = try await world.keylessRain(["show", "New York", "--json", "--offline"], environment: feeds)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let shown = try #require(document["alerts"] as? [[String: Any]])
            #expect(shown.map { $0["title"] as? String } == ["Flood Watch"], "the ended advisory is not shown")
            #expect(["Minor", "Moderate", "Severe", "Extreme"].contains(shown.first?["severity"] as? String ?? ""))
            #expect(shown.first?["expires"] as? String == "2026-08-21T00:00:00Z")
            #expect((shown.first?["regions"] as? [String])?.count == 2)
            let bergen = try await world.keylessRain(["show", "Bergen", "--json", "--offline"], environment: feeds)
            let met = try #require((try JSONSerialization.jsonObject(with: Data(bergen.output.utf8)) as? [String: Any])?["alerts"] as? [[String: Any]])
            #expect(met.map { $0["title"] as? String } == ["Heavy rain, yellow level"], "\(bergen.output)")
            // MET's consequences and instruction follow its description; the alert's own CAP id names it.
            #expect((met.first?["description"] as? String)?.hasSuffix(" Water may collect on roads. Clear drains.") == true)
            #expect((met.first?["id"] as? String)?.hasPrefix("2.49.0.1.578.0.") == true)

            let requests = world.simulator.requests.filter { $0.path.hasPrefix("/alerts") || $0.path.hasPrefix("/weatherapi") }
            // The feeds are asked side by side, in no set order.
            #expect(requests.map(\.path).sorted() == ["/alerts/active", "/weatherapi/metalerts/2.0/current.json"], "Berlin and Tokyo ask no feed")
            #expect(requests.first { $0.path == "/alerts/active" }?.queryValue("point") == "40.71,-74.006")
            #expect(requests.first { $0.path == "/alerts/active" }?.header("accept") == "application/geo+json", "the type NWS documents")
            #expect(requests.first { $0.path.hasPrefix("/weatherapi") }?.header("accept") == "application/json")
            // Without alerts_contact, rain names itself and says it has no contact (MET refuses a
            // missing or generic User-Agent: the simulator's MetAlerts answered 200, so Bergen's alert is here).
            #expect(requests.allSatisfy {
                $0.header("user-agent") == "\(RainVersion.userAgent) (command-line weather tool; no contact configured)"
            }, "\(requests.map { $0.header("user-agent") })")
        }
    }

    /// MET's downgrade (`doc/metalerts/CAP-v2-profile.md`: an `Update` with responseType
    /// AllClear, `severity` Minor, green) replaces the yellow wind alert the simulator sends
    /// until noon UTC: the alert rain showed and notified ends, and the all-clear is neither
    /// shown nor notified.
    @Test func metsGreenAllClearEndsTheAlertAndNeverNotifies() async throws {
        try await withTemporaryDirectory { home in
            let before = NotifyEndToEndTests.now.addingTimeInterval(-10 * 60)
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: before)
            let bergen = try Self.saveBergen(in: home)
            let cache = ForecastCache(directory: home + "/cache/forecasts")
            let warned = try await world.keylessRain(["notify", "Bergen", "--dry-run"])
            #expect(warned.status == 0, "\(warned)")
            #expect(try cache.load(for: bergen.id)?.forecast.alerts.map(\.title) == ["Heavy rain, yellow level", "Strong wind gusts, yellow level"])
            #expect(warned.output.contains("Strong wind gusts, yellow level for Bergen"), "\(warned)")

            // After the answer's Expires (half an hour), past noon: MET (a simulator whose clock
            // is then) sends the all-clear.
            let after = NotifyEndToEndTests.now.addingTimeInterval(21 * 60)
            let met = ForecastSimulator(configuration: .init(now: after.timeIntervalSince1970))
            try met.start()
            defer { met.stop() }
            let environment = world.keylessEnvironment.merging(["RAIN_METALERTS_URL": met.rootURL + "/weatherapi/metalerts/2.0/current.json"]) { $1 }
            let cleared = try await BuiltProduct.run("rain", ["notify", "Bergen", "--dry-run"], environment: environment, at: after)
            #expect(cleared.status == 0 && cleared.error.isEmpty, "\(cleared)")
            #expect(met.requests.filter { $0.path.hasPrefix("/weatherapi") }.count == 1, "\(met.requests.map(\.path))")
            #expect(!cleared.output.contains("wind") && !cleared.output.contains("green"), "\(cleared)")
            #expect(try cache.load(for: bergen.id)?.forecast.alerts.map(\.title) == ["Heavy rain, yellow level"], "the all-clear ended the wind alert")
            let shown = try await BuiltProduct.run("rain", ["show", "Bergen", "--offline"], environment: environment, at: after)
            #expect(!shown.output.contains("Strong wind gusts"), "\(shown)")
        }
    }

    /// alerts_contact is the contact the services ask for, in their User-Agent only.
    @Test func theUsersContactGoesToTheAlertFeedsOnly() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5, "alerts_contact": "ana@example.net"}"#,
                                          now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.006))
            let feeds = ["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/active"]
            let refresh = try await world.keylessRain(["refresh", "New York"], environment: feeds)
            #expect(refresh.status == 0, "\(refresh)")
            let agents = world.simulator.requests.map { ($0.path, $0.header("user-agent") ?? "") }
            let nws = agents.filter { $0.0.hasPrefix("/alerts") }.map(\.1)
            #expect(nws.count == 1 && nws[0].hasPrefix("rain/") && nws[0].hasSuffix(" (ana@example.net)"), "\(agents)")
            #expect(agents.filter { !$0.0.hasPrefix("/alerts") }.allSatisfy { !$0.1.contains("ana@") }, "the forecast's request does not carry it")

            writeFile(home + "/config.json", #"{"alerts_contact": "me (at) home\n"}"#)
            let bad = try await world.keylessRain(["refresh", "New York"], environment: feeds)
            #expect(bad.status == 78, "\(bad)")
            #expect(bad.error.contains("'alerts_contact' must be an email address or URL (printable ASCII, no parentheses)"), "\(bad)")
        }
    }

    @Test func showAllMarksThePlacesWithAnAlertInForce() async throws {
        try await withTemporaryDirectory { home in
            let (world, feeds) = try world(home)
            let all = try await world.keylessRain(["show", "--all"], environment: feeds.merging(["COLUMNS": "100"]) { $1 })
            #expect(all.status == 0, "\(all)")
            let lines = all.output.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("  New York !") } && lines.contains { $0.hasPrefix("  Bergen !") }, "\(all.output)")
            #expect(lines.contains { $0.contains(" Berlin ") } && !lines.contains { $0.contains(" Berlin !") })
        }
    }

    @Test func aFeedThatFailsLeavesTheForecastWithAWarning() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            let broken = ["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/nowhere"]
            let refresh = try await world.keylessRain(["refresh", "New York"], environment: broken)
            #expect(refresh.status == 0, "\(refresh)")
            #expect(refresh.error.hasPrefix("rain: warning: New York: could not fetch NWS alerts: "), "\(refresh)")
            #expect(refresh.error.split(separator: "\n").count == 1)
            let json = try await world.keylessRain(["show", "New York", "--json", "--offline"])
            #expect(json.status == 0 && json.output.contains("\"alerts\": []"), "\(json)")
            // A feed that cannot be reached while the forecasts can is said too (offline, the
            // forecast's own fetch says so once, and the feeds keep quiet).
            let unreachable = ["RAIN_NWS_URL": "http://127.0.0.1:1/alerts/active"]
            let said = try await world.keylessRain(["refresh", "New York"], environment: unreachable)
            #expect(said.status == 0, "\(said)")
            #expect(said.error == "rain: warning: New York: could not fetch NWS alerts: cannot reach 127.0.0.1:1\n", "\(said)")
            // A place whose forecast fails says so in one line; its feeds are not said too.
            let failing = ["RAIN_OPENMETEO_URL": world.simulator.rootURL + "/v1/nowhere"]
            for feed in [broken, unreachable] {
                let failed = try await world.keylessRain(["refresh", "New York"], environment: feed.merging(failing) { $1 })
                #expect(failed.status != 0 && failed.error.hasPrefix("rain: error: New York: ") && !failed.error.contains("NWS"), "\(failed)")
            }
        }
    }

    /// The feeds are asked alongside the forecasts, not before them: the simulator holds the
    /// NWS answer until New York's forecast has been asked for (asked after the feeds, it never
    /// would be: the wait is a guard against that, not a measure of time), and the alert still
    /// joins the forecast.
    @Test func theFeedsAreAskedAlongsideTheForecasts() async throws {
        try await withTemporaryDirectory { home in
            let forecastAsked = Mutex(false)
            let heldFeed = Mutex<Bool?>(nil)
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 60}"#, now: NotifyEndToEndTests.now) { line in
                if line.contains("/v1/forecast") { forecastAsked.withLock { $0 = true } }
                guard line.contains("/alerts/active") else { return }
                let deadline = ContinuousClock.now + .seconds(30)
                while !forecastAsked.withLock({ $0 }) && ContinuousClock.now < deadline { usleep(10_000) }
                heldFeed.withLock { $0 = forecastAsked.withLock { $0 } }
            }
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.006))
            let feeds = ["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/active"]
            let refresh = try await world.keylessRain(["refresh", "New York"], environment: feeds)
            #expect(refresh.status == 0, "\(refresh)")
            #expect(heldFeed.withLock { $0 } == true, "the forecast was asked for while the feed's answer was held")
            let json = try await world.keylessRain(["show", "New York", "--json", "--offline"], environment: feeds)
            #expect(json.output.contains("Flood Watch"), "\(json)")
        }
    }

    /// A feed slower than the forecasts holds back only its own place's save: with one request
    /// at a time and New York's forecast first, the simulator holds the NWS answer until every
    /// place's forecast has been asked for. Had New York's save waited for it in line, the
    /// back-pressure would have stopped the later transfers and the batch's 5 seconds run out.
    @Test func aSlowFeedHoldsBackNoOtherPlace() async throws {
        try await withTemporaryDirectory { home in
            let forecastsAsked = Mutex(0)
            let heldFeed = Mutex<Int?>(nil)
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5, "max_concurrent_requests": 1}"#,
                                          now: NotifyEndToEndTests.now) { line in
                if line.contains("/v1/forecast") { forecastsAsked.withLock { $0 += 1 } }
                guard line.contains("/alerts/active") else { return }
                let deadline = ContinuousClock.now + .seconds(20)
                while forecastsAsked.withLock({ $0 }) < 4 && ContinuousClock.now < deadline { usleep(10_000) }
                heldFeed.withLock { $0 = forecastsAsked.withLock { $0 } }
            }
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            let newYork = try store.add(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.006)).location
            _ = try store.add(name: "Lima", coordinate: Coordinate(latitude: -12.05, longitude: -77.04))
            let feeds = ["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/active"]
            let refresh = try await world.keylessRain(["refresh", "New York", "Berlin", "Tokyo", "Lima"], environment: feeds)
            #expect(refresh.status == 0, "\(refresh)")
            #expect(heldFeed.withLock { $0 } == 4, "every forecast was asked for while the feed's answer was held")
            let cache = ForecastCache(directory: home + "/cache/forecasts")
            #expect(try cache.load(for: newYork.id)?.forecast.alerts.map(\.title).contains("Flood Watch") == true, "the held forecast has its feed's alerts")
        }
    }

    /// MET answers coordinates of 5+ decimals with 403 (metno/weatherapi-docs
    /// `doc/TermsOfService.md`): a place saved with six decimals is asked with four, and gets
    /// its alert without a warning.
    @Test func metAlertsIsAskedWithFourDecimals() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            let bergen = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Bergen", coordinate: Coordinate(latitude: 60.390012, longitude: 5.320049)).location
            let refresh = try await world.keylessRain(["refresh", "Bergen"])
            #expect(refresh.status == 0 && refresh.error.isEmpty, "\(refresh)")
            let asked = world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }
            #expect(asked.map { [$0.queryValue("lat"), $0.queryValue("lon")] } == [["60.39", "5.32"]])
            let cache = ForecastCache(directory: home + "/cache/forecasts")
            #expect(try cache.load(for: bergen.id)?.forecast.alerts.map(\.title) == ["Heavy rain, yellow level"])
        }
    }

    /// A red MET warning carries the storm's name (`incidentName`) and MET's own phrase.
    @Test func aStormsNameLeadsItsRedWarning() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Storm", coordinate: Coordinate(latitude: Self.redPlace.latitude, longitude: Self.redPlace.longitude))
            let notify = try await world.keylessRain(["notify", "Storm", "--dry-run"])
            #expect(notify.status == 0, "\(notify)")
            #expect(notify.output.contains("would send: \(Self.redPlace.storm): Extremely heavy rain ongoing, red level for Storm until "),
                    "\(notify.output)")
        }
    }

    /// A place in Norway whose simulated heavy rain warning is red, and its storm.
    static let redPlace = (latitude: 61.0, longitude: 8.0, storm: "Hans")

    /// Feeds are asked for the places they cover, by the services' coverage: none for the cities
    /// beside their borders, NWS for the territories in the Pacific and the Aleutians past 180°.
    @Test func eachFeedIsAskedOnlyForItsOwnCountry() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 20}"#, now: NotifyEndToEndTests.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            let places = [("Vancouver", 49.28, -123.12), ("Toronto", 43.65, -79.38), ("Monterrey", 25.67, -100.31), ("Nassau", 25.05, -77.35),
                          ("Stockholm", 59.33, 18.07), ("Helsinki", 60.17, 24.94), ("Tallinn", 59.44, 24.75),
                          ("Pago Pago", -14.28, -170.7), ("Saipan", 15.18, 145.75), ("Attu", 52.93, 172.9), ("Tromso", 69.65, 18.96)]
            for (name, latitude, longitude) in places {
                _ = try store.add(name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude))
            }
            let refresh = try await world.keylessRain(["refresh"] + places.map(\.0))
            #expect(refresh.status == 0, "\(refresh)")
            let nws = world.simulator.requests.filter { $0.path == "/alerts/active" }.compactMap { $0.queryValue("point") }
            #expect(nws.sorted() == ["-14.28,-170.7", "15.18,145.75", "52.93,172.9"])
            let met = world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.compactMap { $0.queryValue("lat") }
            #expect(met == ["69.65"])
        }
    }

    /// `--quiet` (cron) says nothing of a feed that fails: the forecast is kept, and the same
    /// line would be mailed at every run.
    @Test func aFeedThatFailsIsNotSaidWithQuiet() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            for broken in [["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/nowhere"], ["RAIN_NWS_URL": "http://127.0.0.1:1/alerts/active"]] {
                let quiet = try await world.keylessRain(["refresh", "New York", "--quiet"], environment: broken)
                #expect(quiet.status == 0 && quiet.error.isEmpty && quiet.output.isEmpty, "\(quiet)")
            }
            let said = try await world.keylessRain(["refresh", "New York"], environment: ["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/nowhere"])
            #expect(said.error.hasPrefix("rain: warning: New York: could not fetch NWS alerts: "), "\(said)")
        }
    }

    /// MET asks for no more than one MetAlerts poll every 10 minutes, none before the answer's
    /// `Expires`, and `If-Modified-Since` with the `Last-Modified` it sent (metno/weatherapi-docs
    /// `doc/TermsOfService.md`, "Traffic"; `doc/locationforecast/HowTO.md` steps 9-10): a refresh
    /// within 10 minutes fetches the forecast and keeps MET's alerts as they were; so does one
    /// after 10 minutes but before `Expires` (half an hour in the simulator); one after asks
    /// again, naming the user's contact and the `Last-Modified`, and MET's `304 Not Modified`
    /// keeps the alerts, with nothing said.
    @Test func metAlertsIsAskedAtMostEveryTenMinutesAndThenIfModifiedSince() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5, "alerts_contact": "ana@example.net"}"#,
                                          now: NotifyEndToEndTests.now)
            let bergen = try Self.saveBergen(in: home)
            let cache = ForecastCache(directory: home + "/cache/forecasts")
            let asked = { (prefix: String) in world.simulator.requests.filter { $0.path.hasPrefix(prefix) } }
            for _ in 0..<2 {
                let refresh = try await world.keylessRain(["refresh", "Bergen"])
                #expect(refresh.status == 0 && refresh.error.isEmpty, "\(refresh)")
                #expect(try cache.load(for: bergen.id)?.forecast.alerts.map(\.title) == ["Heavy rain, yellow level"])
            }
            #expect(asked("/v1/forecast").count == 2 && asked("/weatherapi").count == 1, "\(world.requestedPaths)")
            #expect(asked("/weatherapi").first?.header("if-modified-since") == nil, "nothing to ask about yet")
            let first = try #require(try cache.load(for: bergen.id)?.forecast)
            let lastModified = try #require(first.alertsLastModified)
            #expect(first.alertsExpire == NotifyEndToEndTests.now.addingTimeInterval(30 * 60))

            let beforeExpiry = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.keylessEnvironment,
                                                          at: NotifyEndToEndTests.now.addingTimeInterval(11 * 60))
            #expect(beforeExpiry.status == 0, "\(beforeExpiry)")
            #expect(asked("/weatherapi").count == 1, "asked before the answer's Expires: \(world.requestedPaths)")

            let later = NotifyEndToEndTests.now.addingTimeInterval(31 * 60)
            let unchanged = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.keylessEnvironment, at: later)
            #expect(unchanged.status == 0 && unchanged.error.isEmpty, "nothing to warn of: \(unchanged)")
            let second = try #require(asked("/weatherapi").dropFirst().first)
            #expect(asked("/weatherapi").count == 2, "\(world.requestedPaths)")
            #expect((second.header("user-agent") ?? "").hasSuffix(" (ana@example.net)"))
            #expect(second.header("if-modified-since") == lastModified, "MET asks for the Last-Modified it sent, unchanged")
            let kept = try #require(try cache.load(for: bergen.id)?.forecast)
            #expect(kept.alerts.map(\.title) == ["Heavy rain, yellow level"], "the 304 dropped the warning in force")
            #expect(kept.alertsAskedAt.map { abs($0.timeIntervalSince(later)) < 60 } == true, "a 304 is an answer: asked now")
            #expect(kept.alertsLastModified == lastModified)
        }
    }

    /// MET's alerts are kept between its polls because MetAlerts gave them, whatever form their
    /// ids have: a server that numbers its messages otherwise ("alert-1") keeps its warning
    /// through a refresh that does not ask it (hostile trial 17, M17-1), and through a failed poll.
    @Test func metsAlertsAreKeptBetweenPollsWhateverFormTheirIDsHave() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            world.simulator.setBehaviour(.metAlertsIDsInAnotherForm)
            let bergen = try Self.saveBergen(in: home)
            let cache = ForecastCache(directory: home + "/cache/forecasts")
            for _ in 0..<2 {
                let refresh = try await world.keylessRain(["refresh", "Bergen"])
                #expect(refresh.status == 0 && refresh.error.isEmpty, "\(refresh)")
                let alerts = try #require(try cache.load(for: bergen.id)?.forecast.alerts)
                #expect(alerts.map(\.title) == ["Heavy rain, yellow level"] && alerts.map(\.id) == ["alert-1"], "\(alerts)")
            }
            #expect(world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count == 1, "\(world.requestedPaths)")
            let json = try await world.keylessRain(["show", "Bergen", "--json", "--offline"])
            #expect(json.output.contains(#""source": "metalerts""#), "\(json.output)")

            let broken = world.keylessEnvironment.merging(["RAIN_METALERTS_URL": world.simulator.rootURL + "/weatherapi/nowhere"]) { $1 }
            let failed = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: broken,
                                                    at: NotifyEndToEndTests.now.addingTimeInterval(31 * 60))
            #expect(failed.status == 0 && failed.error.contains("could not fetch"), "\(failed)")
            #expect(try cache.load(for: bergen.id)?.forecast.alerts.map(\.id) == ["alert-1"], "the warning in force was dropped")
        }
    }

    /// A cache written before alerts named their `source` still keeps MET's alerts between
    /// polls: an alert without one is read as that rain told them (MET's CAP identifier), and
    /// the refresh writes it marked.
    @Test func aCacheWrittenBeforeAlertsWereMarkedKeepsMETsAlertsBetweenPolls() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            let bergen = try Self.saveBergen(in: home)
            let first = try await world.keylessRain(["refresh", "Bergen"])
            #expect(first.status == 0, "\(first)")
            let path = home + "/cache/forecasts/\(bergen.id.uuidString.lowercased()).json"
            let written = try String(contentsOfFile: path, encoding: .utf8)
            let unmarked = written.replacingOccurrences(of: #","source":"metalerts""#, with: "")
            #expect(unmarked != written, "\(written)")
            try unmarked.write(toFile: path, atomically: true, encoding: .utf8)

            let second = try await world.keylessRain(["refresh", "Bergen"])
            #expect(second.status == 0 && second.error.isEmpty, "\(second)")
            #expect(world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count == 1, "\(world.requestedPaths)")
            let kept = try #require(try ForecastCache(directory: home + "/cache/forecasts").load(for: bergen.id)?.forecast.alerts)
            #expect(kept.map(\.title) == ["Heavy rain, yellow level"] && kept.map(\.feed) == [.metAlerts], "\(kept)")
        }
    }

    /// A MetAlerts request that fails does not drop a warning in force: what MET gave last
    /// time stays with the new forecast. It was a poll all the same (MET's terms: one every
    /// 10 minutes), so MET is asked again 10 minutes after it, not at the next refresh.
    @Test func aFailedMetAlertsRequestKeepsTheWarningsInForce() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            let bergen = try Self.saveBergen(in: home)
            let cache = ForecastCache(directory: home + "/cache/forecasts")
            let asked = { world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count }
            let first = try await world.keylessRain(["refresh", "Bergen"])
            #expect(first.status == 0 && first.error.isEmpty, "\(first)")
            let asFirst = try cache.load(for: bergen.id)?.forecast.alertsAskedAt
            let broken = world.keylessEnvironment.merging(["RAIN_METALERTS_URL": world.simulator.rootURL + "/weatherapi/nowhere"]) { $1 }
            let failedAt = NotifyEndToEndTests.now.addingTimeInterval(31 * 60)
            let later = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: broken, at: failedAt)
            #expect(later.status == 0 && later.error.contains("could not fetch"), "\(later)")
            #expect(asked() == 2)
            let kept = try #require(try cache.load(for: bergen.id)?.forecast)
            #expect(kept.alerts.map(\.title) == ["Heavy rain, yellow level"], "the warning in force was dropped")
            #expect(kept.alertsAskedAt != asFirst && kept.alertsAskedAt.map { abs($0.timeIntervalSince(failedAt)) < 60 } == true,
                    "a failed request is a poll: \(String(describing: kept.alertsAskedAt))")
            let soon = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.keylessEnvironment,
                                                  at: NotifyEndToEndTests.now.addingTimeInterval(32 * 60))
            #expect(soon.status == 0, "\(soon)")
            #expect(asked() == 2, "MET was asked again a minute after the failed poll")
            let again = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.keylessEnvironment,
                                                   at: NotifyEndToEndTests.now.addingTimeInterval(42 * 60))
            #expect(again.status == 0, "\(again)")
            #expect(asked() == 3, "MET was not asked again 10 minutes after the failed poll")
        }
    }

    /// While MetAlerts is down, the provider's copies of MET's messages stand in for them: on
    /// the refresh whose poll failed, and on those within MET's 10 minutes that do not ask it,
    /// which act as the last poll did (hostile trial 18, M18-1). Once MET answers, its own
    /// alerts are shown and the copies left out, between polls too.
    @Test func whileMetAlertsIsDownTheProvidersCopiesStayBetweenPolls() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            world.simulator.setBehaviour(.metAlertsStatus(500))
            let bergen = try Self.saveBergen(in: home)
            let cache = ForecastCache(directory: home + "/cache/forecasts")
            let asked = { world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count }
            let polled = try await world.rain(["refresh", "Bergen"])
            #expect(polled.status == 0 && polled.error.contains("could not fetch MetAlerts"), "\(polled)")
            let copies = try #require(try cache.load(for: bergen.id)?.forecast.alerts.map(\.title))
            #expect(copies.first?.hasPrefix("Mye regn, gult nivå") == true, "the provider's copy: \(copies)")
            for _ in 0..<2 {
                let unpolled = try await world.rain(["refresh", "Bergen"])
                #expect(unpolled.status == 0, "\(unpolled)")
                #expect(try cache.load(for: bergen.id)?.forecast.alerts.map(\.title) == copies, "the provider's copies were dropped")
            }
            #expect(asked() == 1, "\(world.requestedPaths)")
            let notify = try await world.rain(["notify", "Bergen", "--dry-run"])
            #expect(notify.output.contains("would send: Mye regn, gult nivå"), "\(notify)")

            world.simulator.setBehaviour(.normal)
            for minutes in [11.0, 12.0] {
                let refresh = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.environment,
                                                         at: NotifyEndToEndTests.now.addingTimeInterval(minutes * 60))
                #expect(refresh.status == 0 && refresh.error.isEmpty, "\(refresh)")
                #expect(try cache.load(for: bergen.id)?.forecast.alerts.map(\.title) == ["Heavy rain, yellow level"], "after \(minutes) min")
            }
            #expect(asked() == 2, "\(world.requestedPaths)")
        }
    }

    /// A 429's `Retry-After` that holds MetAlerts back (met by a refresh of another place) is
    /// no answer: at a place it holds, the provider's copies of MET's messages stand in for
    /// them, as when a poll fails. They had been left out as copies of a feed that answered.
    @Test func whileARetryAfterHoldsMetAlertsBackTheProvidersCopiesStay() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            let bergen = try Self.saveBergen(in: home)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Oslo", coordinate: Coordinate(latitude: 59.91, longitude: 10.75))
            let asked = { world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count }
            let oneMinuteOn = NotifyEndToEndTests.now.addingTimeInterval(60)
            world.simulator.setBehaviour(.metAlertsStatus(429, retryAfter: 20 * 60))
            let refused = try await world.rain(["refresh", "Oslo"])
            #expect(refused.status == 0 && refused.error.contains("rate-limited"), "\(refused)")
            world.simulator.setBehaviour(.normal)
            let held = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.environment, at: oneMinuteOn)
            #expect(held.status == 0 && held.error.contains("Bergen: could not fetch"), "\(held)")
            #expect(asked() == 1, "\(world.requestedPaths)")
            let alerts = try #require(try ForecastCache(directory: home + "/cache/forecasts").load(for: bergen.id)?.forecast.alerts)
            #expect(alerts.first?.title.hasPrefix("Mye regn, gult nivå") == true, "the provider's copy: \(alerts.map(\.title))")
            let notify = try await BuiltProduct.run("rain", ["notify", "Bergen", "--dry-run"], environment: world.environment, at: oneMinuteOn)
            #expect(notify.output.contains("would send: Mye regn, gult nivå"), "\(notify)")
        }
    }

    /// A MetAlerts poll in a refresh whose forecast failed (the key refused) is remembered as
    /// failed, whether it failed (500) or answered (200: its alerts could not be kept without
    /// a forecast): the next refresh, within MET's 10 minutes, does not ask MET and keeps the
    /// provider's copies of its messages, as a failed poll would have. It had counted MET as
    /// answered with nothing and left the copies out (hostile trials 18 and 19).
    @Test(arguments: [500, 200])
    func aPollIsRememberedAsFailedWhenTheForecastFails(metStatus: Int) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            let bergen = try Self.saveBergen(in: home)
            let asked = { world.simulator.requests.filter { $0.path.hasPrefix("/weatherapi") }.count }
            if metStatus != 200 { world.simulator.setBehaviour(.metAlertsStatus(metStatus)) }
            let refusedKey = world.environment.merging(["RAIN_API_KEY": "sim-key-ffffffffffffffff"]) { $1 }
            let failed = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: refusedKey, at: NotifyEndToEndTests.now)
            #expect(failed.status == 77, "the key is refused: \(failed)")
            let next = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.environment,
                                                  at: NotifyEndToEndTests.now.addingTimeInterval(60))
            #expect(next.status == 0, "\(next)")
            #expect(asked() == 1, "MET is not asked again within its 10 minutes: \(world.requestedPaths)")
            let alerts = try #require(try ForecastCache(directory: home + "/cache/forecasts").load(for: bergen.id)?.forecast.alerts)
            #expect(alerts.first?.title.hasPrefix("Mye regn, gult nivå") == true, "the provider's copy: \(alerts.map(\.title))")
        }
    }

    /// An alert of the provider's own at a place in MET's area, which copies nothing MET sent,
    /// stays beside MET's, as at an NWS place: only the provider's copies of the feed's alerts
    /// are left out (hostile trial 18, M18-2).
    @Test func aProvidersOwnAlertInMETsAreaStaysBesideMETs() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            world.simulator.setBehaviour(.providersOwnAlertInMETsArea)
            let bergen = try Self.saveBergen(in: home)
            for _ in 0..<2 {
                let refresh = try await world.rain(["refresh", "Bergen"])
                #expect(refresh.status == 0 && refresh.error.isEmpty, "\(refresh)")
                let alerts = try #require(try ForecastCache(directory: home + "/cache/forecasts").load(for: bergen.id)?.forecast.alerts)
                #expect(alerts.map(\.title).sorted() == ["Avalanche danger level 4", "Heavy rain, yellow level"], "\(alerts.map(\.title))")
            }
            let notify = try await world.rain(["notify", "Bergen", "--dry-run"])
            #expect(notify.output.contains("would send: Avalanche danger level 4 for Bergen"), "\(notify)")
        }
    }

    /// api.met.no answers a deprecated or beta version with 203 (metno/weatherapi-docs
    /// `doc/StatusCodes.md`; `doc/TermsOfService.md`: "this should be logged and/or shown as a
    /// warning"): the alerts count, and one line says so for the whole refresh (not one per
    /// place), unless `--quiet`.
    @Test func aDeprecatedMetAlertsVersionIsSaidOnceARefresh() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
            _ = try store.add(name: "Tromsø", coordinate: Coordinate(latitude: 69.65, longitude: 18.96))
            let beta = ["RAIN_METALERTS_URL": world.simulator.rootURL + "/weatherapi/metalerts/3.0/current.json"]
            let refresh = try await world.keylessRain(["refresh", "Bergen", "Tromsø"], environment: beta)
            #expect(refresh.status == 0, "\(refresh)")
            let lines = refresh.error.split(separator: "\n")
            #expect(lines == ["rain: warning: MetAlerts: API deprecated or in beta; rain may need an update"],
                    "\(refresh)")
            let json = try await world.keylessRain(["show", "Bergen", "--json", "--offline"])
            #expect(json.output.contains("Heavy rain, yellow level"), "a 203 carries the alerts: \(json)")
            let quiet = try await BuiltProduct.run("rain", ["refresh", "Bergen", "Tromsø", "--quiet"],
                                                   environment: world.keylessEnvironment.merging(beta) { $1 },
                                                   at: NotifyEndToEndTests.now.addingTimeInterval(31 * 60))
            #expect(quiet.status == 0 && quiet.error.isEmpty && quiet.output.isEmpty, "\(quiet)")
        }
    }

    /// An NWS request that fails does not drop an alert in force either: New York's Flood Watch
    /// stays with the new forecast until the feed answers again.
    @Test func aFailedNWSRequestKeepsTheAlertInForce() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            let first = try await world.keylessRain(["refresh", "New York"])
            #expect(first.status == 0, "\(first)")
            let broken = ["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/nowhere"]
            let failed = try await world.keylessRain(["refresh", "New York"], environment: broken)
            #expect(failed.status == 0 && failed.error.contains("could not fetch NWS alerts"), "\(failed)")
            let json = try await world.keylessRain(["show", "New York", "--json", "--offline"])
            #expect(json.status == 0 && json.output.contains("Flood Watch"), "the alert in force was dropped: \(json)")
        }
    }
}
