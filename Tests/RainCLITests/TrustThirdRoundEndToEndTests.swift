import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 42, the hostile trial's third round, through the real binary.
@Suite struct TrustThirdRoundEndToEndTests {
    private let key = ForecastWorld.apiKey

    /// An air-quality answer of years of hours (about 5 MB) is kept to the days rain asked
    /// for: the weather is cached as ever ("a failing air service never fails the weather").
    @Test func anOversizedAirAnswerDoesNotKeepTheForecastFromBeingCached() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 120}"#)
            world.simulator.setAirBehaviour(.airQualityHours(60_000))
            let refreshed = try await world.keylessRain(["refresh", "Berlin"])
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(!refreshed.error.contains("larger than"), "\(refreshed)")
            let cached = try #require(try ForecastCache(directory: home + "/cache/forecasts").load(for: world.berlin.id))
            let air = try #require(cached.forecast.air)
            #expect(!air.hourly.isEmpty && air.hourly.count <= 7 * 24, "\(air.hourly.count) hours")
            let shown = try await world.keylessRain(["show", "Berlin"])
            #expect(shown.status == 0, "\(shown)")
        }
    }
}
