import FoundationEssentials
import RainKit

/// A row of block characters (▁▂▃▄▅▆▇█), one a value: the lowest value ▁, the highest █, a
/// missing value a space. In ASCII (`ASCIIConsole`) they read `_`, `.`, `-`, `=`, `#` (`^` is the
/// wind's arrow): the lowest alone is `_`, so a dry cell of the next hour's chart is not a light one.
public enum Sparkline {
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// On the values' own range: the shape of a day's temperatures.
    public static func text(_ values: [Double?]) -> String {
        let known = values.compactMap { $0 }.filter(\.isFinite)
        guard let low = known.min(), let high = known.max() else { return String(repeating: " ", count: values.count) }
        return text(values, from: low, to: high)
    }

    /// On a fixed range: chances of rain from 0 to 1, so a dry day stays low.
    public static func text(_ values: [Double?], from low: Double, to high: Double) -> String {
        String(values.map { value -> Character in
            guard let value, value.isFinite else { return " " }
            guard high > low else { return levels[0] }
            let fraction = min(max((value - low) / (high - low), 0), 1)
            return levels[Int((fraction * Double(levels.count - 1)).rounded())]
        })
    }

    /// The next `count` hours' temperatures and chances of precipitation, from the hour now.
    public static func temperatures(_ forecast: Forecast, now: Date, hours count: Int) -> String {
        text(ForecastView.hoursAhead(in: forecast, now: now).prefix(count).map(\.temperature))
    }

    public static func chances(_ forecast: Forecast, now: Date, hours count: Int) -> String {
        text(ForecastView.hoursAhead(in: forecast, now: now).prefix(count).map(\.precipProbability), from: 0, to: 1)
    }
}

extension Sparkline {
    /// The next hour's precipitation as `cells` blocks: dry ▁, light rain from ▂, 10 mm/h
    /// (heavy) and more █, on a square-root scale so a drizzle still shows.
    public static func nextHour(_ forecast: Forecast, now: Date, cells: Int) -> (text: String, minutes: Int, byTheHour: Bool)? {
        guard let chart = NextHourOutlook.chart(for: forecast.nextHour, units: forecast.units, now: now, cells: cells) else { return nil }
        let heavy = PrecipitationStrength.heavy.millimetresPerHour
        let text = String(chart.millimetresPerHour.map { value -> Character in
            guard value > 0 else { return levels[0] }
            let fraction = min(1, (value / heavy).squareRoot())
            return levels[max(1, Int((fraction * Double(levels.count - 1)).rounded(.up)))]
        })
        return (text, chart.minutes, chart.byTheHour)
    }
}
