/// Desktop notifications through `notify-send` (Debian's libnotify-bin), which calls
/// org.freedesktop.Notifications.Notify on the session bus: rain gives it the bus it found.
/// Like `--exec`'s command it runs in a process group of its own for at most `timeLimit`;
/// its standard output is dropped and the end of its stderr kept (`Subprocess.keptErrorTail`).
public struct DesktopNotifier: Sendable {
    public static let program = "notify-send"
    /// How long notify-send may take: it answers in milliseconds, but waits without end on a
    /// bus that accepts and never answers (a frozen dbus-daemon, a stopped desktop). The
    /// limit is GDBus's own for a call (25 s, what notify-send's Notify call waits for a
    /// notification service that is slow to start or answer), so no notify-send that would
    /// still have shown its notification is stopped; a cron run that meets a frozen bus ends.
    public static let timeLimit = Duration.seconds(25)
    public let busAddress: String
    let environment: ChildEnvironment

    /// - Throws: `NotifyError.noSessionBus` when there is no bus to reach.
    package init(environment: [String: String], hiding redaction: KeyRedaction?) throws(NotifyError) {
        busAddress = try SessionBus.address(environment: environment)
        self.environment = ChildEnvironment(environment.merging(["DBUS_SESSION_BUS_ADDRESS": busAddress]) { $1 }, hiding: redaction)
    }

    /// Shows `event`; `started` gets notify-send's process group as soon as it runs (to pass
    /// on a signal that ends rain); `leftovers`, as for a command. One stopped at `timeLimit`
    /// has not delivered: nothing said it was shown.
    public func send(_ event: NotifyEvent, leftovers: LeftoverGroups? = nil,
                     started: (@Sendable (Int32) -> Void)? = nil) throws(NotifyError) {
        let urgency = event.isExtreme || event.severity?.lowercased() == "severe" ? "critical" : "normal"
        let arguments = ["--app-name=rain", "--urgency=\(urgency)", "--icon=\(Self.icon(event))", "--",
                         event.summary, Self.markupEscaped(event.body)]
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run(Self.program, arguments, input: nil, environment: environment,
                                         limits: Subprocess.Limits(time: Self.timeLimit, leftovers: leftovers, started: started, keptOutput: 0))
        } catch {
            throw .deliveryFailed(what: Self.program, reason: error.reason)
        }
        if outcome.timedOut { throw .notifierTimedOut(program: Self.program, seconds: Int(Self.timeLimit.components.seconds)) }
        if outcome.status == 127 { throw .notifierMissing(program: Self.program) }
        guard outcome.status == 0 else {
            // The bus is there but nothing on it shows notifications (no desktop, or one without
            // a notification daemon): GDBus's ServiceUnknown, said as what it means.
            if outcome.error.contains("ServiceUnknown") || outcome.error.contains("org.freedesktop.Notifications was not provided") {
                throw .noNotificationService
            }
            let said = Subprocess.wholeLines(of: outcome.error).split(separator: "\n").lazy
                .map { String($0).strippingControlCharacters.trimmed }.first { !$0.isEmpty }
            throw .deliveryFailed(what: Self.program, reason: String((said ?? "exit status \(outcome.status)").prefix(120)))
        }
    }

    /// The body may carry markup (the specification's `body-markup`): text is escaped.
    static func markupEscaped(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }

    /// A name from the freedesktop icon naming specification.
    static func icon(_ event: NotifyEvent) -> String {
        switch event.kind {
        case .alert, .air: return "dialog-warning"
        case .pollen: return "dialog-information"
        case .rain, .chance: return event.precipitationType == "snow" ? "weather-snow" : "weather-showers"
        }
    }
}
