import Foundation
@testable import RainKit
import Testing

/// Pirate Weather's per-key limit of 1 to 4 calls a second (Pirate-Weather/pirateweather
/// `docs/changelog.md`, 9 December 2024): what a refresh paces by, and what it says first.
@Suite struct PerSecondPacingTests {
    private func settings(baseURL: String) -> Settings {
        var settings = Settings(paths: RainPaths(configFile: "/c", defaultsFile: "/d", forecastsDirectory: "/f"))
        settings.providerChoice = .darkSky
        settings.baseURL = baseURL
        return settings
    }

    @Test func theFreePlansSecondIsPirateWeathersOnly() throws {
        let free = try #require(DarkSkyProvider().freeLimits(forURL: "https://api.pirateweather.net/forecast/"))
        #expect(free.perSecond == 1 && free.perMonth == 10_000)
        let plan = try #require(QuotaPlan(refreshing: 200, with: settings(baseURL: "https://api.pirateweather.net/forecast/")))
        #expect(plan.placesPerSecond == 1 && plan.pacedSeconds == 200, "200 places take at least 200 s")
        #expect(plan.placesPerMinute == nil)
        #expect(QuotaPlan(refreshing: 1, with: settings(baseURL: "https://api.pirateweather.net/forecast/"))?.placesPerSecond == nil)
        #expect(QuotaPlan(refreshing: 200, with: settings(baseURL: "http://127.0.0.1:8080/forecast/")) == nil)
    }

    /// What the server said wins over the free plan's; a server of unknown terms is asked for
    /// one place first, then paced by what it said, or not at all.
    @Test func aPartTakesWhatTheServerSaid() {
        let pirate = SecondPacing(settings: settings(baseURL: "https://api.pirateweather.net/forecast/"))
        #expect(pirate.placesPerPart(said: nil, first: true) == 1)
        #expect(pirate.placesPerPart(said: nil, first: false) == 1)
        #expect(pirate.placesPerPart(said: 4, first: false) == 4, "a paid plan's 4")
        let mirror = SecondPacing(settings: settings(baseURL: "http://127.0.0.1:8080/forecast/"))
        #expect(mirror.placesPerPart(said: nil, first: true) == 1, "asked one first")
        #expect(mirror.placesPerPart(said: nil, first: false) == nil, "then the rest at once")
        #expect(mirror.placesPerPart(said: 2, first: false) == 2)
        var keyless = settings(baseURL: "")
        keyless.providerChoice = .openMeteo
        #expect(SecondPacing(settings: keyless).placesPerPart(said: nil, first: true) == nil, "Open-Meteo says none")
    }
}
