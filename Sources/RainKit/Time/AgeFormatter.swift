import FoundationEssentials

/// How old something is, in words: "just now", "5 min ago", "3 h ago", "2 days ago".
public enum AgeFormatter {
    public static func string(for age: Duration) -> String {
        let seconds = age.components.seconds
        if seconds < -60 { return "in the future (check the clock)" }
        if seconds < 60 { return "just now" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes) min ago" }
        let hours = minutes / 60
        if hours < 24 { return "\(hours) h ago" }
        let days = hours / 24
        return days == 1 ? "1 day ago" : "\(days) days ago"
    }

    public static func string(since date: Date, now: Date) -> String {
        string(for: .seconds(now.timeIntervalSince(date)))
    }
}
