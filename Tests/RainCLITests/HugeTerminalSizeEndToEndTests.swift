import Foundation
import RainKit
import RainTestSupport
import Synchronization
import Testing

/// `COLUMNS` and `LINES` are taken as what a terminal can be (1 to 65535; issue 42): a huge
/// number on a pipe gives a forecast as wide as the widest terminal, not a trap or gigabytes;
/// on a terminal that says it is 0x0 (a pseudo-terminal nobody sized, as `script` makes when
/// its input is not a terminal) a huge LINES still lets `q` and SIGTERM end `watch` and the
/// pick list.
@Suite struct HugeTerminalSizeEndToEndTests {
    static let huge = ["9223372036854775807", "4611686018427387904", "1000000000", "99999999999999999999999"]

    @Test(arguments: huge)
    func aHugeColumnsOnAPipeIsTheWidestTerminal(_ columns: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let result = try await world.rain(["show", "Berlin"], environment: ["COLUMNS": columns, "LINES": columns])
            #expect(result.status == 0, "\(result.error)")
            let lines = result.output.split(separator: "\n")
            #expect(lines.contains { $0.contains("Berlin") }, "\(result.output.prefix(500))")
            #expect(lines.allSatisfy { $0.count <= 65535 }, "no line wider than a terminal can be")
        }
    }

    /// `q` typed until it is read ends the screen, which is given back.
    @Test(arguments: [["watch", "Berlin"], ["locations", "select"]])
    func qEndsTheScreenOnAZeroSizedTerminalWithHugeLines(_ arguments: [String]) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let (process, input) = try start(world, arguments)
            // Typed from a thread of its own: a task waits for the suite's two cooperative
            // threads, which a full run keeps busy for minutes. The thread closes the FIFO, so
            // that no "q" goes to a descriptor number opened again elsewhere.
            let typed = Atomic<Bool>(false)
            DetachedThread.start {
                while !typed.load(ordering: .acquiring) {
                    _ = write(input, "q", 1)
                    usleep(200_000)
                }
                close(input)
            }
            defer { typed.store(true, ordering: .releasing) }
            let result = try await process.finish(limit: .seconds(120))
            #expect(result.status != SIGKILL, "it ended on q")
            #expect(result.output.contains("\u{1B}[?1049l"), "the screen was given back")
        }
    }

    /// `q` or Esc typed once, before rain has started (so before raw mode and the first
    /// frame), is the first key read: raw mode keeps what was typed, and watch listens before
    /// it draws.
    @Test(arguments: [["watch", "Berlin"], ["locations", "select"]], ["q", "\u{1B}"])
    func aKeyTypedBeforeTheFirstFrameEndsTheScreen(_ arguments: [String], key: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let (process, input) = try start(world, arguments, typedFirst: key)
            defer { close(input) }
            let result = try await process.finish(limit: .seconds(60))
            #expect(result.status != SIGKILL, "it ended on the key typed first: \(result.output.suffix(200).debugDescription)")
            #expect(result.output.contains("\u{1B}[?1049l"), "the screen was given back")
        }
    }

    @Test func sigtermEndsWatchOnAZeroSizedTerminalWithHugeLines() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let (process, input) = try start(world, ["watch", "Berlin"])
            defer { close(input) }
            #expect(await process.waitForOutput(containing: "Berlin", limit: .seconds(60)), "\(process.output.suffix(300))")
            let pid = try #require(Int32((try String(contentsOfFile: home + "/rain.pid", encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
            kill(pid, SIGTERM)
            let result = try await process.finish(limit: .seconds(120))
            #expect(result.status != SIGKILL, "it ended on SIGTERM")
            #expect(result.output.contains("\u{1B}[?1049l"), "the screen was given back")
        }
    }

    /// `rain ARGUMENTS` on a pseudo-terminal of 0 rows and 0 columns (util-linux `script`, its
    /// input a FIFO the test writes keys to) with LINES and COLUMNS far past 65535; rain's
    /// process ID is in rain.pid.
    /// `typedFirst`: written to the terminal before rain starts.
    private func start(_ world: ForecastWorld, _ arguments: [String], typedFirst: String? = nil) throws -> (RunningProcess, Int32) {
        let fifo = world.home + "/keys"
        try #require(mkfifo(fifo, 0o600) == 0)
        // Read and write: opening never waits for the other end.
        let input = open(fifo, O_RDWR | O_CLOEXEC)
        try #require(input >= 0)
        if let typedFirst { try #require(write(input, typedFirst, typedFirst.utf8.count) == typedFirst.utf8.count) }
        let variables = world.environment.merging(["TERM": "xterm-256color", "LINES": Self.huge[0], "COLUMNS": Self.huge[0]]) { $1 }
            .map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let inner = "echo $$ > \(shellQuoted(world.home + "/rain.pid")); exec env \(variables) "
            + ([BuiltProduct.path("rain")] + arguments).map(shellQuoted).joined(separator: " ")
        let outer = "exec script -qfec \(shellQuoted(inner)) /dev/null < \(shellQuoted(fifo))"
        return (BuiltProduct.startSystem("/bin/sh", ["-c", outer], environment: world.environment), input)
    }
}
