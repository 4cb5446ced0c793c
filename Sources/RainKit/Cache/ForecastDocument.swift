import FoundationEssentials

/// The forecast document of the cache and of `rain show --json` (`docs/forecast-json.md`):
/// snake_case keys, times as ISO 8601 UTC strings, absent values left out, members in the
/// order of their keys. Its fields are declared once, here and in `ForecastFields`, and both
/// read and write it.
enum ForecastDocument {
    static let schemaVersion = 1

    private static let tables = ForecastFields.rain

    static let fields: [JSONField<CachedForecast>] = [
        JSONField("schema_version", .exactly(Double(schemaVersion)) { found in
            "unsupported schema version \(JSONValue.format(found)) (this rain reads \(schemaVersion))"
        }),
        JSONField("location", .required(\.location, JSONFields(LocationFields.identity, naming: .rain))),
        JSONField("fetched_at", .time(\.fetchedAt)),
        JSONField("source", .name(\.source)),
        JSONField("units", .requiredChoice(\.forecast.units)),
        JSONField("timezone", .name(\.forecast.timeZone)),
        JSONField("forecast_coordinate", .required(\.forecast.coordinate, tables.coordinate)),
        JSONField("current", .object(\.forecast.current, tables.conditions, .blank)),
        JSONField("next_hour", .object(\.forecast.nextHour, tables.nextHour, Forecast.NextHour())),
        JSONField("hourly_summary", .text(\.forecast.hourlySummary)),
        JSONField("hourly", .list(\.forecast.hourly, tables.hour, .blank)),
        JSONField("daily_summary", .text(\.forecast.dailySummary)),
        JSONField("daily", .list(\.forecast.daily, tables.day, .blank)),
        JSONField("alerts", .list(\.forecast.alerts, tables.alert, Forecast.Alert(title: ""))),
    ]

    private static let table = JSONFields(fields, naming: .rain)

    static func cachedForecast(from root: JSONNode) throws(JSONError) -> CachedForecast {
        guard root.kind == .object else { throw root.mismatch("an object") }
        var cached = CachedForecast(
            location: LocationFields.blank,
            fetchedAt: .distantPast, source: "",
            forecast: Forecast(coordinate: Coordinate(latitude: 0, longitude: 0), timeZone: "", units: .si))
        try table.read(root, into: &cached)
        return cached
    }

    /// One cached forecast: compact for the cache, pretty for `rain show --json`.
    static func bytes(of cached: CachedForecast, compactly: Bool) -> [UInt8] {
        var writer = JSONWriter(compactly: compactly, capacity: 24 * 1024)
        table.write(cached, to: &writer, depth: 0)
        return writer.finished()
    }

    /// Several, as one pretty-printed array.
    static func bytes(of forecasts: [CachedForecast]) -> [UInt8] {
        var writer = JSONWriter(capacity: 24 * 1024 * max(1, forecasts.count))
        guard !forecasts.isEmpty else {
            writer.write(.array([]), depth: 0)
            return writer.finished()
        }
        for (index, cached) in forecasts.enumerated() {
            writer.openElement(isFirst: index == 0, depth: 1)
            table.write(cached, to: &writer, depth: 1)
        }
        writer.close("]", depth: 0)
        return writer.finished()
    }
}
