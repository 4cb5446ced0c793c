import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// One alert, told once, through the real binary and the simulator at a fixed clock (12:00 UTC):
/// New York (40.71,-74.006) has the NWS "Flood Watch" in force, which Pirate Weather (the
/// simulator's Dark Sky route) passes on as its own, with the forecast page of the point as its
/// link; and the NWS office re-issues it every hour with a new identifier that names the
/// messages before it, the same event, severity and end.
@Suite struct AlertCopiesEndToEndTests {
    private func world(_ home: String) throws -> (ForecastWorld, notify: [String]) {
        let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
        _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            .add(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.006))
        return (world, ["notify", "New York", "--exec", #"cat >> "$RAIN_HOME/events.jsonl""#])
    }

    private func alertsSent(_ home: String) -> [String] {
        let text = (try? String(contentsOfFile: home + "/events.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["kind"] as? String == "alert" }.compactMap { $0["summary"] as? String }
    }

    private func alerts(_ result: ProcessResult) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result)")
        return try #require(document["alerts"] as? [[String: Any]])
    }

    @Test func pirateWeathersCopyOfAnNWSAlertIsLeftOutWhenTheFeedAnswered() async throws {
        try await withTemporaryDirectory { home in
            let (world, notify) = try world(home)
            // Without the feed, the provider's copies are what there is: the alert in force, and
            // an advisory that has ended but whose message has not expired, each linking the
            // point's forecast page as Pirate Weather's do.
            let alone = try await world.rain(["refresh", "New York"], environment: ["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/nowhere"])
            #expect(alone.status == 0, "\(alone)")
            let copies = try alerts(try await world.rain(["show", "New York", "--json", "--offline"]))
            #expect(copies.map { $0["title"] as? String } == ["Flood Watch", "Dense Fog Advisory"])
            #expect(copies.allSatisfy { $0["uri"] as? String == "https://forecast.weather.gov/MapClick.php?lon=-74.006&lat=40.71" }, "\(copies)")

            let refresh = try await world.rain(["refresh", "New York"])
            #expect(refresh.status == 0 && refresh.error.isEmpty, "\(refresh)")
            let shown = try alerts(try await world.rain(["show", "New York", "--json", "--offline"]))
            #expect(shown.map { $0["title"] as? String } == ["Flood Watch"], "\(shown)")
            #expect((shown.first?["uri"] as? String)?.hasPrefix("https://api.weather.gov/alerts/urn:oid:") == true, "the feed's own")

            let screen = try await world.rain(["show", "New York", "--offline"], environment: ["COLUMNS": "100"])
            #expect(screen.status == 0, "\(screen)")
            let headings = screen.output.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("! ") }
            #expect(headings.map { $0.trimmingCharacters(in: .whitespaces) } == ["! Flood Watch (\(shown.first?["severity"] as? String ?? "?")), until Thu 20 Aug 20:00"],
                    "once on the screen: \(screen.output)")

            #expect(try await world.rain(notify).status == 0)
            #expect(alertsSent(home) == ["Flood Watch for New York until Thu 20:00"])
        }
    }

    @Test func anHourlyReissueOfTheSameAlertIsNotNotifiedAgainButANewOneIs() async throws {
        try await withTemporaryDirectory { home in
            let (world, notify) = try world(home)
            let first = try await world.keylessRain(notify)
            #expect(first.status == 0, "\(first)")
            #expect(alertsSent(home) == ["Flood Watch for New York until Thu 20:00"])
            let firstAlert = try #require(try alerts(try await world.keylessRain(["show", "New York", "--json", "--offline"])).first)

            // An hour later the office has re-issued it; then at 23:00 UTC a new alert is in force.
            for (hours, expected) in [(1.0, 1), (2.0, 1), (11.0, 2)] {
                let later = NotifyEndToEndTests.now.addingTimeInterval(hours * 3600)
                let simulator = ForecastSimulator(configuration: .init(apiKey: ForecastWorld.apiKey, now: later.timeIntervalSince1970))
                _ = try simulator.start()
                defer { simulator.stop() }
                let environment = world.keylessEnvironment.mapValues { $0.replacingOccurrences(of: world.simulator.rootURL, with: simulator.rootURL) }
                let refresh = try await BuiltProduct.run("rain", ["refresh", "New York"], environment: environment, at: later)
                #expect(refresh.status == 0, "\(refresh)")
                let run = try await BuiltProduct.run("rain", notify, environment: environment, at: later)
                #expect(run.status == 0, "\(run)")
                #expect(alertsSent(home).count == expected, "after \(hours) h: \(alertsSent(home))")
                let shown = try alerts(try await BuiltProduct.run("rain", ["show", "New York", "--json", "--offline"], environment: environment, at: later))
                if hours < 11 {
                    // A re-issue indeed: a message of its own that names the first.
                    #expect(shown.first?["id"] as? String != firstAlert["id"] as? String)
                    #expect((shown.first?["references"] as? [String])?.contains(firstAlert["id"] as? String ?? "?") == true, "\(shown)")
                }
            }
            #expect(alertsSent(home).last == "Flood Watch for New York until Fri 08:00")
        }
    }
}
