import FoundationEssentials
import RainKit
import RainTerminal

/// `rain show --day DAY`: one day's row and hours; `rain show --parts`: the days in four parts.
extension ShowCommand {
    static let day = Option<String>("day", value: "day", help: "Show one day and its hours: today, tomorrow, a weekday (sat, or in your language) or a date (2026-12-12).")

    static let parts = Flag("parts", help: "Show each day in four parts: morning 06-12, afternoon 12-18, evening 18-24 and the night after, 00-06 (--days N: how many); before 06:00, a first row, Tonight, covers the rest of the night.")

    static func checkParts(_ parts: Bool, all: Bool, json: Bool, format: Bool, graph: Bool, hours: Int?, day: String?, spread: Bool) throws {
        guard parts else { return }
        let others: [(Bool, String)] = [(all, "--all"), (json, "--json"), (format, "--format"), (graph, "--graph"),
                                        (hours != nil, "--hours"), (day != nil, "--day"), (spread, "--spread")]
        if let other = others.first(where: \.0)?.1 {
            throw ValidationError(N_("'{option}' cannot be combined with '{other}'"), ["option": "--parts", "other": other])
        }
    }

    static let dayExpectation = N_("today, tomorrow, a weekday or a date (2026-12-12)")

    /// What the command line alone can tell: --day goes with the forecast screen only.
    static func checkDay(_ day: String?, all: Bool, json: Bool, format: Bool, graph: Bool, hours: Int?, days: Int?, spread: Bool) throws {
        guard day != nil else { return }
        let others: [(Bool, String)] = [(all, "--all"), (json, "--json"), (format, "--format"), (graph, "--graph"),
                                        (hours != nil, "--hours"), (days != nil, "--days"), (spread, "--spread")]
        if let other = others.first(where: \.0)?.1 {
            throw ValidationError(N_("'{option}' cannot be combined with '{other}'"), ["option": "--day", "other": other])
        }
    }

    /// The word as a day, in English or the language of this run; a usage error otherwise.
    static func dayChoice(_ word: String, _ context: CommandContext) throws -> DayChoice {
        guard let choice = DayChoice(word, localization: context.localization) else {
            throw ParseError.invalidValue(word, for: "--day <day>", expectation: dayExpectation)
        }
        return choice
    }

    /// The forecast's day the word names; a day the forecast does not reach (or one gone by)
    /// is an error that says which days it has (exit 65).
    static func chosenDay(_ word: String, in forecast: Forecast, now: Date, presentation: Presentation, _ context: CommandContext) throws -> Date {
        let choice = try dayChoice(word, context)
        let clock = presentation.clock(forecast)
        let days = ForecastView.daysAhead(in: forecast, now: now)
        if let day = choice.day(among: days.map(\.time), now: now, clock: clock) { return day }
        guard let first = days.first, let last = days.last else {
            throw CommandFailure(LocalizedText(N_("'--day {day}': the forecast has no days from today"), ["day": .verbatim(word)]), kind: .badData)
        }
        throw CommandFailure(LocalizedText(N_("'--day {day}': the forecast goes from {first} to {last}"),
                                           ["day": .verbatim(word), "first": .verbatim(clock.weekdayAndDay(first.time)),
                                            "last": .verbatim(clock.weekdayAndDay(last.time))]),
                             kind: .badData)
    }
}
