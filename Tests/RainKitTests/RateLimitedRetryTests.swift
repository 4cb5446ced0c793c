import ForecastSimulator
import Foundation
@testable import RainKit
import Testing

/// Refused together by a server that takes a key's calls a second (Pirate Weather's gateway,
/// Kong: 429 with `Retry-After: 1` and `X-RateLimit-Limit-Second`), the retries go that many a
/// second: all at the instant Retry-After names, all but that many would be refused again, and
/// after three tries six places of a free key had three failures.
@Suite struct RateLimitedRetryTests {
    static let key = "sim-key-0123456789abcdef"

    @Test func retriesRefusedTogetherGoThePaceTheServerSaid() async throws {
        let simulator = ForecastSimulator(configuration: .init(apiKey: Self.key, pirateWeatherPerSecond: 1))
        try simulator.start()
        defer { simulator.stop() }
        let client = ForecastClient(configuration: .init(baseURL: simulator.baseURL, apiKey: APIKey(Self.key), maxConcurrentRequests: 6,
                                                         retry: RetryPolicy(totalBudget: .seconds(30))),
                                    decoder: DarkSkyProvider())
        let places = (0..<6).map { Coordinate(latitude: 40 + Double($0), longitude: 10) }
        let results = await client.weather(for: places)
        let failed = results.filter { if case .failure = $0 { true } else { false } }
        #expect(failed.isEmpty, "\(results)")
        #expect(client.serverPerSecondLimit == 1)
        #expect(simulator.pirateWeatherAnsweredBySecond.values.reduce(0, +) == 6)
    }
}
