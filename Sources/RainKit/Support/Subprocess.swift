import Glibc

/// Runs a program found on PATH with some input and collects what it prints: `ChildProcess` and
/// pipes, what Foundation's `Process` and `Pipe` did for the commands rain runs (crontab,
/// systemctl, notify-send, `--exec`).
struct Subprocess {
    struct Outcome {
        var status: Int32
        var output: String
        var error: String
        /// The time limit ran out: the process group was killed and its output cut short.
        var timedOut = false
    }

    /// How a command runs beyond its program and input.
    struct Limits {
        /// The longest it may run; then its process group is killed (SIGTERM, and SIGKILL a
        /// second later to what is left).
        var time: Duration?
        /// Called with the process group's ID once it runs (the child leads a group of its own
        /// when a time limit is given), so a caller can pass a signal on to it.
        var started: ((Int32) -> Void)?

        init(time: Duration? = nil, started: ((Int32) -> Void)? = nil) {
            self.time = time
            self.started = started
        }
    }

    /// Why nothing ran: the pipes or the spawn failed (not a program that ran and failed).
    struct LaunchFailure: Error {
        var reason: String
    }

    /// `command` with `arguments`, looked up on PATH by /usr/bin/env (127: not found); `input`
    /// goes to its standard input, which is then closed. `environment`: the child's whole
    /// environment, or nil for this process's.
    static func run(_ command: String, _ arguments: [String], input: String?,
                    environment: [String: String]? = nil, limits: Limits = Limits()) throws(LaunchFailure) -> Outcome {
        var pipes: [[Int32]] = []
        defer { for pipe in pipes { for end in pipe where end >= 0 { close(end) } } }
        for _ in 0..<3 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw LaunchFailure(reason: String(cString: strerror(errno))) }
            // Not inherited by children other threads spawn meanwhile, which would hold our pipes open.
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            pipes.append(ends)
        }
        let (stdin, stdout, stderr) = (pipes[0], pipes[1], pipes[2])

        // Through env, which looks the command up on PATH; a group of its own when there is a
        // time limit, so that killing it then takes what it started too.
        let arguments = ([command] + arguments).map { Array($0.utf8) }
        let standard = ChildProcess.Standard(input: stdin[0], output: stdout[1], error: stderr[1])
        let child: pid_t
        switch ChildProcess.spawn("/usr/bin/env", arguments, environment: environment, standard: standard, ownGroup: limits.time != nil) {
        case .success(let pid): child = pid
        case .failure(let failure): throw LaunchFailure(reason: failure.description)
        }
        for index in 0..<3 {
            let childEnd = index == 0 ? 0 : 1
            close(pipes[index][childEnd])
            pipes[index][childEnd] = -1
        }

        limits.started?(child)
        let deadline = limits.time.map { ContinuousClock.now + $0 }
        let (output, error, timedOut) = exchange(input: Array((input ?? "").utf8), stdin: &pipes[0][1],
                                                 stdout: stdout[0], stderr: stderr[0], deadline: deadline)
        var status: Int32 = 0
        if timedOut {
            status = stopGroup(child)
        } else {
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
        return Outcome(status: ChildProcess.exitStatus(status), output: String(decoding: output, as: UTF8.self),
                       error: String(decoding: error, as: UTF8.self), timedOut: timedOut)
    }

    /// SIGTERM to the group, and SIGKILL to whatever of it still runs a second later; the
    /// leader's wait status.
    private static func stopGroup(_ group: pid_t) -> Int32 {
        kill(-group, SIGTERM)
        var status: Int32 = 0
        var reaped = false
        for _ in 0..<20 {
            if !reaped { reaped = waitpid(group, &status, WNOHANG) == group }
            // Once the leader is reaped, a group with nobody left cannot be signalled.
            if reaped && kill(-group, 0) != 0 { return status }
            usleep(50_000)
        }
        kill(-group, SIGKILL)
        if !reaped { while waitpid(group, &status, 0) == -1 && errno == EINTR {} }
        return status
    }

    /// Writes `input` and reads both outputs at once, so a child that prints much before it has
    /// read everything never waits on us while we wait on it.
    /// Past `deadline` it stops and says so (the pipes may still be open then).
    private static func exchange(input: [UInt8], stdin: inout Int32, stdout: Int32, stderr: Int32,
                                 deadline: ContinuousClock.Instant?) -> ([UInt8], [UInt8], Bool) {
        var written = 0
        var collected: [[UInt8]] = [[], []]
        var open = [stdout, stderr]
        if input.isEmpty { close(stdin); stdin = -1 }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while stdin >= 0 || open.contains(where: { $0 >= 0 }) {
            var fds = [pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)]
                + open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var wait: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero {
                    if stdin >= 0 { close(stdin); stdin = -1 }
                    return (collected[0], collected[1], true)
                }
                wait = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            }
            guard poll(&fds, nfds_t(fds.count), wait) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            if stdin >= 0, fds[0].revents != 0 {
                let count = input[written...].withUnsafeBytes { write(stdin, $0.baseAddress, $0.count) }
                if count > 0 { written += count }
                if count < 0 && errno != EINTR && errno != EAGAIN || written == input.count {
                    close(stdin)
                    stdin = -1
                }
            }
            for index in 0..<2 where open[index] >= 0 && fds[index + 1].revents != 0 {
                let count = read(open[index], &buffer, buffer.count)
                if count > 0 {
                    collected[index].append(contentsOf: buffer[..<count])
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    open[index] = -1
                }
            }
        }
        return (collected[0], collected[1], false)
    }
}
