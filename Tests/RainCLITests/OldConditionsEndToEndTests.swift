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
            // The hour for now, as a run began and as it ended: a loaded machine's run can cross the hour.
            func hours(_ times: Date...) throws -> [Forecast.Hour] { try times.map { time in try #require(cached.forecast.hourly.last { $0.time <= time }) } }
            cached.forecast.current?.time = now.addingTimeInterval(-4 * 3600)
            cached.forecast.current?.temperature = 41
            cached.forecast.current?.summary = "Stale Sunshine"
            cached.fetchedAt = now.addingTimeInterval(-4 * 3600)
            try cache.save(cached)
            let clock = Presentation().clock(cached.forecast)
            for (language, note) in [("C.UTF-8", "(the forecast for {time})"), ("de_DE.UTF-8", "(Vorhersage für {time})")] {
                for width in [80, 50] {
                    let began = Date()
                    let shown = try await EverydayEndToEndTests.screen(world, ["show", "--offline"], width: width, language: language)
                    let forNow = try hours(began, Date())
                    let notes = forNow.map { note.replacingOccurrences(of: "{time}", with: clock.time($0.time)) }
                    let temperatures = try forNow.map { "     \(Int(try #require($0.temperature).rounded())) °C" }
                    #expect(shown.contains { line in notes.contains { line.contains($0) } }, "\(language) \(width): \(shown)")
                    #expect(shown.contains { line in temperatures.contains { line.hasPrefix($0) } }, "\(shown)")
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
