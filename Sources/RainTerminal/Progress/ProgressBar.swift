import RainKit

/// "Refreshing [########------------] 37/200": how far a batch has come, for the spinner line
/// (which is drawn only on a terminal).
public enum ProgressBar {
    public static let width = 20

    public static func line(_ label: String, done: Int, total: Int) -> String {
        let total = max(total, 1)
        let done = min(max(done, 0), total)
        let filled = done * width / total
        return "\(label) [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            + "] \(done)/\(total)"
    }
}
