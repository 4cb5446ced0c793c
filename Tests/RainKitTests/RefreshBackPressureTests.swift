import ForecastSimulator
import Foundation
@testable import RainKit
import RainTestSupport
import Synchronization
import Testing

/// A refresh of many places holds its transfers back while writing the cache falls behind:
/// a body counts from its request until its forecast is written, and no more than the
/// client's limit count at once, however many places there are (issue 21: one back-pressure).
@Suite struct RefreshBackPressureTests {
    static let key = "sim-key-0123456789abcdef"

    @Test func bodiesInFlightNeverPassTheLimitWhileTheCacheWriterIsSlow() async throws {
        try await withTemporaryDirectory { home in
            let simulator = ForecastSimulator(configuration: .init(apiKey: Self.key))
            try simulator.start()
            defer { simulator.stop() }
            writeFile(home + "/config.json", #"{"max_concurrent_requests": 3}"#)
            let environment = ["RAIN_HOME": home, "RAIN_BASE_URL": simulator.baseURL, "RAIN_API_KEY": Self.key]
            let paths = RainPaths.resolve(environment: environment)
            var settings = try SettingsLoader(paths: paths, environment: environment, configFileIsExplicit: false).load().settings
            settings.airQuality = false   // the forecasts' transfers alone
            // Written in one go (60 adds would each lock, write and fsync, on a cooperative thread).
            let entries = (0..<60).map { index in
                #"{"id": "\#(UUID().uuidString.lowercased())", "name": "Place \#(index)", "latitude": \#(index - 30), "longitude": 10}"#
            }
            writeFile(paths.defaultsFile, #"{"locations": [\#(entries.joined(separator: ", "))]}"#)
            let places = try LocationsStore(paths: paths).load().locations
            #expect(places.count == 60)
            let service = ForecastService(settings: settings)
            let limit = service.client.inFlightBodyLimit
            #expect(limit == 6)

            // Every place's forecast is written before `progress` is called with it, so when
            // `done` places are written, at most `limit` more requests can have been sent.
            // The first write "takes long": until the transfers stop for want of room.
            let excess = Mutex<[String]>([])
            let mostInFlight = Mutex(0)
            let outcomes = try await service.refresh(places, onlyIfStale: false, lockWait: .seconds(5),
                                                     progress: { done, _ in
                if done == 1 {
                    let deadline = ContinuousClock.now + .seconds(30)
                    while simulator.requestCount < limit && ContinuousClock.now < deadline { usleep(1_000) }
                }
                let sent = simulator.requestCount
                let inFlight = sent - (done - 1)
                mostInFlight.withLock { $0 = max($0, inFlight) }
                if inFlight > limit { excess.withLock { $0.append("\(sent) sent with \(done - 1) written") } }
            }, keepingForecasts: false)

            #expect(excess.withLock { $0 }.isEmpty, "more bodies in flight than \(limit): \(excess.withLock { $0 })")
            #expect(mostInFlight.withLock { $0 } == limit, "the slow writer should have filled the room")
            #expect(simulator.requestCount == places.count)
            #expect(outcomes.count == places.count)
            for outcome in outcomes {
                guard case .refreshed = outcome.status else {
                    Issue.record("\(outcome.location.name): \(outcome.status)")
                    continue
                }
                #expect(FileManager.default.fileExists(atPath: service.cache.path(for: outcome.location.id)))
            }
        }
    }
}
