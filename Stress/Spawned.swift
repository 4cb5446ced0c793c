import Foundation
import RainKit
import Synchronization

/// A finished process started by `spawn`: its status (or the signal that ended it), what it
/// wrote, its peak memory and whether it had to be killed.
struct Spawned {
    var status: Int32
    var signal: Int32?
    var output: [UInt8]
    var error: String
    /// The largest VmHWM read from /proc while it ran (every 1 ms; wait4's ru_maxrss would count
    /// the spawning process's memory, which a vfork'd child shares until its exec).
    var peakKilobytes: Int
    var seconds: Double
    /// Still running at the time limit: killed (SIGKILL), the check's "hang".
    var hung: Bool

    var text: String { String(decoding: output, as: UTF8.self) }
    /// Ended by a signal it did not ask for: a crash (or the kill of a hang).
    var crashed: Bool { signal != nil }
}

/// Starts `executable` with arguments given as bytes (any bytes: what a shell passes when a
/// name is not UTF-8), an environment of its own (PATH added), as rain starts programs
/// (`ChildProcess`: no signal blocked, every action the default), and waits for
/// it at most `limit` seconds. Standard input is /dev/null unless `terminal` is given: then a
/// pseudo-terminal's slave is its standard input and output, and `interact` is called with the
/// master and the process ID once it runs (to read the screen, type keys, send signals).
func spawn(_ executable: String, _ arguments: [[UInt8]], environment: [String: String], limit: Double = 20,
           terminal: (slave: Int32, master: Int32)? = nil, interact: ((Int32, pid_t) -> Void)? = nil) -> Spawned {
    var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
    guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else { fatalError("no pipe: \(errno)") }
    var variables = environment
    variables["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let standard = terminal.map { ChildProcess.Standard(input: $0.slave, output: $0.slave, error: errorPipe[1]) }
        ?? ChildProcess.Standard(input: nil, output: outputPipe[1], error: errorPipe[1])
    let started = Date()
    let spawned = ChildProcess.spawn(executable, arguments, environment: variables, standard: standard, ownGroup: false)
    close(outputPipe[1])
    close(errorPipe[1])
    guard case .success(let pid) = spawned else { fatalError("cannot start \(executable): \(spawned)") }

    let collected = Mutex((output: [UInt8](), error: [UInt8]()))
    let readers = DispatchGroup()
    for (descriptor, isOutput) in [(outputPipe[0], true), (errorPipe[0], false)] {
        readers.enter()
        Thread.detachNewThread {
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
    if let terminal, let interact { interact(terminal.master, pid) }
    // Its heap may not grow past 1 GB: a read without a bound ends in a crash, counted as such.
    var bound = rlimit(rlim_cur: 1 << 30, rlim_max: 1 << 30)
    _ = processLimit(pid, Int32(RLIMIT_DATA.rawValue), &bound, nil)
    var status: Int32 = 0
    var hung = false
    var peak = 0
    while true {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
            peak = max(peak, kilobytes)
        }
        let done = waitpid(pid, &status, WNOHANG)
        if done == pid { break }
        if done < 0 && errno != EINTR { break }
        if Date().timeIntervalSince(started) > limit && !hung {
            hung = true
            kill(pid, SIGKILL)
        }
        usleep(1_000)
    }
    let seconds = Date().timeIntervalSince(started)
    if terminal == nil { readers.wait() } else { _ = readers.wait(timeout: .now() + 2) }
    let exited = status & 0x7f == 0
    return collected.withLock {
        Spawned(status: ChildProcess.exitStatus(status), signal: exited ? nil : status & 0x7f,
                output: $0.output, error: String(decoding: $0.error, as: UTF8.self), peakKilobytes: peak,
                seconds: seconds, hung: hung)
    }
}

/// A pseudo-terminal `width` x `height`: (slave, master), or nil.
func openTerminal(width: Int, height: Int) -> (slave: Int32, master: Int32)? {
    let master = pseudoTerminalOpen(O_RDWR | O_NOCTTY)
    guard master >= 0, pseudoTerminalGrant(master) == 0, pseudoTerminalUnlock(master) == 0, let name = pseudoTerminalName(master) else { return nil }
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = open(name, O_RDWR | O_NOCTTY)
    guard slave >= 0 else {
        close(master)
        return nil
    }
    return (slave, master)
}

/// Reads what the master of a pseudo-terminal has, for up to `seconds` or until `enough` says so.
func readTerminal(_ master: Int32, seconds: Double, into collected: inout [UInt8], until enough: ([UInt8]) -> Bool = { _ in false }) {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 8192)
    while Date() < deadline && !enough(collected) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 20) > 0 else { continue }
        let count = read(master, &buffer, buffer.count)
        if count <= 0 { return }
        collected += buffer[..<count]
    }
}

/// Characters that must never reach a terminal from rain: C0 but the line ends, DEL, C1, the
/// line and paragraph separators, the bidirectional controls and what shows as nothing.
func isForbidden(_ scalar: Unicode.Scalar, allowingEscapes: Bool = false) -> Bool {
    if scalar == "\n" || scalar == "\r" { return false }
    if allowingEscapes && scalar == "\u{1B}" { return false }
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: return true
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return false
    case 0xFFF9...0xFFFB: return true
    default: return scalar.value >= 0xAD && scalar.properties.isDefaultIgnorableCodePoint
    }
}

// Glibc's headers hide it without _GNU_SOURCE; the function is there.
@_silgen_name("prlimit") func processLimit(_ pid: pid_t, _ resource: Int32, _ new: UnsafePointer<rlimit>?, _ old: UnsafeMutablePointer<rlimit>?) -> Int32
