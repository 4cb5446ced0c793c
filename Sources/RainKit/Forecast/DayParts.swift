import FoundationEssentials

/// A day in four parts, as wttr.in and wego show it (`rain show --parts`): morning 06-12,
/// afternoon 12-18, evening 18-24, and the night after it, 00-06 of the next date.
public struct DayParts: Sendable {
    public enum Kind: Int, Sendable, CaseIterable {
        case morning, afternoon, evening, night

        /// The part's name, marked for the catalogue.
        public var name: String {
            switch self {
            case .morning: return N_("Morning")
            case .afternoon: return N_("Afternoon")
            case .evening: return N_("Evening")
            case .night: return N_("Night")
            }
        }

        /// The name where the full ones do not all fit a narrow column ("Nachm." for
        /// "Nachmittag" at 50 columns; English's fit down to 9 cells).
        public var shortName: String {
            switch self {
            case .morning: return N_("Morn.")
            case .afternoon: return N_("Aft.")
            case .evening: return N_("Eve.")
            case .night: return N_("Night")
            }
        }
    }

    /// One part: what its hours ahead say.
    public struct Part: Sendable, Equatable {
        /// The icon of its likeliest wet hour where one is 30% or more, else of its middle hour.
        public var icon: String?
        /// Its highest temperature (the night's lowest).
        public var temperature: Double?
        /// Its highest chance of precipitation.
        public var precipProbability: Double?
    }

    /// The day (a moment of its local date).
    public var day: Date
    /// The parts in order; nil where the forecast has none of its hours ahead.
    public var parts: [Part?]
    /// Whether this is yesterday's row, shown before 06:00 for the night under way: its
    /// night is the one a user is in (at 00:30 on Monday, Sunday's night), its other parts gone.
    public var isNightUnderWay = false

    /// Each day from today that has an hour ahead, at most `limit`; before 06:00 first the
    /// night under way (`isNightUnderWay`), which is no day and not counted.
    public static func days(of forecast: Forecast, now: Date, clock: LocalClock, limit: Int) -> [DayParts] {
        let hours = forecast.hourly.filter { $0.time.timeIntervalSince(now) > -3600 }
        // By the date and part each hour belongs to: an hour before 06:00 is the night of the date before.
        var byDay: [Int: [Kind: [Forecast.Hour]]] = [:]
        var moments: [Int: Date] = [:]
        for hour in hours {
            let clockHour = clock.hourOfDay(hour.time)
            let date = clock.localDays(hour.time) - (clockHour < 6 ? 1 : 0)
            let kind: Kind = clockHour < 6 ? .night : clockHour < 12 ? .morning : clockHour < 18 ? .afternoon : .evening
            byDay[date, default: [:]][kind, default: []].append(hour)
            // A moment of the date: an hour before 06:00 is a little after the date's last hour.
            moments[date] = moments[date] ?? hour.time.addingTimeInterval(clockHour < 6 ? -Double(clockHour + 1) * 3600 : 0)
        }
        let today = clock.localDays(now)
        // Before 06:00 the night a user is in belongs to the date before; of that date only
        // the night is shown, the rest of it gone by.
        let night = clock.hourOfDay(now) < 6 && byDay[today - 1]?[.night] != nil ? [today - 1] : []
        return (night + byDay.keys.sorted().filter { $0 >= today }.prefix(limit)).map { date in
            let kinds: [Kind] = date < today ? [.night] : Kind.allCases
            let parts = Kind.allCases.map { kind in kinds.contains(kind) ? byDay[date]?[kind].map { part($0, kind) } : nil }
            return DayParts(day: moments[date]!, parts: parts, isNightUnderWay: date < today)
        }
    }

    private static func part(_ hours: [Forecast.Hour], _ kind: Kind) -> Part {
        let wettest = hours.max { ($0.precipProbability ?? 0) < ($1.precipProbability ?? 0) }
        let icon = (wettest?.precipProbability ?? 0) >= 0.3 ? wettest?.icon : hours[hours.count / 2].icon
        let temperatures = hours.compactMap(\.temperature)
        return Part(icon: icon, temperature: kind == .night ? temperatures.min() : temperatures.max(), precipProbability: hours.compactMap(\.precipProbability).max())
    }
}
