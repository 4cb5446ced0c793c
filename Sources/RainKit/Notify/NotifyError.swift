/// Why `rain notify` could not deliver or remember what it found.
public enum NotifyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The state file is there but cannot be read as rain's.
    case unreadableState(path: String, reason: String)
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

    public var description: String {
        switch self {
        case .unreadableState(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .noSessionBus(let tried):
            return "no desktop session bus to send notifications to (looked at \(tried.joined(separator: ", ")))"
        case .notifierMissing(let program):
            return "\(program) is not installed, so no desktop notification can be sent"
        case .busy:
            return "another rain is sending notifications"
        case .noNotificationService:
            return "nothing on the session bus shows notifications"
        case .deliveryFailed(let what, let reason):
            return "\(what) failed: \(reason)"
        }
    }

    public var hint: String? {
        switch self {
        case .unreadableState: return "fix or remove the file (rain then sends every event again)"
        case .noSessionBus, .noNotificationService: return "log in to a desktop, or deliver another way: rain notify --exec CMD"
        case .notifierMissing: return "Debian: apt-get install libnotify-bin"
        case .busy: return "try again in a moment"
        case .deliveryFailed: return nil
        }
    }
}

extension NotifyError {
    /// The line in the user's language (a delivery's own reason stays as it came).
    public func message(in localization: Localization) -> String {
        switch self {
        case .unreadableState(let path, let reason):
            return localization.tr("cannot read {path}: {reason}", ["path": path, "reason": reason])
        case .noSessionBus(let tried):
            return localization.tr("no desktop session bus to send notifications to (looked at {places})", ["places": tried.joined(separator: ", ")])
        case .notifierMissing(let program):
            return localization.tr("{program} is not installed, so no desktop notification can be sent", ["program": program])
        case .busy: return localization.tr("another rain is sending notifications")
        case .noNotificationService: return localization.tr("nothing on the session bus shows notifications")
        case .deliveryFailed(let what, let reason): return localization.tr("{what} failed: {reason}", ["what": what, "reason": reason])
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
        }
    }
}

extension NotifyError: RainError {
    public var kind: ErrorKind {
        switch self {
        case .unreadableState: return .localFile
        case .busy: return .temporary
        case .noSessionBus, .noNotificationService, .notifierMissing, .deliveryFailed: return .unavailable
        }
    }
}
