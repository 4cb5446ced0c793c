import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 15, H14: an alert that comes three times in one answer, with the same title,
/// severity and end, was listed three times and told three times by one `rain notify`. Now it
/// is one alert: listed once, told once, and a later answer with only one of the three tells
/// nothing. Through the real binary and the simulator at a fixed clock (12:00 UTC): New York's
/// NWS "Flood Watch", Bergen's MET "Heavy rain, yellow level", and Windy's (Berlin) "Wind
/// warning" in a Dark Sky answer.
@Suite struct IdenticalAlertsEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let feed: String
        let kind: ForecastSimulator.AlertThrice
        let place: String
        let coordinate: Coordinate
        let title: String
        let summary: String
        /// The regions the one alert has, where the three are each for an area of their own.
        var regions: [String] = []

        var testDescription: String { "\(feed), \(kind)" }
    }

    static let newYork = Coordinate(latitude: 40.71, longitude: -74.006)
    static let bergen = Coordinate(latitude: 60.39, longitude: 5.32)
    static let windy = Coordinate(latitude: 52.56, longitude: 13.405)

    static let cases: [Case] = [
        Case(feed: "NWS", kind: .ownIdentifiers, place: "New York", coordinate: newYork, title: "Flood Watch",
             summary: "Flood Watch for New York until Thu 20:00", regions: ["Lowlands", "Foothills", "Valleys"]),
        Case(feed: "NWS", kind: .referenceCycle, place: "New York", coordinate: newYork, title: "Flood Watch",
             summary: "Flood Watch for New York until Thu 20:00"),
        Case(feed: "NWS", kind: .oneIdentifier, place: "New York", coordinate: newYork, title: "Flood Watch",
             summary: "Flood Watch for New York until Thu 20:00"),
        Case(feed: "MET", kind: .ownIdentifiers, place: "Bergen", coordinate: bergen, title: "Heavy rain, yellow level",
             summary: "Heavy rain, yellow level for Bergen until Fri 02:00"),
        Case(feed: "MET", kind: .oneIdentifier, place: "Bergen", coordinate: bergen, title: "Heavy rain, yellow level",
             summary: "Heavy rain, yellow level for Bergen until Fri 02:00"),
        Case(feed: "Dark Sky", kind: .ownIdentifiers, place: "Windy", coordinate: windy, title: "Wind warning",
             summary: "Wind warning for Windy until Fri 02:00"),
        // Hostile trial 17, A17-1: blanks about the title, the severity's case, an end a second
        // apart; hostile trial 18, A18-2: the severity in fullwidth letters.
        Case(feed: "Dark Sky", kind: .shownAlike, place: "Windy", coordinate: windy, title: "Wind warning",
             summary: "Wind warning for Windy until Fri 02:00"),
    ]

    private func alertsTold(_ home: String) -> [String] {
        let text = (try? String(contentsOfFile: home + "/events.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["kind"] as? String == "alert" }.compactMap { $0["summary"] as? String }
    }

    @Test(arguments: cases)
    func anAlertThriceInOneAnswerIsListedAndToldOnce(_ test: Case) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .alertThrice(test.kind), config: #"{"timeout_seconds": 10}"#,
                                          now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home])).add(name: test.place, coordinate: test.coordinate)
            // The Dark Sky answer's own alert with a key; the feeds' with Open-Meteo, which has none.
            let environment = test.feed == "Dark Sky" ? world.environment : world.keylessEnvironment
            func rain(_ arguments: [String], at time: Date = NotifyEndToEndTests.now, _ extra: [String: String] = [:]) async throws -> ProcessResult {
                try await BuiltProduct.run("rain", arguments, environment: environment.merging(extra) { $1 }, at: time)
            }
            let notify = ["notify", test.place, "--exec", #"cat >> "$RAIN_HOME/events.jsonl""#]

            let first = try await rain(notify)
            #expect(first.status == 0, "\(first)")
            #expect(alertsTold(home) == [test.summary])

            let shown = try await rain(["show", test.place, "--json", "--offline"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
            let alerts = try #require(document["alerts"] as? [[String: Any]])
            #expect(alerts.filter { $0["title"] as? String == test.title }.count == 1, "\(alerts)")
            let regions = alerts.first { $0["title"] as? String == test.title }?["regions"] as? [String] ?? []
            for region in test.regions { #expect(regions.contains { $0.hasSuffix(region) }, "\(regions)") }
            let screen = try await rain(["show", test.place, "--offline"], ["COLUMNS": "100"])
            let headings = screen.output.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("! \(test.title) (") }
            #expect(headings.count == 1, "once on the screen: \(screen.output)")

            // Later, an answer with only the third of them, told with the first (MET is asked
            // again once its answer's `Expires` has passed, and answers 304 Not Modified).
            world.simulator.setBehaviour(.alertThrice(test.kind, sending: 2..<3))
            let later = NotifyEndToEndTests.now.addingTimeInterval(31 * 60)
            let refresh = try await rain(["refresh", test.place], at: later)
            #expect(refresh.status == 0, "\(refresh)")
            let again = try await rain(notify, at: later)
            #expect(again.status == 0, "\(again)")
            #expect(alertsTold(home) == [test.summary], "not told again")
        }
    }

    /// Hostile trial 17, A17-2: a re-issue with the same title, severity and end under an id
    /// (the NWS's, naming none it replaces) or a link (a Dark Sky server's) of its own, in a
    /// later answer than the one told, is not told again.
    @Test(arguments: cases.filter { $0.kind == .ownIdentifiers && $0.feed != "MET" })
    func aReissueUnderAnIDOfItsOwnIsNotToldAgain(_ test: Case) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .alertThrice(.ownIdentifiers, sending: 0..<1),
                                          config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home])).add(name: test.place, coordinate: test.coordinate)
            let environment = test.feed == "Dark Sky" ? world.environment : world.keylessEnvironment
            let notify = ["notify", test.place, "--exec", #"cat >> "$RAIN_HOME/events.jsonl""#]
            let first = try await BuiltProduct.run("rain", notify, environment: environment, at: NotifyEndToEndTests.now)
            #expect(first.status == 0, "\(first)")
            #expect(alertsTold(home) == [test.summary])

            world.simulator.setBehaviour(.alertThrice(.ownIdentifiers, sending: 1..<2))
            let later = NotifyEndToEndTests.now.addingTimeInterval(31 * 60)
            let refresh = try await BuiltProduct.run("rain", ["refresh", test.place], environment: environment, at: later)
            #expect(refresh.status == 0, "\(refresh)")
            let again = try await BuiltProduct.run("rain", notify, environment: environment, at: later)
            #expect(again.status == 0, "\(again)")
            #expect(alertsTold(home) == [test.summary], "told again")
        }
    }

    /// Hostile trial 17, A17-4: alerts whose long titles differ only past what is kept and
    /// shown of them are not one: the whole title tells them apart.
    @Test func alertsWhoseLongTitlesDifferAtTheEndAreNotOne() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .alertThrice(.longTitlesDifferingAtTheEnd),
                                          config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home])).add(name: "Windy", coordinate: Self.windy)
            let shown = try await BuiltProduct.run("rain", ["show", "Windy", "--json"], environment: world.environment,
                                                   at: NotifyEndToEndTests.now)
            #expect(shown.status == 0, "\(shown)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
            let alerts = try #require(document["alerts"] as? [[String: Any]])
            #expect(alerts.filter { ($0["title"] as? String)?.hasPrefix("Wind warning, and along the river") == true }.count == 3, "\(alerts)")
        }
    }
}
