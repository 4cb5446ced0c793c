import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// A server that said a key's calls a second (`X-RateLimit-Limit-Second`, Pirate Weather's
/// gateway on every answer) is paced by it from the first request of the next run: cron's
/// next refresh, or `refresh --all` right after, does not ask one place alone to learn it
/// again (`RememberedSecondLimit` in `quota.json`).
@Suite(.serialized) struct RememberedSecondLimitEndToEndTests {
    private func world(home: String) throws -> ForecastWorld {
        let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 60, "max_concurrent_requests": 6}"#,
                                      pirateWeatherPerSecond: 2)
        let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
        for index in 0..<4 {
            _ = try store.add(name: "Place \(index)", coordinate: Coordinate(latitude: 40 + Double(index), longitude: 10))
        }
        return world
    }

    /// The paces a run's `--verbose` said, in order: "at most 2 places a second".
    private func paces(_ result: ProcessResult) -> [String] {
        result.error.split(separator: "\n").compactMap { line in
            line.range(of: "pacing: ").map { String(line[$0.upperBound...]) }
        }
    }

    @Test func theNextRunPacesByTheLimitTheServerSaidFromItsFirstRequest() async throws {
        try await withTemporaryDirectory { home in
            let world = try world(home: home)
            let first = try await world.rain(["refresh", "--all", "--verbose"])
            #expect(first.status == 0, "\(first)")
            #expect(paces(first) == ["at most 1 place a second", "at most 2 places a second"], "learned from the first answer: \(first.error)")
            let state = try String(contentsOfFile: home + "/state/quota.json", encoding: .utf8)
            #expect(state.contains(#""per_second":[{"#) && state.contains(#""limit":2"#), "\(state)")
            #expect(!state.contains(ForecastWorld.apiKey), "a hash, never the key")

            // The next run starts in a second of the server's clock of its own, as cron's does.
            let firstRunsLast = try #require(world.simulator.pirateWeatherAnsweredBySecond.keys.max())
            while Int(Date().timeIntervalSince1970) <= firstRunsLast { try await Task.sleep(for: .milliseconds(50)) }
            let answeredBefore = world.simulator.pirateWeatherAnsweredBySecond
            let refusedBefore = world.simulator.pirateWeatherRefusals

            let second = try await world.rain(["refresh", "--all", "--verbose"])
            #expect(second.status == 0, "\(second)")
            #expect(paces(second) == ["at most 2 places a second"], "paced by the limit said before, from the first request: \(second.error)")
            let answered = world.simulator.pirateWeatherAnsweredBySecond.filter { answeredBefore[$0.key] == nil }
            #expect(answered.values.reduce(0, +) == 6, "each place answered once: \(answered)")
            #expect(answered.values.allSatisfy { $0 <= 2 }, "\(answered)")
            #expect(world.simulator.pirateWeatherRefusals == refusedBefore, "none refused: \(world.simulator.pirateWeatherRefusals - refusedBefore)")
        }
    }
}
