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
        /// The signal that ended it (`status` is then 128 and its number, as a shell says).
        var signal: Int32?
        /// It printed more than `Limits.keptOutput` on its standard output: `output` is the end.
        var outputCut = false
    }

    /// How a command runs beyond its program and input.
    struct Limits {
        /// The longest it and what it starts in its process group may run: then the group is
        /// stopped (SIGTERM, and SIGKILL a second later to what is left). A job it leaves in
        /// the background is given the rest of that time after it exits, then stopped, so
        /// that nothing it started outlives rain: rain waits for it, unless `leftovers` is
        /// given.
        var time: Duration?
        /// Where the group goes when the command exits and leaves a job in the background:
        /// `run` returns at once and the job runs on beside what rain does next, until the
        /// time limit or `LeftoverGroups.stopAll`.
        var leftovers: LeftoverGroups?
        /// Called with the process group's ID once it runs (the child leads a group of its own
        /// when a time limit is given), so a caller can pass a signal on to it.
        var started: ((Int32) -> Void)?
        /// The most bytes of its standard output and of its standard error kept (the last
        /// ones); the rest is read and dropped, so that a command that prints without end
        /// never fills rain's memory. Of stderr every program's last 4 KB (`keptErrorTail`).
        var keptOutput: Int
        var keptError: Int

        init(time: Duration? = nil, leftovers: LeftoverGroups? = nil, started: ((Int32) -> Void)? = nil, keptOutput: Int = .max,
             keptError: Int = Subprocess.keptErrorTail) {
            self.time = time
            self.leftovers = leftovers
            self.started = started
            self.keptOutput = keptOutput
            self.keptError = keptError
        }
    }

    /// How long crontab and systemctl may take. Both answer at once in practice (a table
    /// written, a message to the user manager, whose own calls time out at 25 s); a minute is
    /// generous on a loaded machine and a slow disk, and `rain cron --install` from a script
    /// never hangs for good on one that does not answer.
    static let schedulerTime = Duration.seconds(60)

    /// That limit in words ("1 min").
    static var schedulerTimeWords: LocalizedText { .duration(seconds: Int(schedulerTime.components.seconds)) }

    /// What is said of crontab or systemctl stopped at that limit: "took over 1 min: stopped".
    static var stoppedAtSchedulerTime: LocalizedText {
        LocalizedText(N_("took over {duration}: stopped"), ["duration": schedulerTimeWords])
    }

    /// The most bytes of the end of a program's standard error kept (`Limits.keptError`): where
    /// its reason is, while a flood of it cannot fill rain's memory. Every program rain runs
    /// keeps this much.
    static let keptErrorTail = 4 << 10

    /// `error` (what was kept of a stderr, `keptErrorTail`) without its first line when the
    /// limit may have cut that line.
    static func wholeLines(of error: String) -> String {
        guard error.utf8.count >= keptErrorTail, let newline = error.firstIndex(of: "\n") else { return error }
        return String(error[error.index(after: newline)...])
    }

    /// Why nothing ran: the pipes or the spawn failed (not a program that ran and failed).
    struct LaunchFailure: Error {
        var reason: String
    }

    /// `command` with `arguments`, looked up on PATH by /usr/bin/env (127: not found); `input`
    /// goes to its standard input, which is then closed. `environment`: the child's variables,
    /// which never hold the API key (`ChildEnvironment`), and `extra` set over them.
    static func run(_ command: String, _ arguments: [String], input: String?, environment: ChildEnvironment,
                    extra: [String: String] = [:], limits: Limits = Limits()) throws(LaunchFailure) -> Outcome {
        let environment = extra.isEmpty ? environment.variables : environment.merging(extra)
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
        let watchdog = limits.time == nil ? nil : GroupWatchdog(guarding: child)
        let deadline = limits.time.map { ContinuousClock.now + $0 }
        var exchange = Exchange(input: Array((input ?? "").utf8), stdin: pipes[0][1], outputs: [stdout[0], stderr[0]],
                                kept: [limits.keptOutput, limits.keptError])
        // The exchange closes its ends.
        (pipes[0][1], pipes[1][0], pipes[2][0]) = (-1, -1, -1)
        let ended = exchange.run(child: child, deadline: deadline)
        let status = ended ?? stopGroup(child, besides: watchdog?.pid)
        if ended != nil, let deadline, let watchdog, let leftovers = limits.leftovers {
            leftovers.keep(child, until: deadline, watchdog: watchdog)
        } else {
            if let ended, let deadline { endGroup(child, leaderStatus: ended, by: deadline, besides: watchdog?.pid) }
            // After the group's end: a rain killed while it waits for the group still takes it along.
            watchdog?.standDown()
        }
        return Outcome(status: ChildProcess.exitStatus(status), output: String(decoding: exchange.collected[0], as: UTF8.self),
                       error: String(decoding: exchange.collected[1], as: UTF8.self), timedOut: ended == nil,
                       signal: status & 0x7F == 0 ? nil : status & 0x7F, outputCut: exchange.cut[0])
    }

    /// Waits until nobody of the group the leader left behind runs (its jobs in the
    /// background), or until `deadline`, and then stops what is left.
    private static func endGroup(_ group: pid_t, leaderStatus: Int32, by deadline: ContinuousClock.Instant, besides watchdog: pid_t?) {
        while ProcessGroup.runs(group, besides: watchdog) {
            if ContinuousClock.now >= deadline {
                _ = stopGroup(group, leaderStatus: leaderStatus, besides: watchdog)
                return
            }
            usleep(100_000)
        }
    }

    /// SIGTERM to the group, and SIGKILL to whatever of it still runs a second later; the
    /// leader's wait status (`leaderStatus` when it was reaped already).
    private static func stopGroup(_ group: pid_t, leaderStatus: Int32? = nil, besides watchdog: pid_t?) -> Int32 {
        kill(-group, SIGTERM)
        var status: Int32 = leaderStatus ?? 0
        var reaped = leaderStatus != nil
        for _ in 0..<20 {
            if !reaped { reaped = waitpid(group, &status, WNOHANG) == group }
            // The watchdog ignores the SIGTERM, and is reaped only when it stands down.
            if reaped && !ProcessGroup.runs(group, besides: watchdog) { return status }
            usleep(50_000)
        }
        kill(-group, SIGKILL)
        if !reaped { while waitpid(group, &status, 0) == -1 && errno == EINTR {} }
        // A killed process ends when it is next scheduled, which on a loaded machine can be
        // after rain has gone; a second more at most (one stuck in the kernel may never end).
        var waits = 0
        while waits < 20 && ProcessGroup.runs(group, besides: watchdog) {
            usleep(50_000)
            waits += 1
        }
        return status
    }
}

