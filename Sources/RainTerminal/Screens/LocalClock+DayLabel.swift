import FoundationEssentials
import RainKit

extension LocalClock {
    /// A day's label where the screens list days (the forecast's days and parts, the
    /// ensemble's spread): "Today", else "Mon 7".
    func dayLabel(_ day: Date, now: Date) -> String {
        isSameDay(day, now) ? localization.tr("Today") : weekdayAndDay(day)
    }
}
