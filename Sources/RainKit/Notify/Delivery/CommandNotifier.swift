/// `rain notify --exec CMD`: CMD run by `/bin/sh -c` once per event, the event as one JSON
/// object on its standard input and `RAIN_NOTIFY_SUMMARY`, `RAIN_NOTIFY_BODY` and
/// `RAIN_NOTIFY_PLACE` in its environment. It runs in a process group of its own for at most
/// `timeLimit` (`notify.exec_timeout`, 60 s by default); then the group is killed. It has
/// delivered when the shell exits 0: jobs it left in the background then run on beside the
/// next events, within the same limit (`LeftoverGroups`). Its standard output is read and
/// dropped, and only the tail of its standard error is kept, so that a command that prints
/// without end never fills rain's memory. Like every
/// program rain runs it is given no variable that holds the key (`ChildEnvironment`), and the
/// key is taken out of what rain repeats of its stderr.
public struct CommandNotifier: Sendable {
    public let command: String
    let environment: ChildEnvironment
    public let timeLimit: Duration
    let redaction: KeyRedaction?

    /// The time a command gets when the configuration says nothing.
    public static let defaultTimeLimit: Duration = .seconds(60)
    /// The most lines of what a failed command wrote that rain shows.
    public static let shownLines = 3

    /// `environment` is the command's; `redaction` hides the key in what it wrote.
    package init(command: String, environment: ChildEnvironment, timeLimit: Duration = CommandNotifier.defaultTimeLimit,
                 redaction: KeyRedaction? = nil) {
        self.command = command
        self.environment = environment
        self.timeLimit = timeLimit
        self.redaction = redaction
    }

    /// What the command wrote to stderr: its last few KB, in whole lines.
    public struct Output: Sendable {
        public var error: String
    }

    /// Runs the command for `event`; `started` gets its process group's ID as soon as it runs
    /// (to pass on a signal that ends rain); `leftovers` takes the group when the shell exits
    /// and leaves a job running (without it, rain waits for the job until the time limit).
    public func send(_ event: NotifyEvent, leftovers: LeftoverGroups? = nil,
                     started: (@Sendable (Int32) -> Void)? = nil) throws(NotifyError) -> Output {
        let variables = ["RAIN_NOTIFY_SUMMARY": event.summary, "RAIN_NOTIFY_BODY": event.body, "RAIN_NOTIFY_PLACE": event.placeName]
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run("/bin/sh", ["-c", command], input: event.jsonText(compactly: true),
                                         environment: environment, extra: variables,
                                         limits: Subprocess.Limits(time: timeLimit, leftovers: leftovers, started: started, keptOutput: 0))
        } catch {
            throw .deliveryFailed(what: "/bin/sh", reason: error.reason)
        }
        // Before the lines are cut to fit a hint, which could cut a copy of the key in two.
        let said = Subprocess.wholeLines(of: redaction?.scrubbing(outcome.error) ?? outcome.error)
        let shown = Self.lines(of: said), blank = shown.isEmpty && !outcome.error.isEmpty
        if outcome.timedOut { throw .commandTimedOut(seconds: Int(timeLimit.components.seconds), said: shown, blank: blank) }
        guard outcome.status == 0 else { throw .commandFailed(status: outcome.status, said: shown, blank: blank) }
        return Output(error: said)
    }

    /// The last few lines a command wrote to stderr (where its reason usually is), without
    /// control characters or blank lines, each short enough for a hint line of 80 columns
    /// ("rain: hint: it wrote: " and 58 characters).
    static func lines(of text: String) -> [String] {
        let lines = text.split(separator: "\n").map { String($0).strippingControlCharacters.trimmed }.filter { !$0.isEmpty }
        return lines.suffix(shownLines).map { $0.count <= lineLength ? $0 : String($0.prefix(lineLength - 1)) + "…" }
    }

    static let lineLength = 58
}
