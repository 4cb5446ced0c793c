import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain cron` against Debian's real `crontab`, in the test user's own crontab, which is
/// saved first and put back afterwards (`withRealCrontab`).
@Suite(.serialized) struct CronEndToEndTests {
    private func crontab(_ arguments: [String], input: String? = nil) async throws -> ProcessResult {
        try await BuiltProduct.runSystem("/usr/bin/env", ["crontab"] + arguments, input: input)
    }

    /// Runs `body` with the test user's crontab to itself, given what `crontab -l` said before
    /// it, and puts the crontab back afterwards as it was (none if there was none), whatever
    /// `body` threw. The crontab is the machine's, not the test's: a second `swift test` (in
    /// another checkout) waits on the same lock file rather than save and restore it in between.
    private func withRealCrontab(_ body: (_ saved: ProcessResult) async throws -> Void) async throws {
        let lock = open("/tmp/rain-tests-real-crontab.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        try #require(lock >= 0, "the crontab's lock file opens")
        defer { close(lock) }
        while flock(lock, LOCK_EX | LOCK_NB) != 0 { try await Task.sleep(for: .milliseconds(100)) }
        let saved = try await crontab(["-l"])
        do {
            try await body(saved)
        } catch {
            Issue.record(error)
        }
        if saved.status == 0 { _ = try await crontab(["-"], input: saved.output) } else { _ = try await crontab(["-r"]) }
    }

    @Test func installReplaceAndUninstallKeepEveryOtherLine() async throws {
        try await withRealCrontab { _ in try await roundTrip() }
    }

    /// A user who had no crontab has none again after install and uninstall, not an empty one.
    @Test func uninstallingTheOnlyLineLeavesNoCrontab() async throws {
        try await withRealCrontab { _ in
            _ = try await crontab(["-r"])
            try await withTemporaryDirectory { home in
                let environment = ["RAIN_HOME": home, "HOME": home]
                #expect(try await BuiltProduct.run("rain", ["cron", "--install"], environment: environment).status == 0)
                #expect(try await crontab(["-l"]).status == 0)
                let removed = try await BuiltProduct.run("rain", ["cron", "--uninstall"], environment: environment)
                #expect(removed.status == 0, "\(removed)")
                let after = try await crontab(["-l"])
                #expect(after.status != 0 && after.error.contains("no crontab for"), "\(after)")
            }
        }
    }

    @Test func installIsRefusedWhileTheConfigurationIsBroken() async throws {
        try await withRealCrontab { saved in
            try await withTemporaryDirectory { home in
                writeFile(home + "/config.json", "{\"units\": \"si\" \"language\": \"en\"}")
                let result = try await BuiltProduct.run("rain", ["cron", "--install"], environment: ["RAIN_HOME": home, "HOME": home])
                #expect(result.status == 78, "\(result)")
                #expect(try await crontab(["-l"]).output == saved.output, "the crontab is untouched")
            }
        }
    }

    /// The eleventh hostile trial: under a file-size limit, crontab is killed (SIGXFSZ) as it
    /// writes its temporary file, and says nothing; the error ended "refused the new table: "
    /// with no reason. It names the limit, says crontab died (it refused nothing), and the
    /// crontab is untouched.
    @Test func aCrontabKilledByAFileSizeLimitIsSaidSo() async throws {
        try await withRealCrontab { saved in
            try await withTemporaryDirectory { home in
                let script = "ulimit -f 0; exec \"$@\""
                let result = try await BuiltProduct.startSystem("/bin/sh", ["-c", script, "sh", BuiltProduct.path("rain"), "cron", "--install"],
                                                                environment: ["RAIN_HOME": home, "HOME": home]).finish()
                #expect(result.status == 74, "\(result)")
                #expect(result.error == "rain: error: new crontab not installed: crontab hit the file size limit\n", "\(result)")
                #expect(try await crontab(["-l"]).output == saved.output, "the crontab is untouched")
            }
        }
    }

    /// Keyless, ten places every 5 minutes ask Open-Meteo for 48.5 x 288 = 13,968 calls a day
    /// (3.8 for each forecast, 1 for each place's air, Berlin's 1.5 with pollen, which only
    /// CAMS Europe has): one warning line, and the line is installed all the same.
    @Test func installWarnsWhenTheScheduleWouldCrossOpenMeteosDailyLimit() async throws {
        try await withRealCrontab { _ in
            try await withTemporaryDirectory { home in
                // The scheduled runs are `--if-stale`: a place is fetched at most every
                // refresh_interval_minutes, here as often as cron runs.
                let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "refresh_interval_minutes": 5}"#)
                let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                for index in 0..<8 {
                    _ = try store.add(name: "Place \(index)", coordinate: Coordinate(latitude: 10 + Double(index), longitude: 20))
                }
                let environment = world.keylessEnvironment.merging(["HOME": home]) { $1 }
                let installed = try await BuiltProduct.run("rain", ["cron", "--every", "5m", "--install"], environment: environment)
                #expect(installed.status == 0, "\(installed)")
                let lines = installed.error.split(separator: "\n")
                let warnings: [[Substring]] = lines.indices.filter { lines[$0].contains("Open-Meteo") }.map { Array(lines[$0...].prefix(2)) }
                #expect(warnings == [["rain: warning: Open-Meteo: 13968 calls a day; its free limit is 10000", "rain: hint: 10 places every 5m; every 10m would fit"]],
                        "\(installed.error)")
                #expect(try await crontab(["-l"]).output.contains(CrontabEntry.marker), "installed all the same")

                let fitting = try await BuiltProduct.run("rain", ["cron", "--every", "10m", "--install"], environment: environment)
                #expect(fitting.status == 0 && !fitting.error.contains("Open-Meteo"), "\(fitting)")
                // Every 5 minutes, but each place only once its forecast is 30 minutes old: 2328 calls a day.
                writeFile(home + "/config.json", #"{"timeout_seconds": 30, "refresh_interval_minutes": 30}"#)
                let stale = try await BuiltProduct.run("rain", ["cron", "--every", "5m", "--install"], environment: environment)
                #expect(stale.status == 0 && !stale.error.contains("Open-Meteo"), "\(stale)")
            }
        }
    }

    /// Pirate Weather takes a free key's calls one a second (Pirate-Weather/pirateweather
    /// `docs/changelog.md`): installing a schedule of 20 places says each run takes 20 s or
    /// more. Nothing is asked of the server.
    @Test func installSaysHowLongAPacedRunTakes() async throws {
        try await withRealCrontab { _ in
            try await withTemporaryDirectory { home in
                writeFile(home + "/config.json", #"{"timeout_seconds": 30, "refresh_interval_minutes": 60}"#)
                let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                for index in 0..<20 {
                    _ = try store.add(name: "Place \(index)", coordinate: Coordinate(latitude: 10 + Double(index), longitude: 20))
                }
                let environment = ["RAIN_HOME": home, "HOME": home, "RAIN_BASE_URL": "https://api.pirateweather.net/forecast/",
                                   "RAIN_API_KEY": "sim-key-0123456789abcdef"]
                let installed = try await BuiltProduct.run("rain", ["cron", "--every", "1h", "--install"], environment: environment)
                #expect(installed.status == 0, "\(installed)")
                #expect(installed.error.contains("rain: each run: 20 places in 20 s or more (Pirate Weather: 1 call a second)\n"),
                        "\(installed.error)")
            }
        }
    }

    private func roundTrip() async throws {
        let others = "MAILTO=\"\"\n# keep me\n17 4 * * * /bin/true\n"
        #expect(try await crontab(["-"], input: others).status == 0)

        try await withTemporaryDirectory { home in
            // The shell's servers go with the line, the air's too: a scheduled refresh asks what this shell's rain asks.
            let air = "http://127.0.0.1:9/v1/air-quality"
            let environment = ["RAIN_HOME": home, "RAIN_API_KEY": "never-in-crontab-0123456789", "HOME": home, "RAIN_AIR_QUALITY_URL": air]
            let printed = try await BuiltProduct.run("rain", ["cron", "--every", "15m"], environment: environment)
            #expect(printed.status == 0, "\(printed)")
            let line = printed.output.trimmingCharacters(in: .newlines)
            let variables = "RAIN_HOME=\(home) RAIN_AIR_QUALITY_URL=\(air)"
            #expect(line.contains("\(variables) \(BuiltProduct.path("rain")) refresh --all --quiet --if-stale; \(variables) \(BuiltProduct.path("rain")) notify --quiet #"),
                    "\(line)")
            #expect(!line.contains("never-in-crontab"))
            #expect(printed.error.contains("RAIN_API_KEY"), "warns that cron will not see the key")

            let cronRuns = try await BuiltProduct.runSystem("/usr/bin/pgrep", ["-x", "cron|crond"]).status == 0
            for _ in 0..<2 {
                let installed = try await BuiltProduct.run("rain", ["cron", "--every", "15m", "--install"], environment: environment)
                #expect(installed.status == 0, "\(installed)")
                #expect(installed.error.contains("rain: warning: no cron daemon is running, so the line will not run") == !cronRuns, "\(installed)")
            }
            #expect(try await crontab(["-l"]).output == others + line + "\n")

            let hourly = try await BuiltProduct.run("rain", ["cron", "--every", "1h", "--install"], environment: environment)
            #expect(hourly.status == 0)
            let table = try await crontab(["-l"]).output
            #expect(table.hasPrefix(others))
            #expect(table.components(separatedBy: CrontabEntry.marker).count == 2, "exactly one line of rain's")
            #expect(!table.contains(line))

            // Removing rain's line works whatever state the configuration is in.
            writeFile(home + "/config.json", #"{"units": "metric"}"#)
            let removed = try await BuiltProduct.run("rain", ["cron", "--uninstall"], environment: environment)
            #expect(removed.status == 0, "\(removed)")
            #expect(try await crontab(["-l"]).output == others)
            let again = try await BuiltProduct.run("rain", ["cron", "--uninstall"], environment: environment)
            #expect(again.status == 0 && again.output.contains("nothing to remove"))
            #expect(try await crontab(["-l"]).output == others)
        }
    }
}
