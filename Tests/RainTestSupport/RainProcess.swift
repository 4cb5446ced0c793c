import Foundation
import RainKit
import Synchronization

/// What a finished process left behind.
public struct ProcessResult: Sendable, CustomStringConvertible {
    public var status: Int32
    public var output: String
    public var error: String

    public var description: String { "exit \(status)\nstdout: \(output)\nstderr: \(error)" }
}

/// Runs the built executables of this package as real subprocesses.
public enum BuiltProduct {
    /// The folder the test bundle was built into; the package's executables are beside it.
    public static var folder: String {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" && !url.lastPathComponent.hasSuffix(".xctest") {
            url.deleteLastPathComponent()
        }
        if url.path == "/" {
            // Swift Testing's own runner: look for the products folder next to it.
            url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        }
        return url.deletingLastPathComponent().path
    }

    public static func path(_ name: String) -> String { folder + "/" + name }

    /// Runs `name` with `arguments` and `environment` (nothing inherited but PATH), standard
    /// input from `input` (or /dev/null), and waits for it.
    public static func run(
        _ name: String, _ arguments: [String], environment: [String: String], input: String? = nil
    ) async throws -> ProcessResult {
        try await start(name, arguments, environment: environment, input: input).finish()
    }

    /// Runs `name` as `run` does, but with its clock set to `now` when it starts (Debian's
    /// `faketime`, which `make test` installs; monotonic clocks, which time-outs use, keep going).
    public static func run(
        _ name: String, _ arguments: [String], environment: [String: String], at now: Date, input: String? = nil,
        limit: Duration = RunningProcess.hangLimit
    ) async throws -> ProcessResult {
        // The moment in seconds since 1970 (libfaketime reads a date in the local zone, and a
        // test may give `TZ`); the machine's zone is UTC unless the test gives one.
        let clock = ["TZ": "UTC", "FAKETIME_DONT_FAKE_MONOTONIC": "1", "FAKETIME_FMT": "%s"]
        let moment = "@\(Int64(now.timeIntervalSince1970.rounded(.down)))"
        FaketimeLeftovers.sweep()
        return try await RunningProcess(executable: "/usr/bin/faketime", arguments: ["-f", moment, path(name)] + arguments,
                                        environment: environment.merging(clock) { given, _ in given }, input: input).finish(limit: limit)
    }

    /// Runs a program that is not part of the package (an absolute path), with this process's environment.
    public static func runSystem(_ executable: String, _ arguments: [String], input: String? = nil) async throws -> ProcessResult {
        try await RunningProcess(executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment, input: input).finish()
    }

    /// Starts a program that is not part of the package (an absolute path) with `environment`
    /// (this process's unless given; PATH always); `finish()` waits for it.
    public static func startSystem(_ executable: String, _ arguments: [String],
                                   environment: [String: String] = ProcessInfo.processInfo.environment) -> RunningProcess {
        RunningProcess(executable: executable, arguments: arguments, environment: environment, input: nil)
    }

    /// Starts `name`; `finish()` waits for it and collects its output.
    public static func start(
        _ name: String, _ arguments: [String], environment: [String: String], input: String? = nil
    ) -> RunningProcess {
        RunningProcess(executable: path(name), arguments: arguments, environment: environment, input: input)
    }
}

/// A started subprocess whose output is collected in the background as it comes. Spawned with
/// `ChildProcess` (rain's own spawn: only the standard descriptors inherited, no signal
/// blocked, every signal's action the default), in a process group of its own, as Foundation's
/// `Process` spawns, but without `Process.run()`, which on Linux reads past a buffer while it
/// lists /proc/self/fd and crashed a whole test run now and then (swift-corelibs-foundation
/// pull request 5472). A pipe another test opened meanwhile without close-on-exec would
/// otherwise be held open by the child, and by a tmux server for as long as it runs: a CI run
/// once stalled for good, a test reading msgfmt's output to its end while tmux servers held
/// the pipe's other end.
public final class RunningProcess: Sendable {
    private let pid: pid_t
    private let startError: String?
    private let collected = Mutex((output: [UInt8](), error: [UInt8]()))
    private let readers = DispatchGroup()

