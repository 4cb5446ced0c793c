import FoundationEssentials

/// rain's line in a user's crontab, and how to put it in or take it out of the crontab's text
/// without touching any other line.
public struct CrontabEntry: Sendable, Equatable {
    /// Ends rain's line, so rain can find its own line again and only its own line.
    public static let marker = "# rain: managed by 'rain cron'"

    public let line: String

    /// - Parameters:
    ///   - executable: absolute path of the rain binary.
    ///   - environment: RAIN_HOME / RAIN_CONFIG values to pass on; never the API key.
    ///   The line runs `ScheduledRun.commands` one after the other.
    /// - Throws: `Unrunnable` when a value has a line break: cron reads one command per line,
    ///   so no quoting can carry it.
    public init(schedule: CronSchedule, executable: String, environment: [(String, String)]) throws(Unrunnable) {
        for (name, value) in environment where value.contains(where: \.isNewline) {
            throw Unrunnable(name: .verbatim(name))
        }
        if executable.contains(where: \.isNewline) { throw Unrunnable(name: LocalizedText(N_("the path of rain"))) }
        // The assignments go before each command: a shell gives them to that command only.
        let rain = (environment.map { "\($0.0)=\(Self.quoted($0.1))" } + [Self.quoted(executable)]).joined(separator: " ")
        let commands = ScheduledRun.commands.map { ([rain] + $0).joined(separator: " ") }
        line = "\(schedule.fields) \(commands.joined(separator: "; ")) \(Self.marker)"
    }

    /// `crontab` text with rain's line in place of any earlier one (or appended).
    public func installed(in crontab: String) -> String {
        var lines = Self.otherLines(of: crontab)
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// rain's lines in `crontab` other than this one: what `installed(in:)` replaces (one of
    /// another RAIN_HOME's, say, as a user has one line of rain's).
    public func replacedLines(in crontab: String) -> [String] {
        Self.splitLines(crontab).filter { Self.isRainLine($0) && $0 != line }.map(String.init)
    }

    /// `crontab` text without rain's line; nil when it had none.
    public static func uninstalled(from crontab: String) -> String? {
        let lines = otherLines(of: crontab)
        guard lines.count != splitLines(crontab).count else { return nil }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private static func isRainLine(_ line: Substring) -> Bool {
        !line.hasPrefix("#") && line.hasSuffix(marker)
    }

    private static func splitLines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func otherLines(of crontab: String) -> [String] {
        splitLines(crontab).filter { !isRainLine($0) }.map(String.init)
    }

    /// Single-quoted for /bin/sh, with `%` escaped because cron turns a bare `%` into a newline.
    static func quoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:,@".contains($0)) }
        let quoted = safe && !text.isEmpty ? text : "'" + text.replacingAll("'", with: "'\\''") + "'"
        return quoted.replacingAll("%", with: "\\%")
    }
}

extension CrontabEntry {
    /// A crontab line cron could not run as meant.
    public struct Unrunnable: RainError, Sendable, Equatable {
        /// What holds the line break: `RAIN_HOME`, the path of rain, ...
        public var name: LocalizedText

        public var text: LocalizedText {
            LocalizedText(N_("cannot make a crontab line: {name} contains a line break, and cron reads one command per line"), ["name": name])
        }

        public var kind: ErrorKind { .configuration }
        public var hintText: LocalizedText? { LocalizedText(N_("use a folder without line breaks in its name")) }
    }
}
