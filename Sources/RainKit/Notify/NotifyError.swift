/// Why `rain notify` could not deliver or remember what it found.
public enum NotifyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The state file is there but cannot be read as rain's.
    case unreadableState(path: String, reason: LocalizedText)
    /// No D-Bus session bus to reach a desktop with; `tried` names where rain looked.
    case noSessionBus(tried: [String])
    /// The program that delivers desktop notifications is not installed.
    case notifierMissing(program: String)
    /// Another rain is delivering notifications.
    case busy
    /// The session bus has no notification service (no desktop, or one without a daemon).
    case noNotificationService
    /// A delivery ran and failed.
    case deliveryFailed(what: String, reason: String)
    /// `--exec`'s command exited with a status other than 0; `said`: the last lines of its
    /// stderr that are not blank; `blank`: what was kept of its end was all blank.
    case commandFailed(status: Int32, said: [String], blank: Bool = false)
    /// notify-send ran over its time limit (`DesktopNotifier.timeLimit`) and was stopped.
    case notifierTimedOut(program: String, seconds: Int)
    /// `--exec`'s command ran over its time limit and was killed.
    case commandTimedOut(seconds: Int, said: [String], blank: Bool = false)
}

extension NotifyError {
    /// The line (a delivery's own reason stays as it came).
    public var text: LocalizedText {
        switch self {
        // The path and the reason on lines of their own, as the places file's (inline, a
        // foreign file's line ran to 125 columns).
        case .unreadableState(let path, let reason):
            return LocalizedText(N_("cannot use the file:")) + .dataLine(path) + .verbatim("\n") + reason
        case .noSessionBus(let tried):
            // The places a line each under the message, as an ambiguous name's candidates.
            return LocalizedText(N_("no session bus for notifications; looked at: {places}"),
                                 ["places": .verbatim(tried.map { "\n" + $0 }.joined())])
        case .notifierMissing(let program):
            return LocalizedText(N_("{program} is not installed, so no desktop notification can be sent"), ["program": .verbatim(program)])
        case .busy: return LocalizedText(N_("another rain is sending notifications"))
        case .noNotificationService: return LocalizedText(N_("nothing on the session bus shows notifications"))
        case .deliveryFailed(let what, let reason): return LocalizedText(N_("{what} failed: {reason}"), ["what": .verbatim(what), "reason": .verbatim(reason)])
        case .commandFailed(let status, _, _):
            return LocalizedText(N_("the --exec command failed (exit status {status}); nothing marked sent"), ["status": .verbatim(String(status))])
        case .notifierTimedOut(let program, let seconds):
            return LocalizedText(N_("{program} took over {seconds} s: stopped, nothing marked sent"),
                                 ["program": .verbatim(program), "seconds": .verbatim(String(seconds))])
        case .commandTimedOut(let seconds, _, _):
            return LocalizedText(N_("the --exec command took over {seconds} s: stopped, nothing marked sent"), ["seconds": .verbatim(String(seconds))])
        }
    }

    public var hintText: LocalizedText? {
        switch self {
        case .unreadableState: return LocalizedText(N_("fix or remove the file (rain then sends every event again)"))
        case .noSessionBus, .noNotificationService:
            return LocalizedText(N_("log in to a desktop, or deliver another way: {command}"), ["command": .verbatim("rain notify --exec CMD")])
        case .notifierMissing: return LocalizedText(N_("Debian: {command}"), ["command": .verbatim("apt-get install libnotify-bin")])
        case .busy: return LocalizedText(N_("try again in a moment"))
        case .deliveryFailed, .notifierTimedOut: return nil
        case .commandFailed(_, let said, let blank), .commandTimedOut(_, let said, let blank):
            // What the command wrote to stderr, a line a hint: usually why it failed.
            guard let first = said.first else {
                return blank ? LocalizedText(N_("the end of its stderr held only blank lines")) : LocalizedText(N_("it wrote nothing to stderr"))
            }
            return LocalizedText(lines: [LocalizedText(N_("it wrote: {line}"), ["line": .verbatim(first)])] + said.dropFirst().map { .verbatim($0) })
        }
    }
}

extension NotifyError: RainError {
    public var kind: ErrorKind {
        switch self {
        case .unreadableState: return .localFile
        case .busy: return .temporary
        case .noSessionBus, .noNotificationService, .notifierMissing, .deliveryFailed, .commandFailed: return .unavailable
        case .commandTimedOut, .notifierTimedOut: return .temporary
        }
    }
}