    /// rain asks for the air beside every forecast, from the real service unless told
    /// otherwise; no test may reach it. A test that does not name one gets the simulator's that
    /// serves its forecasts (every simulator serves `/v1/air-quality`), else a port nobody
    /// listens on.
    static func airQualityURL(for environment: [String: String]) -> String {
        for key in ["RAIN_OPENMETEO_URL", "RAIN_BASE_URL"] {
            guard let url = environment[key], let schemeEnd = url.range(of: "://") else { continue }
            let rest = url[schemeEnd.upperBound...]
            let root = url[..<(rest.firstIndex(of: "/") ?? url.endIndex)]
            let host = root.dropFirst(url.distance(from: url.startIndex, to: schemeEnd.upperBound))
            guard host.hasPrefix("127.") || host.hasPrefix("[::1]") || host.hasPrefix("localhost") else { continue }
            return root + "/v1/air-quality"
        }
        return "http://127.0.0.1:1/v1/air-quality"
    }

    init(executable: String, arguments: [String], environment: [String: String], input: String?) {
        var environment = environment
        environment["PATH"] = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        // Tests run under libfaketime (the clock set to an hour a test may depend on, near
        // midnight) give that clock to the programs they start, as to the simulator in process.
        // Not to `faketime` (`run(at:)`), which sets a clock of its own.
        let inherited = ProcessInfo.processInfo.environment
        if inherited["FAKETIME"] != nil, !executable.hasSuffix("/faketime") {
            for (name, value) in inherited where name == "LD_PRELOAD" || name.hasPrefix("FAKETIME") {
                environment[name] = environment[name] ?? value
            }
        }
        environment["RAIN_AIR_QUALITY_URL"] = environment["RAIN_AIR_QUALITY_URL"] ?? Self.airQualityURL(for: environment)
        // `show --spread` asks the ensemble: at the same loopback root, never the real service.
        environment["RAIN_ENSEMBLE_URL"] = environment["RAIN_ENSEMBLE_URL"]
            ?? String(Self.airQualityURL(for: environment).dropLast("/v1/air-quality".count)) + "/v1/ensemble"
        func makePipe() -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return (-1, -1) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }
        let output = makePipe(), error = makePipe(), standardInput = input.map { _ in makePipe() }
        let standard = ChildProcess.Standard(input: standardInput?.read, output: output.write, error: error.write)
        var spawned: Int32 = 0
        var child = pid_t()
        if output.read < 0 || error.read < 0 || standardInput?.read == -1 {
            spawned = errno
        } else {
            switch ChildProcess.spawn(executable, arguments.map { Array($0.utf8) }, environment: environment, standard: standard, ownGroup: true) {
            case .success(let pid): child = pid
            case .failure(let failure): spawned = failure.errno
            }
        }
        for end in [output.write, error.write, standardInput?.read ?? -1] where end >= 0 { close(end) }
        pid = child
        guard spawned == 0 else {
            startError = "\(executable): \(String(cString: strerror(spawned)))"
            for end in [output.read, error.read, standardInput?.write ?? -1] where end >= 0 { close(end) }
            return
        }
        startError = nil
        if let standardInput, let input {
            Self.ignoreBrokenPipes
            Thread.detachNewThread {
                FileDescriptorWriter.writeAll(Array(input.utf8), to: standardInput.write)
                close(standardInput.write)
            }
        }
        for (descriptor, isOutput) in [(output.read, true), (error.read, false)] {
            readers.enter()
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    let chunk = buffer[..<count]
                    self.collected.withLock { if isOutput { $0.output += chunk } else { $0.error += chunk } }
                }
                close(descriptor)
                self.readers.leave()
            }
        }
    }

    /// A child that ends before taking all its input makes the write fail with EPIPE instead
    /// of killing the test process (children start with every signal's default action).
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    public var processIdentifier: Int32 { pid }

    /// What the process has written to standard output so far.
    public var output: String { collected.withLock { String(decoding: $0.output, as: UTF8.self) } }
    public var error: String { collected.withLock { String(decoding: $0.error, as: UTF8.self) } }

    /// Waits until standard output contains `text`; false when `limit` passes first (the
    /// limit only bounds a hung test, it asserts nothing about speed).
    public func waitForOutput(containing text: String, limit: Duration = .seconds(30)) async -> Bool {
        await waitForOutput(matching: { $0.contains(text) }, limit: limit)
    }

    /// Waits until standard output so far satisfies `condition`; false when `limit` passes first.
    public func waitForOutput(matching condition: (String) -> Bool, limit: Duration = .seconds(30)) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if condition(output) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(output)
    }

    public func send(_ signal: Int32) { if pid > 0 { kill(pid, signal) } }

    /// Waits for the process to end, on a thread of its own: blocking a thread of Swift's small
    /// cooperative pool would hold up every other test that awaits.
    public func finish(limit: Duration = RunningProcess.hangLimit) async throws -> ProcessResult {
        if let startError { throw ProcessStartError(description: startError) }
        return await withCheckedContinuation { (continuation: CheckedContinuation<ProcessResult, Never>) in
            Thread.detachNewThread { [self] in continuation.resume(returning: waitForEnd(limit: limit)) }
        }
    }

    /// Waits for the process to end on the calling thread, for code that cannot await (a
    /// static's first use): it holds that thread, a cooperative one in a test, until then.
    public func finishBlocking(limit: Duration = RunningProcess.hangLimit) throws -> ProcessResult {
        if let startError { throw ProcessStartError(description: startError) }
        return waitForEnd(limit: limit)
    }

    /// How long a child may run before its process group is killed: it only bounds a hung
    /// test, so that it fails (status 9, SIGKILL's number) rather than stalling the whole run.
    public static let hangLimit = Duration.seconds(600)

    /// The status is the exit status, or the number of the signal that ended it (as
    /// `Process.terminationStatus`).
    private func waitForEnd(limit: Duration) -> ProcessResult {
        let pid = pid
        let (seconds, attoseconds) = limit.components
        let deadline = DispatchTime.now() + Double(seconds) + Double(attoseconds) / 1e18
        // The child is waited for without being reaped (WNOWAIT) and reaped last: until then
        // its ID, and its group's, name no other process that a kill could reach.
        let state = Mutex((ended: false, killed: false))
        let killer = DispatchWorkItem { state.withLock { if !$0.ended { $0.killed = Self.killGroup(of: pid) } } }
        DispatchQueue.global().asyncAfter(deadline: deadline, execute: killer)
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        let killed = state.withLock { $0.ended = true; return $0.killed }
        killer.cancel()
        // What it left running may hold its output open: its group is killed at the limit, and
        // what came by then (or soon after a kill) is what it said.
        if readers.wait(timeout: killed ? .now() + 2 : max(deadline, .now() + 2)) == .timedOut && !killed {
            _ = Self.killGroup(of: pid)
            _ = readers.wait(timeout: .now() + 2)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return ProcessResult(status: status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F, output: output, error: error)
    }

    /// SIGKILL to the child's process group, or to the child alone when it has left the group.
    private static func killGroup(of pid: pid_t) -> Bool {
        Glibc.kill(-pid, SIGKILL) == 0 || Glibc.kill(pid, SIGKILL) == 0
    }
}

/// Writes all of a buffer to a descriptor, as far as it takes it.
enum FileDescriptorWriter {
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            written += count
        }
    }
}

struct ProcessStartError: Error, CustomStringConvertible {
    var description: String
}
