import FoundationEssentials
import RainKit

extension ForecastView {
    /// `rain show --day`: the place, then the day's row as in the days (its name first), its sun and
    /// moon, and every hour of it still ahead (all in rows); today also the conditions now and
    /// the next hour. Alerts in force during the day follow.
    func dayLines(_ context: ForecastViewContext, day: Date, air: [String]) -> [String] {
        let isToday = context.clock.isSameDay(day, now)
        let sections = [context.header(), isToday ? context.currentSection() + air : [],
                        context.daysSection(on: day) + context.skySection(on: day),
                        hours(context, day: day), context.alertsSection(on: day)]
        var lines: [String] = []
        for section in sections where !section.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += section
        }
        return lines
    }

    /// The day's hours, with the feels-like and wind rows as the hours ahead have them (a day
    /// is shown whole, so they always have the lines), or a line that the forecast has none
    /// (its hours end before the day).
    private func hours(_ context: ForecastViewContext, day: Date) -> [String] {
        let hours = context.hoursSection(on: day, details: true)
        return hours.isEmpty ? ["  " + context.style.dim(context.tr("The forecast has no hours for this day."))] : hours
    }
}
