import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 15: a typed name is bounded by its Unicode scalars and by the marks on one
/// character, not only by its characters (H9); LINES is read as COLUMNS is (H11); a feed's
/// 429 line names the hold rain keeps, not a longer wait it does not (H11).
@Suite struct NameBoundsEndToEndTests {
    private func store(_ home: String) throws -> LocationList {
        try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load()
    }

    /// 'a' with 60,000 acute accents was one character, under the 100 allowed: 240 KB saved.
    @Test(arguments: [
        ("a" + String(repeating: "\u{301}", count: 9), "the name has more than 8 marks on one letter"),
        ("a" + String(repeating: "\u{301}", count: 60_000), "the name has more than 8 marks on one letter"),
        (String(repeating: "e\u{302}\u{301}\u{323}\u{300}", count: 100), "the name is longer than 400 letters and marks"),
    ])
    func aNameOfMarksPiledOnIsRefusedInOneLine(_ name: String, _ problem: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let before = try store(home).locations
            let result = try await world.keylessRain(["locations", "add", name, "--lat", "1", "--lon", "2", "--again"])
            #expect(result.status == 65 && result.output.isEmpty, "\(result.status) \(result.output.prefix(200))")
            #expect(result.error == "rain: error: invalid name: \(problem)\n", "\(result.error.prefix(300))")
            #expect(try store(home).locations == before)
        }
    }

    /// Vietnamese written decomposed stacks two marks on a letter ("Nghệ An"), and eight are
    /// still a name.
    @Test(arguments: ["Nghe\u{323}\u{302} An", "a" + String(repeating: "\u{301}", count: 8)])
    func marksAsWritingStacksThemAreAName(_ name: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let result = try await world.keylessRain(["locations", "add", name, "--lat", "1", "--lon", "2"])
            #expect(result.status == 0, "\(result)")
            #expect(try store(home).locations.last?.name == name)
        }
    }

    /// LINES='+24' counted as 24 lines where COLUMNS='+80' counted as unset: both are digits
    /// only now, as a shell's are.
    @Test func aSignedLinesIsUnsetAsASignedColumnsIs() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: NotifyEndToEndTests.now)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let unset = try await world.rain(["show", "--offline"], environment: ["COLUMNS": "80"])
            let fitted = try await world.rain(["show", "--offline"], environment: ["COLUMNS": "80", "LINES": "24"])
            let signed = try await world.rain(["show", "--offline"], environment: ["COLUMNS": "80", "LINES": "+24"])
            #expect(unset.status == 0 && fitted.status == 0 && signed.status == 0)
            #expect(fitted.output != unset.output, "LINES=24 fits the screen: \(fitted.output)")
            #expect(signed.output == unset.output, "\(signed.output)")
        }
    }

    /// MET's Retry-After of a day said "try again in 24 h" while rain holds at most an hour
    /// and asks again then: the line says the hour (60 min).
    @Test func aFeedsLongRetryAfterIsSaidAsTheHoldKept() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
            world.simulator.setBehaviour(.metAlertsStatus(429, retryAfter: 86_400))
            let first = try await BuiltProduct.run("rain", ["refresh", "Bergen"], environment: world.keylessEnvironment, at: NotifyEndToEndTests.now)
            #expect(first.status == 0, "\(first)")
            #expect(first.error.contains("rate-limited; wait 60 min\n"), "\(first.error)")
        }
    }
}
