import FoundationEssentials
import RainKit

extension StatusTemplate {
    /// Whether the line shows the ensemble's spread, which `--format` reads from its own cache.
    public var showsSpread: Bool {
        pieces.contains { $0 == .placeholder(.tempRange) || $0 == .placeholder(.rainRuns) }
    }
}

extension StatusValues {
    /// `{temp_range}`, today's likely high (the 10th to the 90th percentile of the runs' highs,
    /// "9…17°C", "9..17C" in ASCII), and `{rain_runs}`, the runs that bring rain today of all
    /// ("34/40"), from the spread `rain show --spread` last kept for the place, however old;
    /// missing ("–") where none is kept or it has no today.
    static func spread(_ cached: CachedForecast, now: Date, ascii: Bool, missing: String,
                       presentation: Presentation) -> [StatusTemplate.Placeholder: String] {
        let format = presentation.format(cached.forecast)
        guard let today = cached.spread?.daily.last(where: { $0.time <= now && $0.time.addingTimeInterval(86400) > now }) else {
            return [.tempRange: missing, .rainRuns: missing]
        }
        let unit = ascii ? format.temperatureLabel.replacingAll("°", with: "") : format.temperatureLabel
        var range = missing
        if let low = format.temperature(today.highP10), let high = format.temperature(today.highP90) {
            let (a, b) = (MeasureFormat.whole(low), MeasureFormat.whole(high))
            range = (a == b ? a : a + (ascii ? ".." : "…") + b) + unit
        }
        return [.tempRange: range, .rainRuns: today.runs > 0 ? "\(today.rainRuns)/\(today.runs)" : missing]
    }
}
