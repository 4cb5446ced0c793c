import RainKit

/// The one line `rain watch` logs per refresh, and the cells of `rain refresh`'s table:
/// `Berlin  24 °C  Partly Cloudy`.
public enum RefreshLine {
    public static func render(_ cached: CachedForecast, usesColor: Bool = false, presentation: Presentation = Presentation()) -> String {
        let cells = cells(cached, style: TextStyle(usesColor: usesColor), presentation: presentation)
        return ([cells.name, cells.temperature] + (cells.summary.isEmpty ? [] : [cells.summary])).joined(separator: "  ")
    }

    static func cells(_ cached: CachedForecast, style: TextStyle, presentation: Presentation) -> (name: String, temperature: String, summary: String) {
        let current = cached.forecast.current
        var temperature = MeasureFormat.missing
        if let value = current?.temperature {
            temperature = style.temperature(presentation.format(cached.forecast).temperatureText(value), celsius: cached.forecast.units.celsius(value))
        }
        let summary = (current?.summary?.screenSafe).map { presentation.localization.tr($0).truncated(toDisplayWidth: 60) } ?? ""
        return (style.bold(cached.location.name.screenSafe), temperature, summary)
    }
}
