import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 16, N1 and N2: what rain writes to crontab and reads from it goes through
/// pipes. A new table larger than a pipe (64 KB) was written whole, blocking, before anything
/// was read and past the one-minute limit: a `crontab -` that does not read held rain for
/// good, and one that prints before it reads deadlocked with it. A table `crontab -l` lists
/// was read whole however large (196 MB: rain at 587 MB); one over 1 MB is refused. A stand-in
/// first on PATH keeps its table in a file, so the machine's crontab is never touched.
/// Nothing here is timed: a wait ends at rain's end, or at a bound far past the limit.
@Suite struct CrontabPipesEndToEndTests {
    /// Ordinary lines, over three pipes' worth, and rain's line.
    static let largeTable = (0..<2_000).map { "17 3 * * * /usr/bin/true job-number-\($0) with a comment to make the line long\n" }.joined()
        + "* * * * * /usr/bin/rain notify --quiet \(CrontabEntry.marker)\n"

    /// Comment lines to one byte over 1 MB, and rain's line.
    static let tooLargeTable: String = {
        let rainsLine = "* * * * * /usr/bin/rain notify --quiet \(CrontabEntry.marker)\n"
        let line = "# " + String(repeating: "x", count: 77) + "\n"
        let lines = String(repeating: line, count: ((1 << 20) - rainsLine.utf8.count) / line.utf8.count - 1)
        let rest = (1 << 20) + 1 - rainsLine.utf8.count - lines.utf8.count
        return lines + "#" + String(repeating: "y", count: rest - 2) + "\n" + rainsLine
    }()

    @Test func aCrontabThatDoesNotReadTheNewTableIsStoppedAtTheLimit() async throws {
        try await withStandIn(table: Self.largeTable, writing: "echo $$ > \"$DIR/hung.pid\"; exec sleep 86400") { folder, environment in
            let result = try await BuiltProduct.start("rain", ["cron", "--install"], environment: environment).finish(limit: .seconds(200))
            #expect(result.status == 75, "\(result)")
            #expect(result.error == "rain: error: new crontab not installed: crontab took over 1 min: stopped\n", "\(result)")
            #expect(try String(contentsOfFile: folder + "/table", encoding: .utf8) == Self.largeTable, "the table is as it was")
            let hung = try #require(Self.pid(in: folder + "/hung.pid"), "the stand-in was asked to install")
            #expect(!Self.isRunning(hung), "the stand-in was stopped")
        }
    }

    /// Its output is read while the table is written: both go on, and the table is installed.
    @Test func aCrontabThatPrintsBeforeItReadsIsInstalledAllTheSame() async throws {
        let writing = "head -c 1048576 /dev/zero | tr '\\0' x; cat > \"$DIR/table.new\" && mv \"$DIR/table.new\" \"$DIR/table\""
        try await withStandIn(table: Self.largeTable, writing: writing) { folder, environment in
            let result = try await BuiltProduct.start("rain", ["cron", "--install"], environment: environment).finish(limit: .seconds(200))
            #expect(result.status == 0, "\(result)")
            let table = try String(contentsOfFile: folder + "/table", encoding: .utf8)
            let kept = Self.largeTable.components(separatedBy: "\n").filter { !$0.contains(CrontabEntry.marker) }.joined(separator: "\n")
            #expect(table.hasPrefix(kept), "every other line is kept")
            #expect(table.components(separatedBy: CrontabEntry.marker).count == 2, "one line of rain's")
            #expect(table.contains(BuiltProduct.path("rain")), "the new line is this rain's")
        }
    }

    @Test(arguments: [["cron", "--install"], ["cron", "--uninstall"]])
    func aCrontabOverOneMegabyteIsRefusedAndLeftAsItIs(_ arguments: [String]) async throws {
        try await withStandIn(table: Self.tooLargeTable, writing: "echo asked > \"$DIR/written\"; cat > \"$DIR/table\"") { folder, environment in
            let result = try await BuiltProduct.start("rain", arguments, environment: environment).finish(limit: .seconds(200))
            #expect(result.status == 74, "\(result)")
            #expect(result.error == """
                rain: error: your crontab is over 1 MB, the most rain edits; nothing changed
                rain: hint: edit it with crontab -e ('rain cron' prints rain's line)

                """, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/written"), "crontab was not asked to install a table")
            #expect(try String(contentsOfFile: folder + "/table", encoding: .utf8) == Self.tooLargeTable, "the table is as it was")
        }
    }

    /// A `crontab` first on PATH whose `-l` lists the table in the folder's file `table` and
    /// whose `-` runs `writing` (a shell command, with the folder in `DIR`); rain's environment.
    private func withStandIn(table: String, writing: String,
                             _ body: (_ folder: String, _ environment: [String: String]) async throws -> Void) async throws {
        try await withTemporaryDirectory { folder in
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            writeFile(folder + "/table", table)
            writeFile(bin + "/crontab", "#!/bin/sh\nDIR='\(folder)'\ncase \"$1\" in -l) cat \"$DIR/table\" ;; -) \(writing) ;; *) exit 1 ;; esac\n")
            chmod(bin + "/crontab", 0o755)
            defer { if let hung = Self.pid(in: folder + "/hung.pid") { kill(hung, SIGKILL) } }
            let environment = ["RAIN_HOME": folder, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config",
                               "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
            try await body(folder, environment)
        }
    }

    private static func pid(in file: String) -> Int32? {
        (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether process `pid` runs: false when it is gone or a zombie (ended, not yet reaped).
    private static func isRunning(_ pid: Int32) -> Bool {
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
            .flatMap { $0.components(separatedBy: ") ").last.map { String($0.prefix(1)) } }
        return state != nil && state != "Z"
    }
}
