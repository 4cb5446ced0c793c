/// The one line `rain refresh` prints per place: `Berlin  24 °C  Partly Cloudy`.
public enum RefreshLine {
    public static func render(_ cached: CachedForecast, usesColor: Bool = false) -> String {
        let style = TextStyle(usesColor: usesColor)
        let units = cached.forecast.units
        let current = cached.forecast.current
        var parts = [style.bold(cached.location.name.screenSafe)]
        if let temperature = current?.temperature {
            parts.append(style.temperature("\(MeasureFormat.whole(temperature)) \(UnitLabels(units).temperature)",
                                           celsius: units.celsius(temperature)))
        } else {
            parts.append(MeasureFormat.missing)
        }
        if let summary = current?.summary?.screenSafe, !summary.isEmpty {
            parts.append(summary.truncated(toDisplayWidth: 60))
        }
        return parts.joined(separator: "  ")
    }
}
