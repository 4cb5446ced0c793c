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
    /// `--exec`'s command exited with a status other than 0; `said`: the last lines of its stderr.
    case commandFailed(status: Int32, said: [String])
    /// `--exec`'s command ran over its time limit and was killed.
    case commandTimedOut(seconds: Int, said: [String])

    public var description: String { message(in: .english) }

    public var hint: String? { hint(in: .english) }
}

extension NotifyError {
    /// The line in the user's language (a delivery's own reason stays as it came).
    public func message(in localization: Localization) -> String {
        switch self {
        case .unreadableState(let path, let reason):
            return localization.tr("cannot read {path}: {reason}", ["path": path, "reason": localization.tr(reason)])
        case .noSessionBus(let tried):
            return localization.tr("no desktop session bus to send notifications to (looked at {places})", ["places": tried.joined(separator: ", ")])
        case .notifierMissing(let program):
            return localization.tr("{program} is not installed, so no desktop notification can be sent", ["program": program])
        case .busy: return localization.tr("another rain is sending notifications")
        case .noNotificationService: return localization.tr("nothing on the session bus shows notifications")
        case .deliveryFailed(let what, let reason): return localization.tr("{what} failed: {reason}", ["what": what, "reason": reason])
        case .commandFailed(let status, _):
            return localization.tr("the --exec command failed (exit status {status}); nothing marked sent", ["status": String(status)])
        case .commandTimedOut(let seconds, _):
            return localization.tr("the --exec command took over {seconds} s: stopped, nothing marked sent", ["seconds": String(seconds)])
        }
    }

    public func hint(in localization: Localization) -> String? {
        switch self {
        case .unreadableState: return localization.tr("fix or remove the file (rain then sends every event again)")
        case .noSessionBus, .noNotificationService:
            return localization.tr("log in to a desktop, or deliver another way: {command}", ["command": "rain notify --exec CMD"])
        case .notifierMissing: return localization.tr("Debian: {command}", ["command": "apt-get install libnotify-bin"])
        case .busy: return localization.tr("try again in a moment")
        case .deliveryFailed: return nil
        case .commandFailed(_, let said), .commandTimedOut(_, let said):
            // What the command wrote to stderr, a line a hint: usually why it failed.
            guard let first = said.first else { return localization.tr("it wrote nothing to stderr") }
            return ([localization.tr("it wrote: {line}", ["line": first])] + said.dropFirst()).joined(separator: "\n")
        }
    }
}

extension NotifyError: RainError {
    public var kind: ErrorKind {
        switch self {
        case .unreadableState: return .localFile
        case .busy: return .temporary
        case .noSessionBus, .noNotificationService, .notifierMissing, .deliveryFailed, .commandFailed: return .unavailable
        case .commandTimedOut: return .temporary
        }
    }
}
