import FoundationEssentials

/// A day named on the command line (`rain show --day sat`): today, tomorrow, a weekday in
/// English or in the screen's language, or a date (2026-12-12). Which day of a forecast it
/// is depends on the place's clock: `day(among:now:clock:)`.
public enum DayChoice: Sendable, Equatable {
    /// Days after today: 0 today, 1 tomorrow.
    case fromToday(Int)
    /// 0 for Sunday ... 6 for Saturday: the first such day from today.
    case weekday(Int)
    /// Days since 1970-01-01 of a calendar date.
    case date(localDays: Int)

    /// What `word` names, or nil. A weekday is its abbreviation or full name or the beginning
    /// of its full name (three letters or more) that names it alone, letter case and a final
    /// '.' aside: in English, or in `localization`'s language ("sam", "samedi").
    public init?(_ word: String, localization: Localization) {
        var typed = word.trimmingSpaces.lowercased()
        if typed.hasSuffix(".") { typed.removeLast() }
        guard !typed.isEmpty else { return nil }
        if let date = Self.date(typed) {
            self = .date(localDays: date)
            return
        }
        for language in [Localization.english, localization] {
            if typed == language.tr(N_("today")).lowercased() { self = .fromToday(0); return }
            if typed == language.tr(N_("tomorrow")).lowercased() { self = .fromToday(1); return }
            if let weekday = Self.weekday(typed, in: language) {
                self = .weekday(weekday)
                return
            }
        }
        return nil
    }

    private static let fullWeekdays = [N_("Sunday"), N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"),
                                       N_("Friday"), N_("Saturday")]

    private static func weekday(_ typed: String, in language: Localization) -> Int? {
        func folded(_ text: String) -> String {
            var text = text.lowercased()
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
        let short = LocalClock.weekdays.map { folded(language.tr($0)) }
        let full = fullWeekdays.map { folded(language.tr($0)) }
        if let index = short.firstIndex(of: typed) ?? full.firstIndex(of: typed) { return index }
        guard typed.count >= 3 else { return nil }
        let starts = full.indices.filter { full[$0].hasPrefix(typed) }
        return starts.count == 1 ? starts[0] : nil
    }

    /// YYYY-MM-DD, a real date.
    private static func date(_ typed: String) -> Int? {
        let parts = typed.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...CivilDate.daysInMonth(month, of: year)).contains(day) else { return nil }
        return CivilDate(year: year, month: month, day: day).days
    }

    /// The day among `days` (a forecast's, each a moment of its local day) this choice names,
    /// counting from the local day of `now`; nil where the forecast has no such day.
    public func day(among days: [Date], now: Date, clock: LocalClock) -> Date? {
        let today = clock.localDays(now)
        let ahead = days.filter { clock.localDays($0) >= today }
        switch self {
        case .fromToday(let count):
            return ahead.first { clock.localDays($0) == today + count }
        case .weekday(let weekday):
            return ahead.first { clock.localDays($0) - today < 7 && CivilDate.weekday(days: clock.localDays($0)) == weekday }
        case .date(let localDays):
            return ahead.first { clock.localDays($0) == localDays }
        }
    }
}
