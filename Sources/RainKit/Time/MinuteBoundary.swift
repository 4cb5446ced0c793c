import FoundationEssentials

/// When the clock on screen next shows another minute: `rain watch` redraws then, so its
/// local time and the data's age stay true between refreshes.
public enum MinuteBoundary {
    /// A little past the boundary, so a timer that fires early still sees the new minute.
    static let margin: TimeInterval = 0.1

    public static func delay(after date: Date) -> Duration {
        let seconds = date.timeIntervalSince1970
        let next = (seconds / 60).rounded(.down) * 60 + 60
        return .milliseconds(Int64(((next - seconds + margin) * 1000).rounded()))
    }
}
