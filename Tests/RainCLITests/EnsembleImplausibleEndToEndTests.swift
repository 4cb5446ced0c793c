import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Ensemble answers open-meteo/open-meteo never sends, as a hostile or broken server may
/// (`ForecastSimulator.EnsembleQuirk`), through the real binary: hours far past the days asked
/// are left out (so the spread is kept and not asked again), times running backwards are
/// refused, no precipitation says nothing of it, and a control run without temperature is left out
/// of the header's count and the rows' alike.
@Suite struct EnsembleImplausibleEndToEndTests {
    static let now = EnsembleSpreadEndToEndTests.now

    /// The trial's 150,000 hours of one run made a spread too large to keep (asked again on
    /// every run); 2,000 hours of 40 runs, more than 9 days, show the same cut without making
    /// the debug simulator slower than the transfer's limits under load.
    @Test func hoursPastTheDaysAskedAreLeftOutAndTheSpreadKept() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            world.simulator.setBehaviour(.ensembleQuirk(.hours(2_000)))
            func ensembleRequests() -> Int { world.simulator.requests.filter { $0.path == "/v1/ensemble" }.count }
            let first = try await world.keylessRain(["show", "Berlin", "--json", "--spread"])
            #expect(first.status == 0 && !first.error.contains("not kept"), "\(first)")
            let spread = try #require(try EnsembleSpreadEndToEndTests.document(first.output)["spread"] as? [String: Any], "\(first.error)")
            let hourly = try #require(spread["hourly"] as? [[String: Any]])
            #expect(!hourly.isEmpty && hourly.count <= 9 * 24, "\(hourly.count) hours")
            #expect(spread["members"] as? Int == 40)
            let asked = ensembleRequests()
            let second = try await BuiltProduct.run("rain", ["show", "Berlin", "--spread"], environment: world.keylessEnvironment,
                                                    at: Self.now.addingTimeInterval(600))
            #expect(second.status == 0 && second.output.contains("How sure: ICON (DWD), 40 runs"), "\(second)")
            #expect(asked >= 1 && ensembleRequests() == asked, "kept, not asked again")
        }
    }

    @Test func timesRunningBackwardsAreRefused() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            world.simulator.setBehaviour(.ensembleQuirk(.descendingTimes))
            let shown = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(shown.status == 0 && shown.output.hasPrefix("Berlin") && !shown.output.contains("How sure"), "\(shown)")
            #expect(shown.error.hasPrefix("rain: warning: could not fetch the spread: ")
                    && shown.error.contains("expected times in rising order") && shown.error.split(separator: "\n").count == 1,
                    "\(shown.error)")
        }
    }

    @Test func withoutPrecipitationTheDaysSayNothingOfIt() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            world.simulator.setBehaviour(.ensembleQuirk(.noPrecipitation))
            let shown = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(shown.status == 0 && shown.output.contains("How sure: ICON (DWD), 40 runs"), "\(shown)")
            let rows = shown.output.split(separator: "\n").drop { !$0.contains("How sure") }
            #expect(rows.count >= 7 && !rows.contains { $0.contains(" in ") && $0.hasSuffix(" runs") }, "\(shown.output)")
            #expect(!rows.contains { $0.hasSuffix(" ") }, "\(shown.output)")
            let json = try await world.keylessRain(["show", "Berlin", "--json", "--spread"])
            let spread = try #require(try EnsembleSpreadEndToEndTests.document(json.output)["spread"] as? [String: Any])
            let daily = try #require(spread["daily"] as? [[String: Any]])
            #expect(!daily.isEmpty && daily.allSatisfy { $0["precip_chance"] == nil && $0["runs"] as? Int == 0 }, "\(daily)")
        }
    }

    @Test func aControlRunWithoutTemperatureIsNotCountedInHeaderOrRows() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            world.simulator.setBehaviour(.ensembleQuirk(.controlRunWithoutTemperature))
            let shown = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(shown.status == 0 && shown.output.contains("How sure: ICON (DWD), 39 runs"), "\(shown)")
            let rows = shown.output.split(separator: "\n").filter { $0.contains(" in ") && $0.hasSuffix(" runs") }
            #expect(rows.count >= 6 && rows.allSatisfy { $0.hasSuffix(" of 39 runs") }, "\(shown.output)")
        }
    }
}
