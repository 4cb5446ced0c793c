import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Pirate Weather takes 1 to 4 calls a second of a key (Pirate-Weather/pirateweather
/// `docs/changelog.md`, 9 December 2024), its gateway refusing the rest with 429 and
/// `Retry-After: 1`. Asked all at once, six places with a free key got one answer a try and
/// three of them failed after their three tries, at every run of cron. rain asks one place,
/// reads the limit its answer says (`X-RateLimit-Limit-Second`) and asks the others a
/// second at a time.
@Suite(.serialized) struct PirateWeatherPacingEndToEndTests {
    private func world(home: String, perSecond: Int, places: Int) throws -> ForecastWorld {
        let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "max_concurrent_requests": 6}"#,
                                      pirateWeatherPerSecond: perSecond)
        let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
        for index in 0..<(places - 2) {
            _ = try store.add(name: "Place \(index)", coordinate: Coordinate(latitude: 40 + Double(index), longitude: 10))
        }
        return world
    }

    private func forecastsAnswered(_ world: ForecastWorld) -> Int {
        world.simulator.pirateWeatherAnsweredBySecond.values.reduce(0, +)
    }

    @Test(arguments: [1, 2]) func aRefreshOfManyPlacesKeepsTheKeysLimitASecond(perSecond: Int) async throws {
        try await withTemporaryDirectory { home in
            let world = try world(home: home, perSecond: perSecond, places: 7)
            let result = try await world.rain(["refresh", "--all"])
            #expect(result.status == 0, "\(result)")
            #expect(!result.output.contains("rate-limited") && !result.error.contains("rate-limited"), "\(result)")
            #expect(forecastsAnswered(world) == 7, "each place answered once: \(world.simulator.pirateWeatherAnsweredBySecond)")
            // Asked all at once, the first six would have had 6 - perSecond refusals; paced, a
            // refusal comes only where a part reached the simulator late enough to share a
            // second with the next.
            #expect(world.simulator.pirateWeatherRefusals < 6 - perSecond, "\(world.simulator.pirateWeatherRefusals) refused")
            let cached = try FileManager.default.contentsOfDirectory(atPath: home + "/cache/forecasts").filter { $0.hasSuffix(".json") }
            #expect(cached.count == 7, "\(cached)")
        }
    }
}
