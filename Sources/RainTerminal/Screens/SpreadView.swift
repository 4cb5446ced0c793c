import FoundationEssentials
import RainKit

/// `rain show --spread`: under the forecast, how sure it is, day by day, from the ensemble's
/// runs (`ForecastSpread`): the model by its name, what the ranges are (said once), each
/// day (labelled as the forecast's days are) with the likely range of the high and the low
/// (10th to 90th percentile across runs) and how many runs bring rain or snow (`WetKind`),
/// and the day whose high the runs disagree on most. Fits 50 columns; in fewer, each line is
/// cut to the width (`show --spread` leaves the spread out of a window too narrow for any screen),
/// unless `cutsLines` is off: output that is not a terminal is laid out for `width` (an
/// exported `COLUMNS`) where it fits, and keeps every line whole, as the forecast above it does.
///
///       How sure: ICON (DWD), 40 runs
///       Highs and lows: the middle 80% of the runs
///               highs  lows
///       Today  12…15°  3…6°  dry in 34 of 40 runs
///       Mon 7   9…17°  2…5°  snow in 31 of 40 runs
///       Mon 7: runs disagree on the high, 9° to 17°
///
/// (`foldsRangeNote`: "        highs  lows  (middle 80% of runs)" in place of the second line.)
public struct SpreadView {
    public var width: Int
    public var ascii: Bool
    public var now: Date
    public var presentation: Presentation
    /// Days shown from today (7 by default).
    public var dayCount: Int?
    /// When a kept spread was fetched (`--offline`): its age heads the lines.
    public var fetchedAt: Date?
    /// Whether lines are cut to `width` (a terminal); when not (a pipe), a line wider than
    /// `width` stays whole.
    public var cutsLines: Bool
    /// Whether the lines end with the day the runs are least sure of, which a window of few
    /// lines gives up only with a lone day's row.
    public var showsLeastSureDay = true
    /// Whether a line names the days where the forecast above and the runs differ, which a
    /// window of few lines gives up before a day's row.
    public var showsDifferingDays = true
    /// Whether what the ranges are is said on the columns' heading row, where it fits there,
    /// rather than on a line of its own ("highs  lows  (middle 80% of runs)"): a line for a day
    /// on a window of few lines.
    public var foldsRangeNote = false
    /// The days from today the least sure day is of (7 by default), whether or not a window of
    /// few lines shows their rows: the sentence names its day and range.
    public var leastSureDayCount: Int?

    public init(width: Int, ascii: Bool, now: Date, presentation: Presentation, cutsLines: Bool = true) {
        self.width = width
        self.ascii = ascii
        self.now = now
        self.presentation = presentation
        self.cutsLines = cutsLines
    }

    /// Indented as the forecast's sections above it are, where every line has the columns
    /// for it whole; else flush left, where a day's words are not cut.
    public func lines(_ spread: ForecastSpread, of cached: CachedForecast) -> [String] {
        let room = width - Self.indent.count
        if room > 0 {
            let indented = table(spread, of: cached, width: room)
            if indented.allSatisfy({ $0.displayWidth <= room }) { return indented.map { Self.indent + $0 } }
        }
        let lines = table(spread, of: cached, width: width)
        return cutsLines ? lines.map { $0.truncated(toDisplayWidth: width) } : lines
    }

    static let indent = "  "

