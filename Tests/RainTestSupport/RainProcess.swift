import Foundation
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
        _ name: String, _ arguments: [String], environment: [String: String], at now: Date, input: String? = nil
    ) async throws -> ProcessResult {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let clock = ["TZ": "UTC", "FAKETIME_DONT_FAKE_MONOTONIC": "1"]
        return try await RunningProcess(executable: "/usr/bin/faketime", arguments: ["-f", "@" + formatter.string(from: now), path(name)] + arguments,
                                        environment: environment.merging(clock) { $1 }, input: input).finish()
    }

    /// Runs a program that is not part of the package (an absolute path), with this process's environment.
    public static func runSystem(_ executable: String, _ arguments: [String], input: String? = nil) async throws -> ProcessResult {
        try await RunningProcess(executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment, input: input).finish()
    }

    /// Starts a program that is not part of the package (an absolute path) with `environment`
    /// (nothing inherited but PATH); `finish()` waits for it.
    public static func startSystem(_ executable: String, _ arguments: [String], environment: [String: String]) -> RunningProcess {
        RunningProcess(executable: executable, arguments: arguments, environment: environment, input: nil)
    }

    /// Starts `name`; `finish()` waits for it and collects its output.
    public static func start(
        _ name: String, _ arguments: [String], environment: [String: String], input: String? = nil
    ) -> RunningProcess {
        RunningProcess(executable: path(name), arguments: arguments, environment: environment, input: input)
    }
}

/// A started subprocess whose output is collected in the background as it comes.
public final class RunningProcess: Sendable {
    private let process: Process
    private let startError: String?
    private let collected = Mutex((output: [UInt8](), error: [UInt8]()))
    private let readers = DispatchGroup()

    init(executable: String, arguments: [String], environment: [String: String], input: String?) {
        let process = Process()
        self.process = process
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = environment
        environment["PATH"] = environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = environment
        let outputPipe = Pipe(), errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        if let input {
            let inputPipe = Pipe()
            process.standardInput = inputPipe
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try? inputPipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        }
        do {
            try process.run()
            startError = nil
        } catch {
            startError = "\(error)"
            return
        }
        for (handle, isOutput) in [(outputPipe.fileHandleForReading, true), (errorPipe.fileHandleForReading, false)] {
            readers.enter()
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    self.collected.withLock { if isOutput { $0.output += chunk } else { $0.error += chunk } }
                }
                self.readers.leave()
            }
        }
    }

    public var processIdentifier: Int32 { process.processIdentifier }

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

    public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to end, on a thread of its own: blocking a thread of Swift's small
    /// cooperative pool would hold up every other test that awaits.
    public func finish() async throws -> ProcessResult {
        if let startError { throw ProcessStartError(description: startError) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread { [self] in
                process.waitUntilExit()
                readers.wait()
                continuation.resume()
            }
        }
        return ProcessResult(status: process.terminationStatus, output: output, error: error)
    }
}

struct ProcessStartError: Error, CustomStringConvertible {
    var description: String
}
