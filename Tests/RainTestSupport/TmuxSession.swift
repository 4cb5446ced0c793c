import Foundation

/// A detached tmux server of its own (socket in a given folder) running one command in a
/// pseudo-terminal of a fixed size: tests send keys and read the screen as a person would.
/// Always `kill()` it, in a `defer`.
public final class TmuxSession: Sendable {
    public struct Timeout: Error, CustomStringConvertible {
        public var expected: String
        public var screen: String
        public var description: String { "never saw '\(expected)' on the screen; it last showed:\n\(screen)" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let socket: String

    /// Starts `shellCommand` (run by /bin/sh) in a `width` x `height` terminal.
    public init(folder: String, shellCommand: String, width: Int = 80, height: Int = 24) throws {
        socket = folder + "/tmux.sock"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "rain", "-x", "\(width)", "-y", "\(height)",
                  "/bin/sh", "-c", shellCommand])
        // A test process that is killed runs no `defer`, and its sessions would go on running
        // (a `rain watch` refreshing every second disturbed a benchmark): a watcher, detached,
        // ends the server within a second of this process ending, or itself when the server has.
        let quoted = "'" + socket + "'"
        try run(["/bin/sh", "-c", "(while kill -0 \(getpid()) 2>/dev/null && [ -S \(quoted) ]; do sleep 1; done; "
                 + "tmux -S \(quoted) kill-server) </dev/null >/dev/null 2>&1 &"])
    }

    public static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Key names as tmux's send-keys knows them: "Down", "Space", "Enter", "Escape", "C-c", "q".
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "rain"] + keys)
    }

    /// The visible screen as text; with `escapes`, with its colours and attributes as SGR.
    public func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "rain"] + (escapes ? ["-e"] : []))
    }

    /// A tmux format about the pane, e.g. "#{alternate_on}" (1 while the alternate screen shows)
    /// or "#{cursor_flag}" (1 while the cursor is visible).
    public func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "rain", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "rain", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until it shows `text`; throws `Timeout` with the last screen after `limit`.
    @discardableResult
    public func waitForScreen(containing text: String, limit: Duration = .seconds(15)) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        // The screen is looked at once more after the deadline: a test process that was busy
        // elsewhere until then must not fail on a screen it took before the wait.
        while true {
            let last = try screen()
            if last.contains(text) { return last }
            guard clock.now < deadline else { throw Timeout(expected: text, screen: last) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    public func kill() {
        _ = try? tmux(["kill-server"])
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try run(["tmux", "-S", socket] + arguments)
    }

    /// Runs a program (tmux, or a shell) and waits for it with posix_spawn and waitpid: its
    /// output goes through files, since the server it starts outlives the call.
    @discardableResult
    private func run(_ argv: [String]) throws -> String {
        let output = socket + ".out"
        let errors = socket + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        InheritedDescriptors.closeAllButStandard(in: &actions)
        // The calling thread may block signals (test runner threads do); the tmux server must
        // start with none blocked and default handling, or it never sees its panes end.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        sigdelset(&allSignals, SIGKILL)
        sigdelset(&allSignals, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil  // also when the tests themselves run inside tmux
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard spawned == 0 else { throw Failure(description: "cannot start \(argv[0]): \(String(cString: strerror(spawned)))") }
        // A tmux client ends at once; one that does not fails its test within a minute rather
        // than hold a thread of the test run's small pool for good.
        var status: Int32 = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno != EINTR) { break }
            guard ContinuousClock.now < deadline else {
                Glibc.kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                throw Failure(description: "\(argv.joined(separator: " ")) did not end within a minute")
            }
            usleep(1_000)
        }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let problem = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw Failure(description: "\(argv.joined(separator: " ")): status \(status): \(problem)")
        }
        return text
    }
}

/// Quotes a word for /bin/sh.
public func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
