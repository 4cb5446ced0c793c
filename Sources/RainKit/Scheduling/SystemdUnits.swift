/// `rain.service` and `rain.timer`, the systemd user units that run `ScheduledRun.commands`
/// every interval. Like the crontab line, each user's runs fall at a moment of their own: a
/// random delay within the interval, fixed per user and machine (`FixedRandomDelay`).
public struct SystemdUnits: Sendable, Equatable {
    public static let serviceName = "rain.service"
    public static let timerName = "rain.timer"

    public let service: String
    public let timer: String

    /// - Throws: `Problem` for an interval that does not divide the clock, or a value with a
    ///   line break (a unit file has one setting per line).
    public init(every interval: Interval, executable: String, environment: [(String, String)]) throws(Problem) {
        let calendar: String
        switch interval.clockStep {
        case .minutes(let step): calendar = "*-*-* *:00/\(step):00"
        case .hours(let step): calendar = step == 24 ? "*-*-* 00:00:00" : "*-*-* 00/\(step):00:00"
        case nil: throw .unsupported(interval)
        }
        if executable.contains(where: \.isNewline) { throw .lineBreak(name: LocalizedText(N_("the path of rain"))) }
        for (name, value) in environment where value.contains(where: \.isNewline) {
            throw .lineBreak(name: .verbatim(name))
        }
        let commands = ScheduledRun.commands.enumerated().map { index, arguments in
            // A failed refresh (offline) must not keep the notifications of what is cached from going out.
            "ExecStart=\(index < ScheduledRun.commands.count - 1 ? "-" : "")" + ([Self.quoted(executable)] + arguments).joined(separator: " ")
        }
        service = """
            [Unit]
            Description=Refresh rain's forecasts, then tell of rain and weather alerts

            [Service]
            Type=oneshot

            """ + environment.map { "Environment=\(Self.quoted("\($0.0)=\($0.1)"))\n" }.joined() + commands.joined(separator: "\n") + "\n"
        timer = """
            [Unit]
            Description=Run rain every \(interval)

            [Timer]
            OnCalendar=\(calendar)
            RandomizedDelaySec=\(min(interval.seconds, 3600))
            FixedRandomDelay=true
            Persistent=true

            [Install]
            WantedBy=timers.target

            """
    }

    /// A word of a unit file: double-quoted unless plain, `%` doubled (systemd's specifiers).
    static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:,@=".contains($0)) }
        let word = plain ? text : "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
        return word.replacingAll("%", with: "%%")
    }

    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case unsupported(Interval)
        /// What holds the line break: a variable's name, or "the path of rain" (translated).
        case lineBreak(name: LocalizedText)

        public var text: LocalizedText {
            switch self {
            case .unsupported(let interval):
                LocalizedText(N_("cannot run every {interval} from a timer: {reason}"),
                              ["interval": .verbatim(interval.description), "reason": interval.unschedulableReason])
            case .lineBreak(let name): LocalizedText(N_("cannot write the units: {name} contains a line break"), ["name": name])
            }
        }
    }
}
