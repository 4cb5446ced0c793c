import RainKit

/// The one line `rain watch` logs per refresh, and the cells of `rain refresh`'s table:
/// `Berlin  24 °C  Partly Cloudy`.
public enum RefreshLine {
    public static func render(_ cached: CachedForecast, usesColor: Bool = false) -> String {
        let cells = cells(cached, style: TextStyle(usesColor: usesColor))
        return ([cells.name, cells.temperature] + (cells.summary.isEmpty ? [] : [cells.summary])).joined(separator: "  ")
    }

    static func cells(_ cached: CachedForecast, style: TextStyle) -> (name: String, temperature: String, summary: String) {
        let units = cached.forecast.units
        let current = cached.forecast.current
        var temperature = MeasureFormat.missing
        if let value = current?.temperature {
            temperature = style.temperature("\(MeasureFormat.whole(value)) \(UnitLabels(units).temperature)", celsius: units.celsius(value))
        }
        let summary = current?.summary?.screenSafe.truncated(toDisplayWidth: 60) ?? ""
        return (style.bold(cached.location.name.screenSafe), temperature, summary)
    }
}