/// Writes a child's input and reads both its outputs at once, so a child that prints much
/// before it has read everything never waits on us while we wait on it. It ends when the child
/// has exited, not when its pipes close: a job it left running in the background may hold
/// them open for as long as it runs.
private struct Exchange {
    let input: [UInt8]
    var stdin: Int32
    var outputs: [Int32]
    let kept: [Int]
    var collected: [[UInt8]] = [[], []]
    /// Whether more came than was kept, of each output.
    var cut = [false, false]
    private var written = 0
    private var buffer = [UInt8](repeating: 0, count: 65536)

    /// How long a child that neither prints nor closes its pipes is waited for before the next
    /// check of whether it exited, in microseconds: from `firstCheck`, doubled at each quiet
    /// check up to `exitCheck`, so a quick command is seen to end within a fraction of a
    /// millisecond (its pipes close just before it can be reaped) and a slow one costs ten
    /// checks a second.
    private static let firstCheck = 100
    private static let exitCheck = 100_000
    /// What is read after the child exited at most: more than any pipe holds (1 MiB, Linux's
    /// pipe-max-size), less than a background job that prints without end would give.
    private static let drainedAfterExit = 1 << 20

    init(input: [UInt8], stdin: Int32, outputs: [Int32], kept: [Int]) {
        self.input = input
        self.stdin = stdin
        self.outputs = outputs
        self.kept = kept
        if input.isEmpty { closeInput() }
        // A write to a pipe that blocks waits until all of it fits, and poll only says that
        // some fits: an input larger than the pipe to a child that does not read it (or
        // prints before it reads) would hold rain in the write, past the time limit, with
        // nothing read meanwhile. Non-blocking, each write takes what fits (its child's end,
        // another open file, stays as it was).
        for end in [stdin] + outputs where end >= 0 { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }

    /// The child's wait status once it exited, or nil past `deadline` (then it still runs).
    /// Every descriptor of the exchange is closed on return.
    mutating func run(child: pid_t, deadline: ContinuousClock.Instant?) -> Int32? {
        defer { closeInput(); closeOutputs() }
        var status: Int32 = 0
        var pause = Self.firstCheck
        while true {
            var wait = pause
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero { return nil }
                wait = min(wait, Int(clamping: left.components.seconds * 1_000_000 + left.components.attoseconds / 1_000_000_000_000 + 1))
            }
            if outputs.allSatisfy({ $0 < 0 }) && stdin < 0 {
                // Nothing left to exchange: only the child's exit to wait for.
                if deadline == nil {
                    while waitpid(child, &status, 0) == -1 && errno == EINTR {}
                    return status
                }
                if waitpid(child, &status, WNOHANG) == child { return status }
                usleep(useconds_t(wait))
            } else {
                let exchanged = step(wait: Int32((wait + 999) / 1000))
                if waitpid(child, &status, WNOHANG) == child {
                    drain()
                    return status
                }
                if exchanged { pause = Self.firstCheck; continue }
            }
            pause = min(pause * 2, Self.exitCheck)
        }
    }

