import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 14, N4: a crontab or systemctl that hangs was waited for without end by
/// `rain cron --install`/`--uninstall` and `rain timer --install`. A stand-in first on PATH
/// hangs (a day's sleep, its ID written first); rain stops it at its time limit (a minute),
/// says so in one line naming the program and the limit, and the table is as it was. A
/// program that did not answer in time is "try later" (75), as a notify-send or an `--exec`
/// command that hangs: it may answer next time (kids 45; crontab's said 74, systemctl's 69
/// with "no systemd user manager", which is not what a hang says). Nothing here
/// is timed: the wait ends at rain's end, or at a bound far past the limit.
@Suite struct HangingSchedulerEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        /// The stand-in's arguments that hang (`-` writes the table, `-l` lists it).
        var hangs: String
        var status: Int32
        var error: String
        /// Whether the stand-in hangs at every call with those arguments, not the first only.
        var hangsAgain = false
        var testDescription: String { "\(arguments.joined(separator: " ")), \(hangs) hangs\(hangsAgain ? " every time" : "")" }
    }

    static let cases = [
        Case(arguments: ["cron", "--install"], hangs: "-l", status: 75,
             error: "rain: error: crontab -l failed: took over 1 min: stopped\n"),
        Case(arguments: ["cron", "--install"], hangs: "-", status: 75,
             error: "rain: error: new crontab not installed: crontab took over 1 min: stopped\n"),
        Case(arguments: ["cron", "--uninstall"], hangs: "-", status: 75,
             error: "rain: error: new crontab not installed: crontab took over 1 min: stopped\n"),
        Case(arguments: ["timer", "--install"], hangs: "daemon-reload", status: 75, error: Self.timerError),
        // Hostile trial 17, N17-1: the clean-up's second daemon-reload hung a minute more.
        Case(arguments: ["timer", "--install"], hangs: "daemon-reload", status: 75, error: Self.timerError, hangsAgain: true),
    ]

    static let timerError = """
        rain: error: timer not installed: systemctl took over 1 min: stopped
        rain: hint: unit files removed; reload later: systemctl --user daemon-reload
        rain: hint: print the units with 'rain timer', or use: rain cron --install

        """

    static let table = "0 5 * * * backup\n* * * * * /usr/bin/rain notify --quiet \(CrontabEntry.marker)\n"

    @Test(arguments: cases)
    func aSchedulerThatHangsIsStoppedAndSaidSo(_ example: Case) async throws {
        try await withTemporaryDirectory { folder in
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            writeFile(folder + "/table", Self.table)
            // Each lists the table or succeeds, but the arguments given hang it: the first time
            // only (a timer install that fails reloads the manager once more to undo it).
            // Every call is noted, so that a test sees how often the hanging one was run.
            let once = example.hangsAgain ? "" : " && [ ! -f '\(folder)/hung.pid' ]"
            let hang = "echo \"$*\" >> '\(folder)/calls'\n"
                + "if [ \"$*\" = '\(example.hangs)' ] || [ \"$*\" = '--user \(example.hangs)' ]\(once); then\n"
                + "  echo $$ >> '\(folder)/hung.pid'; exec sleep 86400\nfi\n"
            writeFile(bin + "/crontab", "#!/bin/sh\n" + hang + "case \"$1\" in -l) cat '\(folder)/table' ;; -) cat > '\(folder)/table' ;; esac\n")
            writeFile(bin + "/systemctl", "#!/bin/sh\n" + hang)
            for name in ["crontab", "systemctl"] { chmod(bin + "/" + name, 0o755) }
            let readPIDs = { (try? String(contentsOfFile: folder + "/hung.pid", encoding: .utf8)).map { $0.split(separator: "\n").compactMap { Int32($0) } } ?? [] }
            defer { for hung in readPIDs() { kill(hung, SIGKILL) } }

            let environment = ["RAIN_HOME": folder, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config",
                               "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
            let result = try await BuiltProduct.start("rain", example.arguments, environment: environment).finish(limit: .seconds(200))
            #expect(result.status == example.status, "\(result)")
            #expect(result.error == example.error, "\(result)")
            #expect(try String(contentsOfFile: folder + "/table", encoding: .utf8) == Self.table, "the table is as it was")
            #expect(!FileManager.default.fileExists(atPath: folder + "/config/systemd/user/rain.timer"), "no unit is left")
            let hung = try #require(readPIDs().first, "the stand-in hung")
            #expect(!Self.isRunning(hung), "the stand-in was stopped")
            // A program stopped for hanging is not run again with the same arguments.
            let calls = (try? String(contentsOfFile: folder + "/calls", encoding: .utf8)) ?? ""
            #expect(calls.split(separator: "\n").filter { $0.hasSuffix(example.hangs) }.count == 1, "\(calls)")
        }
    }

    /// Whether process `pid` runs: false when it is gone or a zombie (ended, not yet reaped).
    private static func isRunning(_ pid: Int32) -> Bool {
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
            .flatMap { $0.components(separatedBy: ") ").last.map { String($0.prefix(1)) } }
        return state != nil && state != "Z"
    }
}
