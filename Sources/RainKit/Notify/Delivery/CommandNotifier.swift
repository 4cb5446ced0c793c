/// `rain notify --exec CMD`: CMD run by `/bin/sh -c` once per event, the event as one JSON
/// object on its standard input and `RAIN_NOTIFY_SUMMARY`, `RAIN_NOTIFY_BODY` and
/// `RAIN_NOTIFY_PLACE` in its environment.
public struct CommandNotifier: Sendable {
    public let command: String
    let environment: [String: String]

    public init(command: String, environment: [String: String]) {
        self.command = command
        self.environment = environment
    }

    /// What the command printed.
    public struct Output: Sendable {
        public var output: String
        public var error: String
    }

    public func send(_ event: NotifyEvent) throws(NotifyError) -> Output {
        let variables = ["RAIN_NOTIFY_SUMMARY": event.summary, "RAIN_NOTIFY_BODY": event.body, "RAIN_NOTIFY_PLACE": event.placeName]
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run("/bin/sh", ["-c", command], input: event.jsonText(compactly: true),
                                         environment: environment.merging(variables) { $1 })
        } catch {
            throw .deliveryFailed(what: "the command", reason: error.reason)
        }
        guard outcome.status == 0 else {
            let said = outcome.error.split(separator: "\n").first.map { ": " + String($0).strippingControlCharacters } ?? ""
            throw .deliveryFailed(what: "the command", reason: "it exited with status \(outcome.status)\(said)")
        }
        return Output(output: outcome.output, error: outcome.error)
    }
}
