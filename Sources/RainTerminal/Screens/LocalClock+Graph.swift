import FoundationEssentials
import RainKit

extension LocalClock {
    /// The hour of the day on the place's clock, 0-23.
    func hourOfDay(_ date: Date) -> Int {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        return ((local % 86_400) + 86_400) % 86_400 / 3_600
    }

    /// An hour label as short as the clock allows: "18", "18:30" in a half-hour zone, "6 PM".
    func shortHour(_ date: Date) -> String {
        let label = hour(date)
        return label.hasSuffix(":00") ? String(label.dropLast(3)) : label
    }
}
