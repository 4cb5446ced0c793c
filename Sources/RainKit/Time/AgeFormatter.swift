import FoundationEssentials

/// How old something is, in words: "just now", "5 min ago", "3 h ago", "2 days ago".
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

    public static func string(since date: Date, now: Date, localization: Localization = .english) -> String {
        string(for: .seconds(now.timeIntervalSince(date)), localization: localization)
    }
}
