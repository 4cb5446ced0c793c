import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Offline is normal: every network command says so in one line, shows what is cached, exits
/// 75 (`show` 66 with nothing cached; a refresh 75 always: cron wrappers try later), and sends nothing.
@Suite struct OfflineEndToEndTests {
    /// The simulator is stopped for `body`, then started again on the same port, where it must
    /// not have received anything meanwhile.
    private func offline(_ world: ForecastWorld, _ body: () async throws -> Void) async throws {
        world.simulator.stop()
        try await body()
        try world.simulator.start()
        world.simulator.resetRecordedRequests()
    }

    @Test func everyNetworkCommandSaysOfflineShowsTheCacheAndSendsNothing() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "berlin"]).status == 0)
            try world.ageCache(of: world.berlin)
            let port = world.simulator.port
            let before = world.simulator.requestCount

            try await offline(world) {
                // Both at one moment of the clock (faketime), since the screen says the next hour
                // to the minute: then they match line for line, however busy the machine.
                let moment = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.up) * 60)
                let shown = try await BuiltProduct.run("rain", ["show"], environment: world.environment, at: moment)
                #expect(shown.status == 75)
                #expect(shown.error == "rain: offline: cannot reach 127.0.0.1:\(port); showing the cached forecast\n")
                #expect(shown.output.hasPrefix("Berlin ") && shown.output.contains("updated 6 h ago"))

                let bare = try await BuiltProduct.run("rain", [], environment: world.environment, at: moment)
                #expect(bare.status == 75 && bare.output == shown.output, "the same screen")

                let nothingCached = try await world.rain(["show", "tokyo"])
                #expect(nothingCached.status == 66)
                #expect(nothingCached.output.isEmpty)
                #expect(nothingCached.error.hasPrefix("rain: offline: cannot reach 127.0.0.1:\(port)\nrain: hint: "))

                let refreshed = try await world.rain(["refresh", "--all"])
                #expect(refreshed.status == 75)
                #expect(refreshed.error == "rain: offline: cannot reach 127.0.0.1:\(port)\n")
                let lines = refreshed.output.split(separator: "\n").map(String.init)
                #expect(lines.count == 2, "every place asked for has its line: \(refreshed.output)")
                #expect(lines.first?.hasPrefix("Berlin  ") == true && lines.first?.hasSuffix("(cached, 6 h ago)") == true)
                #expect(lines.last?.hasPrefix("Tokyo  ") == true && lines.last?.contains("–") == true && lines.last?.hasSuffix("(nothing cached)") == true, "\(refreshed.output)")

                let json = try await world.rain(["refresh", "--all", "--json"])
                #expect(json.status == 75)
                let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
                #expect(objects.map { $0["name"] as? String } == ["Berlin", "Tokyo"])
                #expect(objects.map { $0["status"] as? String } == ["failed", "failed"])
                #expect(objects[0]["fetched_at"] != nil && objects[1]["fetched_at"] == nil)
                #expect(objects.allSatisfy { $0["error"] as? String == "offline: cannot reach 127.0.0.1:\(port)" })

                // Nothing cached for any place asked for: still 75, "try later", for a refresh
                // (cron wrappers retry on it), the place still listed.
                for arguments in [["refresh", "tokyo"], ["refresh", "tokyo", "--quiet"]] {
                    let nothing = try await world.rain(arguments)
                    #expect(nothing.status == 75, "\(arguments): \(nothing)")
                    if arguments.contains("--quiet") {
                        #expect(nothing.output.isEmpty && nothing.error.isEmpty)
                    } else {
                        #expect(nothing.output.hasPrefix("Tokyo  ") && nothing.output.hasSuffix("(nothing cached)\n"), "\(nothing)")
                        #expect(nothing.error == "rain: offline: cannot reach 127.0.0.1:\(port)\n")
                    }
                }

                let quiet = try await world.rain(["refresh", "--all", "--quiet", "--if-stale"])
                #expect(quiet.status == 75)
                #expect(quiet.output.isEmpty && quiet.error.isEmpty, "cron mails any output; offline is normal")

                let offlineFlag = try await world.rain(["show", "--offline"])
                #expect(offlineFlag.status == 0 && offlineFlag.error.isEmpty)
            }
            #expect(world.simulator.requestCount == 0)
            #expect(before == 1)
        }
    }

    @Test func anOverlappingQuietRefreshExitsAtOnceAndPrintsNothing() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 600}"#)
            // This refresh holds the lock for as long as the test needs: its answers drip in over
            // minutes, fast enough for libcurl's low-speed limit, so it never tries again (a
            // new user's loaded run took over 120 s to get to the second refresh).
            world.simulator.setBehaviour(.drip(bytesPerSecond: 200, lastingSeconds: 600))
            let slow = world.start(["refresh", "--all"])
            try #require(await world.waitForRequest())

            let quiet = try await world.rain(["refresh", "--all", "--quiet"])
            #expect(quiet.status == 75)
            #expect(quiet.output.isEmpty && quiet.error.isEmpty, "\(quiet)")
            #expect(world.simulator.requestCount <= 2, "the overlapping refresh sent nothing")

            // The lock goes with the process that held it.
            slow.send(SIGTERM)
            _ = try await slow.finish()
            world.simulator.setBehaviour(.normal)
            let after = try await world.rain(["refresh", "--all", "--quiet"])
            #expect(after.status == 0, "\(after)")
        }
    }

    @Test func aRefreshWaitsForARunningOneAndUsesWhatItFetched() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            world.simulator.setLatency(milliseconds: 1500)
            let slow = world.start(["refresh", "--all"])
            try #require(await world.waitForRequest())
            let loud = try await world.rain(["refresh", "--all", "--if-stale"])
            #expect(loud.status == 0, "\(loud)")
            // Its age is a loaded machine's: "just now", or minutes where the suite runs slow (the
            // request count below proves nothing was fetched again).
            #expect(loud.output.contains(/\(cached, (just now|\d+ min ago)\)/), "found what the other refresh fetched: \(loud.output)")
            #expect(try await slow.finish().status == 0)
            #expect(world.simulator.requestCount == 2, "the waiting refresh did not fetch again")
        }
    }

    @Test func showWaitsForARunningRefreshAndShowsWhatItFetched() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            world.simulator.setLatency(milliseconds: 1500)
            let refresh = world.start(["refresh"])
            try #require(await world.waitForRequest())
            let shown = try await world.rain(["show"])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.output.contains(/updated (just now|\d+ min ago)/), "\(shown.output)")
            #expect(try await refresh.finish().status == 0)
            #expect(world.simulator.requestCount == 1)
        }
    }

    @Test func watchNoticesTheServerGoingAwayAndComingBackAndStopsCleanly() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let watch = world.start(["watch", "--every", "1s"])
            #expect(await watch.waitForOutput(containing: "refreshed Berlin"), "\(watch.output)")

            world.simulator.stop()
            #expect(await watch.waitForOutput(containing: "offline: cannot reach 127.0.0.1:\(world.simulator.port); showing the forecast from"), "\(watch.output)")
            try world.simulator.start()
            world.simulator.resetRecordedRequests()
            #expect(await watch.waitForOutput(containing: "back online"), "\(watch.output)")
            #expect(await watch.waitForOutput(matching: { $0.components(separatedBy: "back online").last?.contains("refreshed Berlin") == true }),
                    "refreshes as soon as the network is back: \(watch.output)")

            watch.send(SIGTERM)
            let result = try await watch.finish()
            #expect(result.status == 0, "\(result)")
            let lines = result.output.split(separator: "\n")
            let offlineIndex = try #require(lines.firstIndex { $0.contains("offline: cannot reach") })
            let backIndex = try #require(lines.firstIndex { $0.contains("back online") })
            #expect(offlineIndex < backIndex)
            #expect(lines[(backIndex + 1)...].contains { $0.contains("refreshed Berlin") })
        }
    }

    @Test func watchStopsOnSIGTERMEvenWhileARequestHangs() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .hang, config: #"{"timeout_seconds": 600}"#)
            let watch = world.start(["watch", "--every", "1s"])
            try #require(await world.waitForRequest())
            watch.send(SIGTERM)
            let result = try await watch.finish()
            #expect(result.status == 0, "\(result)")
        }
    }
}
