import Foundation
import RainTestSupport
import Testing

/// The programs the tests start hold none of the test process's other descriptors: a pipe
/// another test reads to its end must end when that test's own child does. Once, tmux servers
/// held such a pipe (msgfmt's) and a CI run waited on it until it was stopped.
struct TestChildrenTests {
    /// A pipe without close-on-exec, as Foundation's `Pipe` makes; its write end's holders,
    /// this process aside, found through /proc once `body` has run. Each test looks only at
    /// its own children: a program another test's code starts meanwhile (rain's own, in
    /// process) may hold the pipe for a moment.
    private func holdersOfAnInheritablePipe(while body: () async throws -> Void) async throws -> [(pid: Int32, command: String)] {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let name = try #require(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(ends[1])"))
        var holders: [(pid: Int32, command: String)] = []
        try await body()
        for process in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(process), pid != getpid() else { continue }
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd")) ?? []
            if descriptors.contains(where: { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process)/fd/\($0)")) == name }) {
                let command = (try? String(contentsOfFile: "/proc/\(process)/cmdline", encoding: .utf8)) ?? process
                holders.append((pid, command.replacingOccurrences(of: "\0", with: " ")))
            }
        }
        return holders
    }

    @Test func aTmuxServerHoldsNoneOfTheTestsDescriptors() async throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        try await withTemporaryDirectory { folder in
            var session: TmuxSession?
            let holders = try await holdersOfAnInheritablePipe {
                session = try TmuxSession(folder: folder, shellCommand: "sleep 600")
            }
            session?.kill()
            // The server and its watcher name the session's socket, in this test's folder.
            let ours = holders.filter { $0.command.contains(folder) }
            #expect(ours.isEmpty, "held by: \(ours.map(\.command))")
        }
    }

    /// A pane's command that ignores SIGHUP (`trap '' HUP`, as tests of rain's signals start it)
    /// outlived the server's end with its `sleep 600`, and so did a program it started in a
    /// group of its own: `kill()` ends every process of the pane's session.
    @Test func killingASessionEndsItsPaneProcessesThatIgnoreHangUp() async throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        try await withTemporaryDirectory { folder in
            // `set -m`: the first sleep runs in a process group of its own, in the pane's session.
            let command = "trap '' HUP; set -m; sleep 600 & set +m; echo ready; sleep 600"
            let session = try TmuxSession(folder: folder, shellCommand: command)
            defer { session.kill() }
            try await session.waitForScreen(containing: "ready")
            func left() -> [pid_t] {
                ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(pid_t.init).filter {
                    TmuxSession.sessionID(of: $0) == session.panePID && !Self.isZombie($0)
                }
            }
            try #require(left().count >= 3, "the pane's shell and its two sleeps run")
            session.kill()
            // SIGKILL is delivered at once; the processes are gone once their parents reap them.
            var remaining = left()
            for _ in 0..<200 where !remaining.isEmpty {
                try await Task.sleep(for: .milliseconds(50))
                remaining = left()
            }
            let commands = remaining.map { (try? String(contentsOfFile: "/proc/\($0)/cmdline", encoding: .utf8)) ?? "\($0)" }
            #expect(remaining.isEmpty, "left running: \(commands)")
        }
    }

    private static func isZombie(_ pid: pid_t) -> Bool {
        (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: ")").last?
            .trimmingCharacters(in: .whitespaces).first == "Z"
    }

    @Test func aStartedProgramHoldsNoneOfTheTestsDescriptors() async throws {
        var sleeper: RunningProcess?
        let holders = try await holdersOfAnInheritablePipe {
            sleeper = BuiltProduct.startSystem("/bin/sleep", ["60"])
        }
        sleeper?.send(SIGKILL)
        _ = try await sleeper?.finish()
        let ours = holders.filter { $0.pid == sleeper?.processIdentifier }
        #expect(ours.isEmpty, "held by: \(ours.map(\.command))")
    }

    /// A child that never ends fails its test rather than stalling the run.
    @Test func aProgramPastTheLimitIsKilled() async throws {
        let result = try await BuiltProduct.startSystem("/bin/sleep", ["60"]).finish(limit: .milliseconds(200))
        #expect(result.status == SIGKILL)
    }

    /// A program that leaves another holding its output (in a session of its own, out of reach
    /// of the kill) is done by the limit, with what it said; the other is still running then.
    @Test func outputHeldByAnotherProgramEndsByTheLimit() async throws {
        let result = try await BuiltProduct.startSystem("/bin/sh", ["-c", "setsid sleep 600 & echo $!"]).finish(limit: .seconds(3))
        let left = Int32(result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        // The fourth field of /proc/PID/stat after the name in parentheses: R, S, ... or Z.
        let state = left.flatMap { try? String(contentsOfFile: "/proc/\($0)/stat", encoding: .utf8) }?
            .split(separator: ")").last?.trimmingCharacters(in: .whitespaces).first
        if let left { kill(left, SIGKILL) }
        #expect(result.status == 0 && left != nil, "\(result)")
        #expect(state != nil && state != "Z", "finish() waited for the program holding the output to end")
    }

    /// Programs are started in one place only, `ChildProcess`, with one policy: only the
    /// standard descriptors inherited (Foundation's `Process` and `Pipe` leave descriptors to
    /// every child started meanwhile), no signal blocked, every action the default. rain, the
    /// tests (`RunningProcess`, `TmuxSession`) and `make stress` all start programs through it.
    @Test func programsAreStartedOnlyThroughChildProcess() throws {
        let package = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let spawning = try Regex(#"\bProcess\(\)|\bPipe\(\)|\bposix_spawnp?\(|\bv?fork\(\)|\bpopen\(|(^|[^.\w])system\([^_]"#)
        var found: [String] = [], read: Set<String> = []
        for folder in ["Sources", "Tests", "Stress", "Fuzz"] {
            let enumerator = try #require(FileManager.default.enumerator(at: package.appending(path: folder), includingPropertiesForKeys: nil))
            for case let file as URL in enumerator where file.pathExtension == "swift" {
                read.insert(file.lastPathComponent)
                guard file.lastPathComponent != "ChildProcess.swift" else { continue }
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() where line.contains(spawning) && !line.contains("#\"") {
                    found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(read.isSuperset(of: ["ChildProcess.swift", "RainProcess.swift", "Spawned.swift", "TestChildrenTests.swift"]),
                "the package's sources are not under \(package.path)")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
