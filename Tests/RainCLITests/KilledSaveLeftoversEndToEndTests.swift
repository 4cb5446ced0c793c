import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 15, H6, through the real binary: a rain killed at a save's rename leaves the
/// temporary file ("<name>.tmp-<pid>-<attempt>-<random>"); the next save of that file deletes
/// those of writers that no longer run, whatever the file (`alert-polls.json`, `quota.json`,
/// the systemd units), and leaves a running writer's alone. The leftovers are placed as a
/// killed rain leaves them, named after a process that has ended.
@Suite struct KilledSaveLeftoversEndToEndTests {
    /// `alert-polls.json`: written when MetAlerts was asked for a place whose forecast failed.
    @Test func aSaveOfTheAlertPollsDeletesKilledSavesLeftovers() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
            let (dead, live) = try await leftovers(of: home + "/state/alert-polls.json")
            world.simulator.setBehaviour(.forecastStatus(500))
            let refreshed = try await world.keylessRain(["refresh", "Bergen"])
            #expect(refreshed.status != 0, "the forecast failed: \(refreshed)")
            #expect(FileManager.default.fileExists(atPath: home + "/state/alert-polls.json"), "the poll was saved")
            #expect(entries(of: home + "/state").filter { $0.contains(".tmp-") } == [live], "\(entries(of: home + "/state")); dead: \(dead)")
        }
    }

    /// `quota.json`: written when a service says its quota is used up.
    @Test func aSaveOfTheQuotaDeletesKilledSavesLeftovers() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: MonthlyQuotaEndToEndTests.now)
            #expect(try await world.rain(["refresh", "--all"]).status == 0)
            let (dead, live) = try await leftovers(of: home + "/state/quota.json")
            world.simulator.setBehaviour(.status(429))
            let refused = try await world.rain(["refresh", "--all"])
            #expect(refused.status == 75, "\(refused)")
            #expect(FileManager.default.fileExists(atPath: home + "/state/quota.json"), "the quota was saved")
            #expect(entries(of: home + "/state").filter { $0.contains(".tmp-") } == [live], "\(entries(of: home + "/state")); dead: \(dead)")
        }
    }

    /// `rain.service` and `rain.timer`: written by `timer --install` (a stand-in systemctl,
    /// first on PATH, that succeeds).
    @Test func aTimerInstallDeletesKilledInstallsLeftovers() async throws {
        try await withTemporaryDirectory { folder in
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            writeFile(bin + "/systemctl", "#!/bin/sh\nexit 0\n")
            chmod(bin + "/systemctl", 0o755)
            let units = folder + "/config/systemd/user"
            let service = try await leftovers(of: units + "/rain.service")
            let timer = try await leftovers(of: units + "/rain.timer")
            let environment = ["RAIN_HOME": folder, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config",
                               "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
            let installed = try await BuiltProduct.run("rain", ["timer", "--install"], environment: environment)
            #expect(installed.status == 0, "\(installed)")
            #expect(FileManager.default.fileExists(atPath: units + "/rain.timer"))
            #expect(entries(of: units).filter { $0.contains(".tmp-") } == [service.live, timer.live].sorted(),
                    "\(entries(of: units)); dead: \(service.dead), \(timer.dead)")
        }
    }

    /// Two temporary files of `path` whose writer was killed (an ID no process has) and
    /// one of a writer still running (this test): their names.
    private func leftovers(of path: String) async throws -> (dead: [String], live: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = unusedProcessIDs(2).enumerated().map { "\(name).tmp-\($0.element)-\($0.offset)-12345" }
        let live = "\(name).tmp-\(getpid())-0-67890"
        for leftover in dead + [live] { writeFile(folder + "/" + leftover, "{") }
        return (dead, live)
    }

    private func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
