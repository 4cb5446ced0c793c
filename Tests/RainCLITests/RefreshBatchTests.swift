import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Synchronization
import Testing

/// `rain refresh --all` as one batch: progress as each place is done, a bar on a terminal only
/// (the spinner's line, which `SpinnerTests` cover), each forecast saved compactly.
@Suite struct RefreshBatchTests {
    @Test(arguments: [(0, 4, "Refreshing [--------------------] 0/4"),
                      (1, 4, "Refreshing [#####---------------] 1/4"),
                      (4, 4, "Refreshing [####################] 4/4"),
                      (7, 3, "Refreshing [####################] 3/3")])
    func theBarShowsDoneOfTotal(done: Int, total: Int, line: String) {
        #expect(ProgressBar.line("Refreshing", done: done, total: total) == line)
    }

    @Test func progressCountsEveryPlaceOnceAndEveryForecastIsSaved() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            var settings = Settings(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            settings.baseURL = world.simulator.baseURL
            settings.airQualityURL = world.simulator.rootURL + "/v1/air-quality"
            settings.apiKey = APIKey(ForecastWorld.apiKey)
            let service = ForecastService(settings: settings)
            let reports = Mutex<[[Int]]>([])
            let outcomes = try await service.refresh([world.berlin, world.tokyo], onlyIfStale: false, lockWait: .zero,
                                                     progress: { done, total in reports.withLock { $0.append([done, total]) } })
            #expect(reports.withLock { $0 }.sorted { $0[0] < $1[0] } == [[1, 2], [2, 2]])
            for outcome in outcomes {
                guard case .refreshed(let cached) = outcome.status else {
                    Issue.record("\(outcome.location.name) was not refreshed")
                    continue
                }
                #expect(try service.cache.load(for: outcome.location.id)?.forecast == cached.forecast)
            }
            let file = try #require(FileManager.default.contents(atPath: world.cacheFile(world.berlin)))
            #expect(!file.dropLast().contains(UInt8(ascii: "\n")), "the cache file is written compactly, on one line")
        }
    }

    @Test func aPipeSeesNoBar() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let piped = try await world.rain(["refresh", "--all"])
            #expect(piped.status == 0)
            #expect(piped.error.isEmpty, "no spinner or bar without a terminal")
        }
    }

    @Test func failedPlacesKeepTheirLineInTheTable() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            world.simulator.failFirst(2, with: .status(404))
            let result = try await world.rain(["refresh", "--all"])
            #expect(result.status == 69)
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "one line per place: \(result.output)")
            let berlin = try #require(lines.first { $0.hasPrefix("Berlin") })
            #expect(berlin.contains("°C") && berlin.contains("(cached, ") && berlin.hasSuffix(")"), "\(berlin)")
            let tokyo = try #require(lines.first { $0.hasPrefix("Tokyo") })
            #expect(tokyo.contains("–") && tokyo.hasSuffix("(failed)"), "\(tokyo)")
            #expect(result.error.contains("Berlin") && result.error.contains("Tokyo"), "stderr still names each failure")
        }
    }
}

