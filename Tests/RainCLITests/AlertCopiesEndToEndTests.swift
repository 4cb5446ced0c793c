import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// One alert, told once, through the real binary and the simulator at a fixed clock (12:00 UTC):
/// New York (40.71,-74.006) has the NWS "Flood Watch" in force, which Pirate Weather (the
/// simulator's Dark Sky route) passes on as its own, with the forecast page of the point as its
/// link; Bergen (60.39,5.32) MET's yellow heavy rain warning, which Pirate Weather passes on
/// with MET's all-clears and cancels. Both offices re-issue their alert every hour with a new
/// identifier (the NWS's naming the messages before it), the same event, severity and times.
@Suite struct AlertCopiesEndToEndTests {
    private func world(_ home: String) throws -> (ForecastWorld, notify: [String]) {
        let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
        let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
        _ = try store.add(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.006))
        _ = try store.add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
        return (world, ["notify", "New York", "Bergen", "--exec", #"cat >> "$RAIN_HOME/events.jsonl""#])
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
            #expect(headings.map { $0.trimmingCharacters(in: .whitespaces) } == ["! Flood Watch (\(shown.first?["severity"] as? String ?? "?")), until today 20:00"],
                    "once on the screen: \(screen.output)")

            // MET's warning, and Pirate Weather's copies of it and of MET's all-clear and cancel.
            let metAlone = try await world.rain(["refresh", "Bergen"], environment: ["RAIN_METALERTS_URL": world.simulator.rootURL + "/nowhere"])
            #expect(metAlone.status == 0, "\(metAlone)")
            let metCopies = try alerts(try await world.rain(["show", "Bergen", "--json", "--offline"]))
            // In Norwegian, as MET's CAP files have it first, and the sea's gale too.
            #expect(metCopies.map { ($0["title"] as? String)?.split(separator: ",").first } == ["Mye regn", "Kraftige vindkast", "Is", "Kuling"], "\(metCopies)")
            #expect(metCopies.dropFirst().prefix(2).allSatisfy { $0["severity"] as? String == "Minor" })
            // The failed request was a poll: MET is asked again 10 minutes after it, as its terms ask.
            let later = NotifyEndToEndTests.now.addingTimeInterval(11 * 60)
            func rain(_ arguments: [String]) async throws -> ProcessResult {
                try await BuiltProduct.run("rain", arguments, environment: world.environment, at: later)
            }
            #expect(try await rain(["refresh", "Bergen"]).status == 0)
            let bergen = try alerts(try await rain(["show", "Bergen", "--json", "--offline"]))
            #expect(bergen.map { $0["title"] as? String } == ["Heavy rain, yellow level"], "\(bergen)")

            #expect(try await rain(notify).status == 0)
            #expect(alertsSent(home) == ["Flood Watch for New York until Thu 20:00", "Heavy rain, yellow level for Bergen until Fri 02:00"])
        }
    }

    @Test func anHourlyReissueOfTheSameAlertIsNotNotifiedAgainButANewOneIs() async throws {
        try await withTemporaryDirectory { home in
            let (world, notify) = try world(home)
            let first = try await world.keylessRain(notify)
            #expect(first.status == 0, "\(first)")
            #expect(alertsSent(home) == ["Flood Watch for New York until Thu 20:00", "Heavy rain, yellow level for Bergen until Fri 02:00"])
            let firstAlert = try #require(try alerts(try await world.keylessRain(["show", "New York", "--json", "--offline"])).first)
            let firstMET = try #require(try alerts(try await world.keylessRain(["show", "Bergen", "--json", "--offline"])).first)

            // An hour later the office has re-issued it; then at 23:00 UTC a new alert is in force.
            for (hours, expected) in [(1.0, 2), (2.0, 2), (11.0, 4)] {
                let later = NotifyEndToEndTests.now.addingTimeInterval(hours * 3600)
                let simulator = ForecastSimulator(configuration: .init(apiKey: ForecastWorld.apiKey, now: later.timeIntervalSince1970))
                _ = try simulator.start()
                defer { simulator.stop() }
                let environment = world.keylessEnvironment.mapValues { $0.replacingOccurrences(of: world.simulator.rootURL, with: simulator.rootURL) }
                let refresh = try await BuiltProduct.run("rain", ["refresh", "New York", "Bergen"], environment: environment, at: later)
                #expect(refresh.status == 0, "\(refresh)")
                let run = try await BuiltProduct.run("rain", notify, environment: environment, at: later)
                #expect(run.status == 0, "\(run)")
                #expect(alertsSent(home).count == expected, "after \(hours) h: \(alertsSent(home))")
                let shown = try alerts(try await BuiltProduct.run("rain", ["show", "New York", "--json", "--offline"], environment: environment, at: later))
                if hours < 11 {
                    // A re-issue indeed: a message of its own that names the first.
                    #expect(shown.first?["id"] as? String != firstAlert["id"] as? String)
                    #expect((shown.first?["references"] as? [String])?.contains(firstAlert["id"] as? String ?? "?") == true, "\(shown)")
                    let met = try alerts(try await BuiltProduct.run("rain", ["show", "Bergen", "--json", "--offline"], environment: environment, at: later))
                    #expect(met.first?["id"] as? String != firstMET["id"] as? String && met.first?["series"] as? String == firstMET["series"] as? String)
                }
            }
            #expect(alertsSent(home).suffix(2) == ["Flood Watch for New York until Fri 08:00", "Heavy rain, yellow level for Bergen until Fri 14:00"])
        }
    }
}
