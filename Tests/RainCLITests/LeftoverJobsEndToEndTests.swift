import Foundation
import RainKit
import RainTestSupport
import Testing

/// Kids 45, N5's cost: an `--exec` command whose shell exits 0 but leaves a job in the
/// background held rain for the rest of `notify.exec_timeout` per event (50 alerts, 50 minutes
/// under cron). The event is delivered when the shell exits; its job runs on beside the next
/// events and is stopped at its own time limit or before rain exits, whichever comes first,
/// also when a signal ends rain. Nothing here is timed: the limit is an hour, and each wait
/// ends at what it waits for or at a bound far below that hour.
/// The real clock: the simulator's rain at Windy is always 50 minutes away (with its alert,
/// two events at least).
@Suite struct LeftoverJobsEndToEndTests {
    /// Each event's command writes its summary, starts a job that records its ID and sleeps
    /// for a day, and exits 0; from the second event on it first says whether the first
    /// event's job still runs.
    static let leavesAJob = #"cat > /dev/null; echo "$RAIN_NOTIFY_SUMMARY" >> "$RAIN_HOME/delivered.txt"; "#
        + #"if [ -f "$RAIN_HOME/jobs.txt" ]; then kill -0 "$(head -n 1 "$RAIN_HOME/jobs.txt")" && echo running > "$RAIN_HOME/seen.txt"; fi; "#
        + #"sleep 86400 & echo $! >> "$RAIN_HOME/jobs.txt"; exit 0"#

    private static func world(_ home: String) throws -> ForecastWorld {
        let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "notify": {"exec_timeout": 3600}}"#)
        _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            .add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405))
        return world
    }

    private static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Whether process `pid` runs: false when it is gone or a zombie (ended, not yet reaped).
    private static func isRunning(_ pid: Int32) -> Bool {
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
            .flatMap { $0.components(separatedBy: ") ").last.map { String($0.prefix(1)) } }
        return state != nil && state != "Z"
    }

    /// The jobs of `path` that still run after a bounded wait for them to end.
    private static func stillRunning(_ path: String) async throws -> [Int32] {
        let jobs = lines(path).compactMap { Int32($0) }
        let bound = ContinuousClock.now + .seconds(20)
        while jobs.contains(where: isRunning) && ContinuousClock.now < bound { try await Task.sleep(for: .milliseconds(50)) }
        return jobs.filter(isRunning)
    }

    @Test func aJobLeftInTheBackgroundRunsBesideTheNextEventsAndEndsWithRain() async throws {
        try await withTemporaryDirectory { home in
            let world = try Self.world(home)
            defer { for job in Self.lines(home + "/jobs.txt").compactMap({ Int32($0) }) { kill(job, SIGKILL) } }
            // Far below the hour rain would wait for the first job alone.
            let result = try await BuiltProduct.start("rain", ["notify", "Windy", "--exec", Self.leavesAJob], environment: world.environment)
                .finish(limit: .seconds(120))
            try #require(result.status == 0, "\(result)")
            let delivered = Self.lines(home + "/delivered.txt")
            #expect(delivered.count >= 2, "every event went out: \(delivered)")
            #expect(Self.lines(home + "/jobs.txt").count == delivered.count, "each command left its job")
            #expect(Self.lines(home + "/seen.txt") == ["running"], "the first job ran beside the next event")
            #expect(try await Self.stillRunning(home + "/jobs.txt").isEmpty, "no job outlives rain")
            let again = try await world.rain(["notify", "Windy", "--exec", Self.leavesAJob])
            #expect(again.status == 0, "\(again)")
            #expect(Self.lines(home + "/delivered.txt") == delivered, "every event was marked sent")
        }
    }

    /// A signal that ends rain while a later event's command hangs takes the jobs earlier
    /// commands left along (each passed the signal, then killed by its group's watchdog: a
    /// shell's background job ignores SIGINT), and what was delivered is not sent again.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGKILL])
    func aSignalThatEndsRainEndsTheJobsLeftBehind(_ signal: Int32) async throws {
        try await withTemporaryDirectory { home in
            let world = try Self.world(home)
            // The first event's command leaves its job; the second writes its ID and hangs.
            let command = #"if [ -f "$RAIN_HOME/jobs.txt" ]; then echo $$ > "$RAIN_HOME/slow.tmp"; mv "$RAIN_HOME/slow.tmp" "$RAIN_HOME/slow.pid"; exec sleep 86400; fi; "#
                + Self.leavesAJob
            let process = BuiltProduct.start("rain", ["notify", "Windy", "--exec", command], environment: world.environment)
            defer {
                for pid in Self.lines(home + "/jobs.txt").compactMap({ Int32($0) }) + Self.lines(home + "/slow.pid").compactMap({ Int32($0) }) {
                    kill(pid, SIGKILL)
                }
            }
            let bound = ContinuousClock.now + .seconds(120)
            while !FileManager.default.fileExists(atPath: home + "/slow.pid") && Self.isRunning(process.processIdentifier) && ContinuousClock.now < bound {
                try await Task.sleep(for: .milliseconds(50))
            }
            guard FileManager.default.fileExists(atPath: home + "/slow.pid") else {
                process.send(SIGKILL)
                Issue.record("the second event's command did not start beside the first's job: \(try await process.finish())")
                return
            }
            if signal == SIGKILL {
                while !FileManager.default.fileExists(atPath: home + "/state/notified.json") && ContinuousClock.now < bound {
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
            process.send(signal)
            let result = try await process.finish()
            #expect(result.status == signal, "ended by the signal: \(result)")
            #expect(try await Self.stillRunning(home + "/jobs.txt").isEmpty, "the job left behind ended with rain")
            #expect(try await Self.stillRunning(home + "/slow.pid").isEmpty, "the hanging command ended with rain")

            let quick = #"cat > /dev/null; echo "$RAIN_NOTIFY_SUMMARY" >> "$RAIN_HOME/delivered.txt""#
            let next = try await world.rain(["notify", "Windy", "--exec", quick])
            #expect(next.status == 0, "\(next)")
            let delivered = Self.lines(home + "/delivered.txt")
            #expect(delivered.count >= 2, "\(delivered)")
            #expect(delivered.filter { $0 == delivered[0] }.count == 1, "the first event went out once: \(delivered)")
        }
    }
}
