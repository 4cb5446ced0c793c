import Foundation
import Synchronization

/// What a finished subprocess left behind.
struct Outcome: Sendable {
    var status: Int32
    var output: [UInt8]
    var error: String
    var seconds: Double
    var killed: Bool

    var text: String { String(decoding: output, as: UTF8.self) }
}

/// A started subprocess with its output collected in the background.
final class Child: @unchecked Sendable {  // Process is used from one thread at a time here
    let process = Process()
    private let collected = Mutex((output: [UInt8](), error: [UInt8]()))
    private let readers = DispatchGroup()
    let started = Date()

    init(_ executable: String, _ arguments: [String], environment: [String: String], standardOutput: FileHandle? = nil) {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process.environment = environment
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let errorPipe = Pipe()
        process.standardError = errorPipe
        var pipes: [(FileHandle, Bool)] = [(errorPipe.fileHandleForReading, false)]
        if let standardOutput {
            process.standardOutput = standardOutput
        } else {
            let outputPipe = Pipe()
            process.standardOutput = outputPipe
            pipes.append((outputPipe.fileHandleForReading, true))
        }
        do { try process.run() } catch { fatalError("cannot start \(executable): \(error)") }
        for (handle, isOutput) in pipes {
            readers.enter()
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    collected.withLock { if isOutput { $0.output += chunk } else { $0.error += chunk } }
                }
                readers.leave()
            }
        }
    }

    var pid: Int32 { process.processIdentifier }
    var output: [UInt8] { collected.withLock { $0.output } }

    func wait() -> Outcome {
        process.waitUntilExit()
        readers.wait()
        let seconds = Date().timeIntervalSince(started)
        return collected.withLock {
            Outcome(status: process.terminationStatus, output: $0.output, error: String(decoding: $0.error, as: UTF8.self),
                    seconds: seconds, killed: process.terminationReason == .uncaughtSignal)
        }
    }
}

func run(_ executable: String, _ arguments: [String], environment: [String: String]) -> Outcome {
    Child(executable, arguments, environment: environment).wait()
}

/// A fresh folder that is removed at exit of the check using it.
func temporaryFolder(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "rain-stress-\(name)-" + UUID().uuidString.prefix(8).lowercased()
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func names(in folder: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
}

/// A counter shared by threads.
final class Counter: Sendable {
    private let value = Mutex(0)
    func add(_ amount: Int = 1) { value.withLock { $0 += amount } }
    var count: Int { value.withLock { $0 } }
}

/// A running `forecast-simulator` with one behaviour; stopped by `stop()`.
final class Simulator: @unchecked Sendable {
    let child: Child
    let port: Int

    init(_ executable: String, key: String, arguments: [String] = []) {
        child = Child(executable, ["--key", key] + arguments, environment: [:])
        let deadline = Date().addingTimeInterval(30)
        var port = 0
        while Date() < deadline {
            let text = String(decoding: child.output, as: UTF8.self)
            if let line = text.split(separator: "\n").first, text.contains("\n"), let value = Int(line.trimmingCharacters(in: .whitespaces)) {
                port = value
                break
            }
            usleep(2000)
        }
        guard port > 0 else { fatalError("forecast-simulator did not say its port") }
        self.port = port
    }

    var baseURL: String { "http://127.0.0.1:\(port)/forecast/" }

    /// Stops it (once) and returns what it wrote: one line per request on stderr.
    @discardableResult
    func stop() -> Outcome {
        if child.process.isRunning { child.process.terminate() }
        return child.wait()
    }
}

/// One figure line of the report.
func report(_ check: String, _ text: String, ok: Bool) {
    print("\(ok ? "ok  " : "FAIL") \(check.padding(toLength: 10, withPad: " ", startingAt: 0)) \(text)")
    fflush(nil)  // all streams: stdout is a C global Swift 6 will not touch
    if !ok { failures.add() }
}

let failures = Counter()
