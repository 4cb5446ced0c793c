import Foundation
import RainKit

/// A detached tmux server of its own (socket in a given folder) running one command in a
/// pseudo-terminal of a fixed size: tests send keys and read the screen as a person would.
/// Always `kill()` it, in a `defer`. A command that should leave its screen to be read ends
/// with `sleep 600`: a test on a busy machine may look only a minute after the program ended,
/// and the server ends with the command.
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
    /// The pane's shell: the leader of a session and process group of its own (tmux starts it
    /// with setsid), which every program the command starts is in unless it leaves them.
    public let panePID: pid_t

    /// Starts `shellCommand` (run by /bin/sh) in a `width` x `height` terminal.
    public init(folder: String, shellCommand: String, width: Int = 80, height: Int = 24) throws {
        // A socket of its own per session: the watcher below ends the server on its socket once
        // that socket is gone, and a second session on the same path in the same folder would be
        // the one it ended.
        socket = folder + "/tmux-" + UUID().uuidString.prefix(8) + ".sock"
        let pane = try Self.run(["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "rain", "-x", "\(width)",
                                 "-y", "\(height)", "-P", "-F", "#{pane_pid}", "/bin/sh", "-c", shellCommand], socket: socket)
        guard let panePID = pid_t(pane.trimmingCharacters(in: .whitespacesAndNewlines)), panePID > 1 else {
            _ = try? Self.run(["tmux", "-S", socket, "kill-server"], socket: socket)
            throw Failure(description: "tmux named no pane process: '\(pane)'")
        }
        self.panePID = panePID
        // A test process that is killed runs no `defer`, and its sessions would go on running
        // (a `rain watch` refreshing every second disturbed a benchmark): a watcher, detached,
        // ends the server and the pane's process group within a second of this process ending,
        // or itself when the server has (its socket gone, the pane's number may be another's).
        // In a group of its own: a signal to the test process's group (timeout, ^C) spares it.
        let quoted = "'" + socket + "'"
        try Self.run(["/bin/sh", "-c", "(while kill -0 \(getpid()) 2>/dev/null && [ -S \(quoted) ]; do sleep 1; done; "
                      + "if [ -S \(quoted) ]; then kill -9 -\(panePID); tmux -S \(quoted) kill-server; fi) </dev/null >/dev/null 2>&1 &"],
                     socket: socket, ownGroup: true)
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

    /// Writes `text` at the start of `row` straight to the pane's terminal, as another program
    /// would, until the screen shows it: a redraw of the program in the pane (a refresh's, the
    /// minute's) may clear it before the screen is read.
    public func writeOnTerminal(_ text: String, row: Int, limit: Duration = .seconds(90)) async throws {
        let tty = try display("#{pane_tty}")
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            try "\u{1B}[\(row);1H\(text)".write(toFile: tty, atomically: false, encoding: .utf8)
            if (try? await waitForScreen(containing: text, limit: .seconds(3))) != nil { return }
            guard clock.now < deadline else { throw Timeout(expected: text, screen: try screen()) }
        }
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

    /// Ends the pane's processes and the server. The server's SIGHUP alone leaves a command that
    /// ignores it (`trap '' HUP`, nohup) and what it started, a `sleep 600` included, running
    /// for up to ten minutes after its test: every process in the pane's session is killed.
    public func kill() {
        Self.killSession(panePID)
        _ = try? tmux(["kill-server"])
    }

    /// SIGKILL to the process group `leader` leads and to every other process in its session
    /// (a program the command started in a group of its own), found through /proc.
    private static func killSession(_ leader: pid_t) {
        Glibc.kill(-leader, SIGKILL)
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), pid != getpid(), sessionID(of: pid) == leader else { continue }
            Glibc.kill(pid, SIGKILL)
        }
    }

    /// The session of a process: the fourth field of /proc/PID/stat after its name in
    /// parentheses (state, parent, group, session); nil when it has ended.
    public static func sessionID(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 3 else { return nil }
        return pid_t(fields[3])
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.run(["tmux", "-S", socket] + arguments, socket: socket)
    }

    /// Runs a program (tmux, or a shell) and waits for it with posix_spawn and waitpid: its
    /// output goes through files, since the server it starts outlives the call.
    @discardableResult
    private static func run(_ argv: [String], socket: String, ownGroup: Bool = false) throws -> String {
        let output = socket + ".out"
        let errors = socket + ".err"
        let outputFile = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errorFile = open(errors, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { for file in [outputFile, errorFile] where file >= 0 { close(file) } }
        guard outputFile >= 0, errorFile >= 0 else { throw Failure(description: "cannot create \(output): \(String(cString: strerror(errno)))") }
        // The calling thread may block signals (test runner threads do); the tmux server must
        // start with none blocked and default handling, or it never sees its panes end
        // (`ChildProcess`'s policy).
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil  // also when the tests themselves run inside tmux
        let pid: pid_t
        switch ChildProcess.spawn("/usr/bin/env", argv.map { Array($0.utf8) }, environment: environment,
                                  standard: ChildProcess.Standard(input: nil, output: outputFile, error: errorFile), ownGroup: ownGroup) {
        case .success(let child): pid = child
        case .failure(let failure): throw Failure(description: "cannot start \(argv[0]): \(failure)")
        }
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
