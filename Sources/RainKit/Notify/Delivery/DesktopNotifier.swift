/// Desktop notifications through `notify-send` (Debian's libnotify-bin), which calls
/// org.freedesktop.Notifications.Notify on the session bus: rain gives it the bus it found.
public struct DesktopNotifier: Sendable {
    public static let program = "notify-send"
    public let busAddress: String
    let environment: [String: String]

    /// - Throws: `NotifyError.noSessionBus` when there is no bus to reach.
    public init(environment: [String: String]) throws(NotifyError) {
        busAddress = try SessionBus.address(environment: environment)
        self.environment = environment.merging(["DBUS_SESSION_BUS_ADDRESS": busAddress]) { $1 }
    }

    public func send(_ event: NotifyEvent) throws(NotifyError) {
        let urgency = event.isExtreme || event.severity?.lowercased() == "severe" ? "critical" : "normal"
        let arguments = ["--app-name=rain", "--urgency=\(urgency)", "--icon=\(Self.icon(event))", "--",
                         event.summary, Self.markupEscaped(event.body)]
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run(Self.program, arguments, input: nil, environment: environment)
        } catch {
            throw .deliveryFailed(what: Self.program, reason: error.reason)
        }
        if outcome.status == 127 { throw .notifierMissing(program: Self.program) }
        guard outcome.status == 0 else {
            // The bus is there but nothing on it shows notifications (no desktop, or one without
            // a notification daemon): GDBus's ServiceUnknown, said as what it means.
            if outcome.error.contains("ServiceUnknown") || outcome.error.contains("org.freedesktop.Notifications was not provided") {
                throw .noNotificationService
            }
            let reason = outcome.error.split(separator: "\n").first.map { String($0).strippingControlCharacters } ?? "exit status \(outcome.status)"
            throw .deliveryFailed(what: Self.program, reason: String(reason.prefix(120)))
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
