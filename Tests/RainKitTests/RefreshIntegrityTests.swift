import ForecastSimulator
import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// A refresh against the simulator: it keeps no forecast of a removed place and does not fetch
/// again what the refresh it waited for fetched (issue 10, items 2 and 8).
@Suite struct RefreshIntegrityTests {
    static let key = "sim-key-0123456789abcdef"

    /// A home with Berlin saved, a simulator, and the service and remover of that home.
    private func withWorld(_ body: (ForecastSimulator, ForecastService, LocationRemover, Location) async throws -> Void) async throws {
        try await withTemporaryDirectory { home in
            let simulator = ForecastSimulator(configuration: .init(apiKey: Self.key))
            try simulator.start()
            defer { simulator.stop() }
            // Oslo's forecast asks for MET Norway's alerts: at a closed loopback port, so that
            // nothing leaves the machine and the simulator counts forecasts alone.
            let environment = ["RAIN_HOME": home, "RAIN_BASE_URL": simulator.baseURL, "RAIN_API_KEY": Self.key,
                               "RAIN_METALERTS_URL": "http://127.0.0.1:1/weatherapi/metalerts/2.0/current.json",
                               "RAIN_NWS_URL": "http://127.0.0.1:1/alerts/active"]
            let paths = RainPaths.resolve(environment: environment)
            var settings = try SettingsLoader(paths: paths, environment: environment, configFileIsExplicit: false).load().settings
            settings.airQuality = false   // the simulator counts forecasts alone
            let remover = LocationRemover(paths: paths)
            let berlin = try remover.store.add(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.405)).location
            try await body(simulator, ForecastService(settings: settings), remover, berlin)
        }
    }

    private func waitFor(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func aPlaceRemovedDuringARefreshKeepsNoForecastAndOrphansAreSwept() async throws {
        try await withWorld { simulator, service, remover, berlin in
            let tokyo = try remover.store.add(name: "Tokyo", coordinate: Coordinate(latitude: 35.68, longitude: 139.65)).location
            try AtomicFile.createFolder(service.cache.directory)
            let leftByAnOlderRain = service.cache.path(for: UUID())
            writeFile(leftByAnOlderRain, "{}")

            simulator.setLatency(milliseconds: 300)
            let refresh = Task { try await service.refresh([berlin, tokyo], onlyIfStale: false, lockWait: .seconds(5)) }
            await waitFor { simulator.requestCount >= 2 }
            // The answers are on their way; the place goes before they arrive.
            let removal = try remover.remove(ids: [tokyo.id])
            #expect(removal.removed == [tokyo])
            let outcomes = try await refresh.value
            #expect(outcomes.count == 2)
            #expect(FileManager.default.fileExists(atPath: service.cache.path(for: berlin.id)))
            #expect(!FileManager.default.fileExists(atPath: service.cache.path(for: tokyo.id)), "the removed place's forecast came back")
            #expect(!FileManager.default.fileExists(atPath: leftByAnOlderRain))
        }
    }

    @Test func aRefreshThatWaitedUsesWhatTheOtherOneFetched() async throws {
        try await withWorld { simulator, service, remover, berlin in
            let oslo = try remover.store.add(name: "Oslo", coordinate: Coordinate(latitude: 59.9, longitude: 10.7)).location

            // "Another rain" holds the refresh lock, and while we wait it saves Berlin's forecast.
            let other = try FileLock.acquire(service.settings.paths.refreshLockFile, timeout: .zero)
            let refresh = Task { try await service.refresh([berlin, oslo], onlyIfStale: false, lockWait: .seconds(120)) }
            try await Task.sleep(for: .milliseconds(200))
            let fetched = try await ForecastService(settings: service.settings).client.weather(for: berlin.coordinate)
            var saved = CachedForecast(location: berlin, fetchedAt: Date().addingTimeInterval(1), source: "darksky", forecast: fetched)
            saved.language = service.settings.fetchLanguage
            try service.cache.save(saved)
            simulator.resetRecordedRequests()
            other.unlock()

            let outcomes = try await refresh.value
            #expect(simulator.requestCount == 1, "only Oslo was still to fetch")
            guard case .fresh = outcomes[0].status else { Issue.record("Berlin: \(outcomes[0].status)"); return }
            guard case .refreshed = outcomes[1].status else { Issue.record("Oslo: \(outcomes[1].status)"); return }
        }
    }

    @Test func aRefreshThatDidNotWaitFetchesEvenAFreshForecast() async throws {
        try await withWorld { simulator, service, remover, berlin in
            _ = try await service.refresh([berlin], onlyIfStale: false, lockWait: .seconds(5))
            _ = try await service.refresh([berlin], onlyIfStale: false, lockWait: .seconds(5))
            #expect(simulator.requestCount == 2)
        }
    }

    /// A batch that reports a line per place keeps only each forecast's summary, so its memory
    /// does not grow with the forecasts; the cache gets the whole forecast all the same.
    @Test func withoutKeepingForecastsOutcomesHoldSummariesAndTheCacheTheWhole() async throws {
        try await withWorld { simulator, service, remover, berlin in
            let tokyo = try remover.store.add(name: "Tokyo", coordinate: Coordinate(latitude: 35.68, longitude: 139.65)).location
            let outcomes = try await service.refresh([berlin, tokyo], onlyIfStale: false, lockWait: .seconds(5), keepingForecasts: false)
            for outcome in outcomes {
                let summary = try #require(outcome.forecast)
                let whole = try #require(try service.cache.load(for: outcome.location.id))
                #expect(summary.forecast.current == whole.forecast.current && summary.fetchedAt.timeIntervalSince1970.rounded(.down) == whole.fetchedAt.timeIntervalSince1970)
                #expect(summary.forecast.hourly.isEmpty && summary.forecast.daily.isEmpty && summary.forecast.nextHour == nil)
                #expect(!whole.forecast.hourly.isEmpty && !whole.forecast.daily.isEmpty)
            }
            let again = try await service.refresh([berlin], onlyIfStale: true, lockWait: .seconds(5), keepingForecasts: false)
            #expect(again[0].forecast?.forecast.hourly.isEmpty == true, "a fresh forecast is kept as a summary too")
            #expect(try await service.refresh([berlin], onlyIfStale: false, lockWait: .seconds(5))[0].forecast?.forecast.hourly.isEmpty == false)
        }
    }
}