    /// One poll of the pipes and what it allows: a write of input, a read of each output.
    /// False when nothing was ready.
    @discardableResult
    private mutating func step(wait: Int32) -> Bool {
        var fds = [pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)]
            + outputs.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&fds, nfds_t(fds.count), wait)
        guard ready > 0 else {
            if ready < 0 && errno != EINTR && errno != EAGAIN { closeInput(); closeOutputs() }
            return false
        }
        if stdin >= 0, fds[0].revents != 0 {
            let count = input[written...].withUnsafeBytes { write(stdin, $0.baseAddress, $0.count) }
            if count > 0 { written += count }
            if count < 0 && errno != EINTR && errno != EAGAIN || written == input.count { closeInput() }
        }
        for index in 0..<2 where outputs[index] >= 0 && fds[index + 1].revents != 0 {
            let count = read(outputs[index], &buffer, buffer.count)
            if count > 0 {
                keep(buffer[..<count], index)
            } else if count == 0 || errno != EINTR && errno != EAGAIN {
                close(outputs[index])
                outputs[index] = -1
            }
        }
        return true
    }

    /// Reads what the child left in its pipes when it exited, without waiting for more.
    private mutating func drain() {
        closeInput()
        var budget = Self.drainedAfterExit
        while budget > 0, outputs.contains(where: { $0 >= 0 }), step(wait: 0) { budget -= buffer.count }
    }

    private mutating func keep(_ bytes: ArraySlice<UInt8>, _ index: Int) {
        let limit = kept[index]
        if bytes.count > limit - collected[index].count { cut[index] = true }
        guard limit > 0 else { return }
        collected[index].append(contentsOf: bytes.suffix(limit))
        let over = collected[index].count - limit
        if over > 0 { collected[index].removeFirst(over) }
    }

    private mutating func closeInput() {
        if stdin >= 0 { close(stdin); stdin = -1 }
    }

    private mutating func closeOutputs() {
        for index in outputs.indices where outputs[index] >= 0 { close(outputs[index]); outputs[index] = -1 }
    }
}
