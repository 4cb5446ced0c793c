import Glibc

/// The user's crontab, read and written through the system's `crontab` command.
public struct Crontab: Sendable {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var text: LocalizedText
        /// crontab did not answer within the schedulers' time limit and was stopped.
        public var timedOut = false
        public var hint: LocalizedText?
    }

    /// The largest table rain reads, and so edits (it keeps every line of the user's): far
    /// above any real one, and within what crontab(1) takes (Debian's at most 10,000 lines,
    /// cronie's 10,000 entries), so that a table listed without end cannot fill rain's memory.
    static let largestTable = 1 << 20

    /// The `crontab` program: found on PATH unless a path is given.
    public var command: String
    let environment: ChildEnvironment

    package init(command: String = "crontab", environment: ChildEnvironment) {
        self.command = command
        self.environment = environment
    }

    /// The current crontab; empty when the user has none. One over `largestTable` is refused.
    public func read() throws(Failure) -> String {
        let result = try run(["-l"], input: nil, keptOutput: Self.largestTable)
        if result.status == 0 && !result.timedOut && result.outputCut {
            throw Failure(text: LocalizedText(N_("your crontab is over {size}, the most rain edits; nothing changed"),
                                              ["size": RegularFile.sizeText(Self.largestTable)]),
                          hint: LocalizedText(N_("edit it with crontab -e ('rain cron' prints rain's line)")))
        }
        if result.status == 0 && !result.timedOut { return result.output }
        if result.error.contains("no crontab for") && !result.timedOut { return "" }
        throw Failure(text: LocalizedText(N_("crontab -l failed: {reason}"), ["reason": Self.reason(result)]), timedOut: result.timedOut)
    }

    /// Replaces the crontab with `text`; a table with nothing but blank lines removes the
    /// crontab (`crontab -r`), so taking out rain's only line leaves the user with none, as before.
    public func write(_ text: String) throws(Failure) {
        if text.allSatisfy(\.isWhitespace) { return try remove() }
        let result = try run(["-"], input: text)
        guard result.status == 0 && !result.timedOut else { throw Failure(text: Self.installFailure(result), timedOut: result.timedOut) }
    }

    /// A crontab that exited refused the table (its words, or its status); one that a signal
    /// ended (a file-size limit, a crash) did not get to say, and the table is not installed.
    private static func installFailure(_ result: Subprocess.Outcome) -> LocalizedText {
        if result.timedOut {
            return LocalizedText(N_("new crontab not installed: crontab took over {duration}: stopped"),
                                 ["duration": Subprocess.schedulerTimeWords])
        }
        switch result.signal {
        case SIGXFSZ?:
            return LocalizedText(N_("new crontab not installed: crontab hit the file size limit"))
        case let signal?:
            return LocalizedText(N_("new crontab not installed: crontab ended by signal {signal}"), ["signal": signalText(signal)])
        case nil:
            return LocalizedText(N_("crontab refused the new table: {reason}"), ["reason": reason(result)])
        }
    }

    private func remove() throws(Failure) {
        let result = try run(["-r"], input: nil)
        guard !result.timedOut && (result.status == 0 || result.error.contains("no crontab for")) else {
            throw Failure(text: LocalizedText(N_("crontab -r failed: {reason}"), ["reason": Self.reason(result)]), timedOut: result.timedOut)
        }
    }

    /// What crontab said on stderr; when it said nothing (killed by a file-size limit while it
    /// wrote its temporary file, say), how it ended.
    private static func reason(_ result: Subprocess.Outcome) -> LocalizedText {
        if result.timedOut { return Subprocess.stoppedAtSchedulerTime }
        let said = result.error.trimmed.strippingControlCharacters
        if !said.isEmpty { return .verbatim(said) }
        switch result.signal {
        case SIGXFSZ?: return LocalizedText(N_("stopped by the file size limit"))
        case let signal?:
            return LocalizedText(N_("ended by signal {signal}"), ["signal": signalText(signal)])
        case nil:
            return LocalizedText(N_("exit status {status}, no message"), ["status": .verbatim(String(result.status))])
        }
    }

    /// "11 (SIGSEGV)".
    private static func signalText(_ signal: Int32) -> LocalizedText {
        .verbatim("\(signal)" + (signalNames[signal].map { " (SIG\($0))" } ?? ""))
    }

    private static let signalNames: [Int32: String] = [
        SIGHUP: "HUP", SIGINT: "INT", SIGQUIT: "QUIT", SIGILL: "ILL", SIGABRT: "ABRT", SIGBUS: "BUS", SIGFPE: "FPE",
        SIGKILL: "KILL", SIGSEGV: "SEGV", SIGPIPE: "PIPE", SIGALRM: "ALRM", SIGTERM: "TERM", SIGXCPU: "XCPU",
    ]

    /// Of its standard output `keptOutput` bytes at most (the table `-l` lists, which is
    /// written back; nothing else of it is used); of its standard error the last 4 KB
    /// (`Subprocess.keptErrorTail`), which hold its reason. A crontab that hangs is stopped
    /// (with what it started) at the schedulers' time limit; the table is then as it was,
    /// since crontab replaces it whole or not at all.
    private func run(_ arguments: [String], input: String?, keptOutput: Int = 0) throws(Failure) -> Subprocess.Outcome {
        let outcome: Subprocess.Outcome
        do {
            let limits = Subprocess.Limits(time: Subprocess.schedulerTime, keptOutput: keptOutput)
            outcome = try Subprocess.run(command, arguments, input: input, environment: environment, limits: limits)
        } catch {
            throw Failure(text: LocalizedText(N_("cannot run {command}: {reason}"), ["command": .verbatim(command), "reason": .verbatim(error.reason)]))
        }
        if outcome.status == 127 {
            throw Failure(text: LocalizedText(N_("the crontab command was not found (Debian: {command})"), ["command": .verbatim("apt-get install cron")]))
        }
        return outcome
    }
}
