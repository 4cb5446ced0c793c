import FoundationEssentials
import RainKit

/// `rain show --spread`: under the forecast, how sure it is, day by day, from the ensemble's
/// runs (`ForecastSpread`): the likely range of the high and the low (10th to 90th percentile
/// across runs), how many runs bring rain, and the day the runs disagree on most. Fits 50
/// columns.
///
///     How sure: 40 runs of icon_seamless
///           high      low
///     Sun  12…15°    3…6°   dry in 34 of 40 runs
///     Sat   9…17°    2…5°   rain in 12 of 40 runs
///     Sat 12: the runs disagree, 9° to 17°
public struct SpreadView {
    public var width: Int
    public var ascii: Bool
    public var now: Date
    public var presentation: Presentation
    /// Days shown from today (7 by default).
    public var dayCount: Int?
    /// When a kept spread was fetched (`--offline`): its age heads the lines.
    public var fetchedAt: Date?

    public init(width: Int, ascii: Bool, now: Date, presentation: Presentation) {
        self.width = width
        self.ascii = ascii
        self.now = now
        self.presentation = presentation
    }

    public func lines(_ spread: ForecastSpread, of cached: CachedForecast) -> [String] {
        let words = presentation.localization
        let clock = presentation.clock(cached.forecast)
        let format = presentation.format(cached.forecast)
        func whole(_ value: Double?) -> String {
            format.temperature(value).map { MeasureFormat.whole($0) } ?? MeasureFormat.missing
        }
        func range(_ low: Double?, _ high: Double?) -> String {
            let (a, b) = (whole(low), whole(high))
            return (a == b ? a : a + (ascii ? ".." : "…") + b) + "°"
        }
        let days = spread.daily.filter { $0.time.addingTimeInterval(86400) > now }.prefix(dayCount ?? 7)
        guard !days.isEmpty else { return [words.tr("The ensemble has no days ahead.")] }
        var lines = [words.tr("How sure: {count} runs of {model}", ["count": String(spread.members), "model": spread.model])]
        if let fetchedAt {
            let age = AgeFormatter.string(since: fetchedAt, now: now, localization: words)
            let header = words.tr("How sure: {count} runs of {model}, {age}", ["count": String(spread.members), "model": spread.model, "age": age])
            // Where the age does not fit the line, on a line of its own.
            if header.displayWidth <= width {
                lines[0] = header
            } else {
                lines.append(words.tr("fetched {age}", ["age": age]).truncated(toDisplayWidth: width))
            }
        }
        let ranges = days.map { (range($0.highP10, $0.highP90), range($0.lowP10, $0.lowP90)) }
        let highWidth = max(ranges.map { $0.0.displayWidth }.max() ?? 0, 4), lowWidth = max(ranges.map { $0.1.displayWidth }.max() ?? 0, 4)
        let names = days.map { clock.weekday($0.time) }
        let nameWidth = names.map(\.displayWidth).max() ?? 3
        lines.append("".padded(to: nameWidth) + "  " + words.tr("highs").padded(to: highWidth, alignRight: true)
                     + "  " + words.tr("lows").padded(to: lowWidth, alignRight: true))
        for (i, day) in days.enumerated() {
            let rainy = day.rainRuns * 2 > day.runs
            // The noun goes with the total (40 runs), never 1: no plural forms.
            let runs = rainy
                ? words.tr("rain in {count} of {total} runs", ["count": String(day.rainRuns), "total": String(day.runs)])
                : words.tr("dry in {count} of {total} runs", ["count": String(day.runs - day.rainRuns), "total": String(day.runs)])
            let line = names[i].padded(to: nameWidth) + "  " + ranges[i].0.padded(to: highWidth, alignRight: true)
                + "  " + ranges[i].1.padded(to: lowWidth, alignRight: true) + "  " + runs
            lines.append(line.truncated(toDisplayWidth: width))
        }
        if let day = spread.leastSureDay(from: now), days.contains(day) {
            let values: KeyValuePairs = ["day": clock.weekdayAndDay(day.time), "low": whole(day.highP10) + "°", "high": whole(day.highP90) + "°"]
            // Wider than 4 °C (7 °F) is a real disagreement; narrower, only the least sure day.
            let apart = (day.highP90 ?? 0) - (day.highP10 ?? 0)
            let sentence = apart >= (cached.forecast.units == .us ? 7 : 4)
                ? words.tr("{day}: the runs disagree, {low} to {high}", values)
                : words.tr("{day} is the least sure, {low} to {high}", values)
            lines.append(sentence.truncated(toDisplayWidth: width))
        }
        return lines
    }
}
