import Foundation
import RainKit
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

/// A started subprocess with its output collected in the background, started as rain starts
/// programs (`ChildProcess`).
final class Child: Sendable {
    let pid: pid_t
    let started = Date()
    private let collected = Mutex((output: [UInt8](), error: [UInt8]()))
    private let readers = DispatchGroup()
    /// The wait status, once the child has been reaped.
    private let ended = Mutex<Int32?>(nil)

    /// `standardOutput`: a descriptor the child writes to (a terminal's), else a pipe read here.
    init(_ executable: String, _ arguments: [String], environment: [String: String], standardOutput: Int32? = nil) {
        var environment = environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        func makePipe() -> [Int32] {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { fatalError("no pipe: \(errno)") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return ends
        }
        let errorPipe = makePipe(), outputPipe = standardOutput == nil ? makePipe() : nil
        let standard = ChildProcess.Standard(input: nil, output: standardOutput ?? outputPipe![1], error: errorPipe[1])
        let spawned = ChildProcess.spawn(executable, arguments.map { Array($0.utf8) }, environment: environment,
                                         standard: standard, ownGroup: false)
        close(errorPipe[1])
        if let outputPipe { close(outputPipe[1]) }
        guard case .success(let pid) = spawned else { fatalError("cannot start \(executable): \(spawned)") }
        self.pid = pid
        for (descriptor, isOutput) in [(errorPipe[0], false)] + (outputPipe.map { [($0[0], true)] } ?? []) {
            readers.enter()
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    collected.withLock { if isOutput { $0.output += buffer[..<count] } else { $0.error += buffer[..<count] } }
                }
                close(descriptor)
                readers.leave()
            }
        }
    }

    var output: [UInt8] { collected.withLock { $0.output } }

    var isRunning: Bool {
        ended.withLock { ended in
            guard ended == nil else { return false }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return true }
            ended = status
            return false
        }
    }

    func terminate() { kill(pid, SIGTERM) }

    /// Waits for it to end and for its output; its status is the exit status, or the number of
    /// the signal that ended it.
    func wait() -> Outcome {
        var status: Int32 = 0
        while ended.withLock({ $0 }) == nil {
            let reaped = waitpid(pid, &status, 0)
            if reaped == pid { ended.withLock { $0 = status } }
            if reaped == -1 && errno != EINTR { break }  // reaped by `isRunning` meanwhile
        }
        status = ended.withLock { $0 } ?? status
        readers.wait()
        let seconds = Date().timeIntervalSince(started)
        let signalled = status & 0x7F != 0
        return collected.withLock {
            Outcome(status: signalled ? status & 0x7F : (status >> 8) & 0xFF, output: $0.output,
                    error: String(decoding: $0.error, as: UTF8.self), seconds: seconds, killed: signalled)
        }
    }
}

/// Every service URL rain has, at `root` (a simulator, or a loopback port nothing listens on).
func servicesEnvironment(at root: String) -> [String: String] {
    ["RAIN_BASE_URL": root + "/forecast/", "RAIN_OPENMETEO_URL": root + "/v1/forecast", "RAIN_GEOCODING_URL": root + "/v1/search",
     "RAIN_IP_LOCATION_URL": root + "/json", "RAIN_NWS_URL": root + "/alerts/active",
     "RAIN_METALERTS_URL": root + "/weatherapi/metalerts/2.0/current.json", "RAIN_AIR_QUALITY_URL": root + "/v1/air-quality",
     "RAIN_ENSEMBLE_URL": root + "/v1/ensemble"]
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

    /// `variables` with every service rain asks (forecasts, alerts, the air, names, where am I)
    /// at this simulator, so that nothing a check runs leaves the machine.
    func environment(_ variables: [String: String]) -> [String: String] {
        servicesEnvironment(at: "http://127.0.0.1:\(port)").merging(variables) { $1 }
    }

    /// Stops it (once) and returns what it wrote: one line per request on stderr.
    @discardableResult
    func stop() -> Outcome {
        if child.isRunning { child.terminate() }
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
