import FoundationEssentials

/// How old something is, in words: "just now", "5 min ago", "3 h ago", "2 days ago"; compact
/// where a narrow window needs the room for names: "now", "5m", "3h", "2d".
public enum AgeFormatter {
    public static func string(for age: Duration, localization: Localization = .english) -> String {
        let seconds = age.components.seconds
        if seconds < -60 { return localization.tr("in the future (check the clock)") }
        if seconds < 60 { return localization.tr("just now") }
        let minutes = seconds / 60
        if minutes < 60 { return localization.tr("{minutes} min ago", ["minutes": String(minutes)]) }
        let hours = minutes / 60
        if hours < 24 { return localization.tr("{hours} h ago", ["hours": String(hours)]) }
        return localization.trn("1 day ago", "{count} days ago", count: Int(hours / 24))
    }

    /// The compact form: a number and one letter ("5m", "3h", "2d"), or "now" under a minute
    /// ("0m" read as zero metres); a clock that is wrong keeps its words.
    static func compactString(for age: Duration, localization: Localization = .english) -> String {
        let seconds = age.components.seconds
        if seconds < -60 { return string(for: age, localization: localization) }
        let minutes = max(0, seconds / 60)
        if minutes == 0 { return localization.tr("now") }
        if minutes < 60 { return localization.tr("{minutes}m", ["minutes": String(minutes)]) }
        let hours = minutes / 60
        if hours < 24 { return localization.tr("{hours}h", ["hours": String(hours)]) }
        return localization.tr("{days}d", ["days": String(hours / 24)])
    }

    public static func string(since date: Date, now: Date, compact: Bool = false, localization: Localization = .english) -> String {
        let age = Duration.seconds(now.timeIntervalSince(date))
        return compact ? compactString(for: age, localization: localization) : string(for: age, localization: localization)
    }
}