    private func table(_ spread: ForecastSpread, of cached: CachedForecast, width: Int) -> [String] {
        let words = presentation.localization
        let clock = presentation.clock(cached.forecast)
        let format = presentation.format(cached.forecast)
        func whole(_ value: Double?) -> String {
            format.temperature(value).map { MeasureFormat.whole($0) } ?? MeasureFormat.missing
        }
        func range(_ low: Double?, _ high: Double?) -> String {
            // No value at all is "–", as everywhere else, not a temperature of none ("–°").
            guard low != nil || high != nil else { return MeasureFormat.missing }
            let (a, b) = (whole(low), whole(high))
            return (a == b ? a : a + (ascii ? ".." : "…") + b) + "°"
        }
        let days = spread.daily.filter { $0.time.addingTimeInterval(86400) > now }.prefix(dayCount ?? 7)
        guard !days.isEmpty else { return [words.tr("The ensemble has no days ahead.")] }
        let model = EnsembleModel(rawValue: spread.model).map { words.tr($0.displayName) } ?? spread.model.strippingControlCharacters
        let title: KeyValuePairs = ["model": model, "count": String(spread.members)]
        var lines = [words.trn("How sure: {model}, 1 run", "How sure: {model}, {count} runs", count: spread.members, title)]
        if let fetchedAt {
            let age = AgeFormatter.string(since: fetchedAt, now: now, localization: words)
            let header = words.trn("How sure: {model}, 1 run, {age}", "How sure: {model}, {count} runs, {age}", count: spread.members,
                                   ["model": model, "count": String(spread.members), "age": age])
            // Where the age does not fit the line, on a line of its own.
            if header.displayWidth <= width {
                lines[0] = header
            } else {
                lines.append(words.tr("fetched {age}", ["age": age]))
            }
        }
        // What the ranges are, once for all the days; one run has no middle, only its values.
        let note = spread.members == 1 ? words.tr("Highs and lows: the only run's")
                                       : words.tr("Highs and lows: the middle {share} of the runs", ["share": "80%"])
        let shortNote = spread.members == 1 ? nil : words.tr("(middle {share} of runs)", ["share": "80%"])
        let noteAt = lines.count
        lines.append(note)
        let ranges = days.map { (range($0.highP10, $0.highP90), range($0.lowP10, $0.lowP90)) }
        // Each column as wide as its heading too, which is never cut ("–°" is narrower than "highs").
        let (highs, lows) = (words.tr("highs"), words.tr("lows"))
        let highWidth = max(ranges.map { $0.0.displayWidth }.max() ?? 0, highs.displayWidth)
        let lowWidth = max(ranges.map { $0.1.displayWidth }.max() ?? 0, lows.displayWidth)
        let names = days.map { clock.dayLabel($0.time, now: now) }
        let nameWidth = names.map(\.displayWidth).max() ?? 3
        let runs = days.map { runsText($0, in: cached.forecast, clock: clock) }
        // Two spaces between columns where every day's line fits so, else one.
        let widest = nameWidth + highWidth + lowWidth + (runs.map(\.displayWidth).max() ?? 0)
        let gap = widest + 6 <= width ? "  " : " "
        let heading = "".padded(to: nameWidth) + gap + highs.padded(to: highWidth, alignRight: true)
            + gap + lows.padded(to: lowWidth, alignRight: true)
        if foldsRangeNote, let shortNote, heading.displayWidth + gap.count + shortNote.displayWidth <= width {
            lines.remove(at: noteAt)
            lines.append(heading + gap + shortNote)
        } else {
            lines.append(heading)
        }
        for (i, text) in runs.enumerated() {
            let line = names[i].padded(to: nameWidth) + gap + ranges[i].0.padded(to: highWidth, alignRight: true)
                + gap + ranges[i].1.padded(to: lowWidth, alignRight: true) + (text.isEmpty ? "" : gap + text)
            lines.append(line)
        }
        // The forecast's days the runs stop short of (the model's horizon, or a last day the
        // ensemble has too few hours of), said in a line rather than left out unsaid.
        let forecastDays = ForecastView.daysAhead(in: cached.forecast, now: now, clock: clock).prefix(dayCount ?? 7)
        if let last = days.last, let missing = forecastDays.first(where: { clock.startOfDay($0.time) > clock.startOfDay(last.time) }) {
            lines.append(words.tr("No runs from {day} on", ["day": clock.dayLabel(missing.time, now: now)]))
        }
        if showsDifferingDays, showsLeastSureDay, let line = differingLine(days, in: cached.forecast, clock: clock, width: width) { lines.append(line) }
        // One run cannot disagree with itself.
        if showsLeastSureDay, spread.members > 1, let day = spread.leastSureDay(from: now, days: leastSureDayCount ?? dayCount ?? 7) {
            let values: KeyValuePairs = ["day": clock.dayLabel(day.time, now: now), "low": whole(day.highP10) + "°", "high": whole(day.highP90) + "°"]
            // Wider than 4 °C (7 °F) is a real disagreement; narrower, only the least sure day.
            let apart = (day.highP90 ?? 0) - (day.highP10 ?? 0)
            let sentence = apart >= (cached.forecast.units == .us ? 7 : 4)
                ? words.tr("{day}: runs disagree on the high, {low} to {high}", values)
                : words.tr("{day}: the high is least sure, {low} to {high}", values)
            lines.append(sentence)
        }
        return lines
    }

    /// Where the forecast above and the runs say opposite things of a day's rain (its chance
    /// and the share of wet runs half the scale or more apart: "92% 1.6 mm" over "dry in 22 of
    /// 31 runs"), why and what it means, in a few words: "Mon 7: another model disagrees, so
    /// less sure" (45 columns for "Mon 17": indented, it fits 50). The days as many as fit
    /// `width`, then "…".
    func differingLine(_ days: some Collection<ForecastSpread.Day>, in forecast: Forecast, clock: LocalClock, width: Int) -> String? {
        let words = presentation.localization
        let labels = days.filter { day in
            guard let share = day.precipChance,
                  let chance = forecast.daily.first(where: { clock.isSameDay($0.time, day.time) })?.precipProbability else { return false }
            return abs(chance - share) >= 0.5
        }.map { clock.dayLabel($0.time, now: now) }
        guard !labels.isEmpty else { return nil }
        func line(_ shown: Int) -> String {
            let list = labels.prefix(shown).joined(separator: words.tr(N_(", "))) + (shown < labels.count ? "…" : "")
            return words.tr("{days}: another model disagrees, so less sure", ["days": list])
        }
        let shown = (1...labels.count).last { line($0).displayWidth <= width } ?? 1
        return line(shown)
    }

    /// "dry in 34 of 40 runs" where most runs are dry, else (half of them too) what they bring: a run counts
    /// with 0.1 mm of rain or snow, so the words say which the forecast expects that day
    /// (`WetKind`). The noun goes with the total (40 runs); a day of one run says what the
    /// only run brings ("dry in the only run"), never "1 of 1". Nothing where the runs had no
    /// precipitation.
    func runsText(_ day: ForecastSpread.Day, in forecast: Forecast, clock: LocalClock) -> String {
        let words = presentation.localization
        guard day.runs > 0 else { return "" }
        if day.runs == 1 {
            guard day.rainRuns == 1 else { return words.tr("dry in the only run") }
            switch WetKind(day, in: forecast, clock: clock) {
            case .rain: return words.tr("rain in the only run")
            case .snow: return words.tr("snow in the only run")
            case .either: return words.tr("rain/snow in the only run")
            }
        }
        guard day.rainRuns * 2 >= day.runs else {
            return words.tr("dry in {count} of {total} runs", ["count": String(day.runs - day.rainRuns), "total": String(day.runs)])
        }
        let values: KeyValuePairs = ["count": String(day.rainRuns), "total": String(day.runs)]
        switch WetKind(day, in: forecast, clock: clock) {
        case .rain: return words.tr("rain in {count} of {total} runs", values)
        case .snow: return words.tr("snow in {count} of {total} runs", values)
        case .either: return words.tr("rain/snow in {count} of {total} runs", values)
        }
    }
}
