import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: offline with an old cache, "now" is the cached forecast's hour for now, said to be
/// that, rather than conditions hours old.
@Suite struct OldConditionsEndToEndTests {
    @Test func hoursOldConditionsGiveWayToTheHourForNow() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            let now = Date()
            let hour = try #require(cached.forecast.hourly.last { $0.time <= now })
            cached.forecast.current?.time = now.addingTimeInterval(-4 * 3600)
            cached.forecast.current?.temperature = 41
            cached.forecast.current?.summary = "Stale Sunshine"
            cached.fetchedAt = now.addingTimeInterval(-4 * 3600)
            try cache.save(cached)
            let clock = Presentation().clock(cached.forecast)
            let temperature = "\(Int(try #require(hour.temperature).rounded())) °C"

            for (language, note) in [("C.UTF-8", "(the forecast for \(clock.time(hour.time)))"), ("de_DE.UTF-8", "(Vorhersage für \(clock.time(hour.time)))")] {
                for width in [80, 50] {
                    let shown = try await EverydayEndToEndTests.screen(world, ["show", "--offline"], width: width, language: language)
                    #expect(shown.contains { $0.contains(note) }, "\(language) \(width): \(shown)")
                    #expect(shown.contains { $0.hasPrefix("     " + temperature.replacingOccurrences(of: ".", with: ",")) }, "\(shown)")
                    #expect(!shown.joined().contains("Stale Sunshine") && !shown.joined().contains("41 °C"), "\(shown)")
                }
            }
            // Conditions young enough are shown as they are.
            cached.forecast.current?.time = now.addingTimeInterval(-10 * 60)
            try cache.save(cached)
            let young = try await world.rain(["show", "--offline"], environment: ["COLUMNS": "80"])
            #expect(young.output.contains("Stale Sunshine") && young.output.contains("41 °C") && !young.output.contains("the forecast for"), "\(young)")
        }
    }
}
