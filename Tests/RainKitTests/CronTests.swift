import RainKit
import Testing

@Suite struct CronTests {
    struct ScheduleCase: Sendable, CustomTestStringConvertible {
        var every: String
        var minutes: Int   // how many runs an hour (or per day for hours)
        var testDescription: String { every }
    }

    @Test(arguments: ["5m", "10m", "15m", "20m", "30m"])
    func minuteIntervalsRunEvenlyFromAPerUserOffset(_ every: String) throws {
        let interval = try #require(Interval(every))
        let step = interval.seconds / 60
        for user in ["alice", "bob", "root", "carol"] {
            let fields = try CronSchedule(every: interval, seed: user).fields
            #expect(fields.hasSuffix(" * * * *"))
            let minutes = fields.split(separator: " ")[0].split(separator: ",").compactMap { Int($0) }
            #expect(minutes.count == 60 / step)
            #expect(minutes.first! < step)
            #expect(zip(minutes, minutes.dropFirst()).allSatisfy { $1 - $0 == step })
            // Stable for the same user.
            #expect(try CronSchedule(every: interval, seed: user) == CronSchedule(every: interval, seed: user))
        }
    }

    @Test func usersGetDifferentMinutes() throws {
        let offsets = Set(try (0..<20).map { try CronSchedule(every: Interval("1h")!, seed: "user\($0)").fields })
        #expect(offsets.count > 5)
    }

    @Test(arguments: ["1h", "2h", "6h", "24h"])
    func hourIntervals(_ every: String) throws {
        let fields = try CronSchedule(every: Interval(every)!, seed: "alice").fields.split(separator: " ")
        #expect(fields.count == 5)
        #expect((0..<60).contains(Int(fields[0])!))
        let hours = fields[1] == "*" ? Array(0..<24) : fields[1].split(separator: ",").map { Int($0)! }
        #expect(hours.count == 24 / (Interval(every)!.seconds / 3600))
    }

    @Test(arguments: ["45m", "1m", "90s", "7h", "48h", "25m"])
    func intervalsCronCannotKeepAreRefused(_ every: String) {
        #expect(throws: CronSchedule.Problem.self) { try CronSchedule(every: Interval(every)!, seed: "alice") }
    }

    @Test(arguments: ["15", "m", "0m", "-5m", "5x", "", "1.5h"])
    func malformedIntervalsDoNotParse(_ text: String) {
        #expect(Interval(text) == nil)
    }

    @Test func theLineRunsAQuietStaleOnlyRefreshThenNotifyAndQuotesForTheShellAndCron() throws {
        let schedule = try CronSchedule(every: Interval("30m")!, seed: "alice")
        let entry = try CrontabEntry(schedule: schedule, executable: "/opt/my rain/rain",
                                 environment: [("RAIN_HOME", "/home/a/100%'s")])
        let rain = "RAIN_HOME='/home/a/100\\%'\\''s' '/opt/my rain/rain'"
        #expect(entry.line == "\(schedule.fields) \(rain) refresh --all --quiet --if-stale; \(rain) notify --quiet \(CrontabEntry.marker)")
    }

    @Test func installReplacesOnlyItsOwnLineAndUninstallRestoresTheRest() throws {
        let schedule = try CronSchedule(every: Interval("30m")!, seed: "alice")
        let entry = try CrontabEntry(schedule: schedule, executable: "/usr/bin/rain", environment: [])
        let others = "MAILTO=me@example.com\n# a comment mentioning \(CrontabEntry.marker)\n0 3 * * * /usr/bin/backup\n"
        let once = entry.installed(in: others)
        #expect(once == others + entry.line + "\n")
        let newer = try CrontabEntry(schedule: try CronSchedule(every: Interval("1h")!, seed: "alice"), executable: "/usr/bin/rain", environment: [])
        let twice = newer.installed(in: once)
        #expect(twice == others + newer.line + "\n")
        // What it replaced is said (another RAIN_HOME's line, say), never the line itself.
        #expect(newer.replacedLines(in: once) == [entry.line])
        #expect(newer.replacedLines(in: twice).isEmpty && newer.replacedLines(in: others).isEmpty)
        #expect(newer.installed(in: twice) == twice)
        #expect(CrontabEntry.uninstalled(from: twice) == others)
        #expect(CrontabEntry.uninstalled(from: others) == nil)
        #expect(entry.installed(in: "") == entry.line + "\n")
        #expect(CrontabEntry.uninstalled(from: entry.line + "\n") == "")
    }
}
