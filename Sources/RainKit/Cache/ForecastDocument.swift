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
            LocalizedText(N_("unsupported schema version {found} (this rain reads {version})"),
                          ["found": .verbatim(JSONValue.format(found)), "version": .verbatim(String(schemaVersion))])
        }),
        JSONField("location", .required({ $0.location }, { $0.location = $1 },
                                        JSONFields(LocationFields.identity, naming: .rain), LocationFields.blank)),
        JSONField("fetched_at", .time({ $0.fetchedAt }, { $0.fetchedAt = $1 })),
        JSONField("source", .name({ $0.source }, { $0.source = $1 })),
        JSONField("units", .requiredChoice({ $0.forecast.units }, { $0.forecast.units = $1 })),
        JSONField("language", .text({ $0.language }, { $0.language = $1 })),
        JSONField("lookup_matches", .number({ $0.lookupMatches.map(Double.init) }, { $0.lookupMatches = $1.flatMap { Int(exactly: $0) } })),
        JSONField("display_units", .object({ $0.displayUnits }, { $0.displayUnits = $1 }, displayUnitsTable, DisplayUnits(preset: .si))),
        JSONField("timezone", .name({ $0.forecast.timeZone }, { $0.forecast.timeZone = $1 })),
        JSONField("utc_offset_seconds", .number({ $0.forecast.utcOffset.map(Double.init) },
                                                { $0.forecast.utcOffset = $1.flatMap { Int(exactly: $0) } })),
        JSONField("forecast_coordinate", .required({ $0.forecast.coordinate }, { $0.forecast.coordinate = $1 },
                                                   tables.coordinate, Coordinate(latitude: 0, longitude: 0))),
        JSONField("current", .object({ $0.forecast.current }, { $0.forecast.current = $1 }, tables.conditions, .blank)),
        JSONField("next_hour", .object({ $0.forecast.nextHour }, { $0.forecast.nextHour = $1 }, tables.nextHour, Forecast.NextHour())),
        JSONField("hourly_summary", .text({ $0.forecast.hourlySummary }, { $0.forecast.hourlySummary = $1 })),
        JSONField("hourly", .list({ $0.forecast.hourly }, { $0.forecast.hourly = $1 }, tables.hour, .blank)),
        JSONField("daily_summary", .text({ $0.forecast.dailySummary }, { $0.forecast.dailySummary = $1 })),
        JSONField("daily", .list({ $0.forecast.daily }, { $0.forecast.daily = $1 }, tables.day, .blank)),
        JSONField("alerts", alertsField),
        JSONField("alerts_asked_at", .optionalTime({ $0.forecast.alertsAskedAt }, { $0.forecast.alertsAskedAt = $1 })),
        JSONField("alerts_last_modified", .text({ $0.forecast.alertsLastModified }, { $0.forecast.alertsLastModified = $1 })),
        JSONField("alerts_expire_at", .optionalTime({ $0.forecast.alertsExpire }, { $0.forecast.alertsExpire = $1 })),
        JSONField("alert_feeds_that_failed", .textsIfAny({ $0.forecast.alertFeedsThatFailed.map(\.rawValue).sorted() },
                                                         { $0.forecast.alertFeedsThatFailed = Set($1.compactMap(AlertSource.init(rawValue:))) })),
        JSONField("air", .object({ $0.forecast.air }, { $0.forecast.air = $1 }, AirQualityFields.air, AirQuality())),
        JSONField("spread", .object({ $0.spread }, { $0.spread = $1 }, ForecastSpreadFields.spread,
                                    ForecastSpread(model: "", members: 0, hourly: [], daily: []))),
        // Whose data these are (`DataCredit`): worked out from the rest, so written only where
        // `rain show --json` shows the forecast (with its display units), never read back.
        JSONField("attribution", .writtenOnly { cached in
            guard cached.displayUnits != nil else { return nil }
            let credits = cached.credits
            return .nested { writer, depth in
                writer.writeArray(credits, depth: depth) { writer, credit in creditTable.write(credit, to: &writer, depth: depth + 1) }
            }
        }),
    ]

    private static let creditTable = JSONFields<DataCredit>([
        JSONField("part", .name({ $0.part }, { $0.part = $1 })),
        JSONField("name", .name({ $0.name }, { $0.name = $1 })),
        JSONField("url", .name({ $0.url }, { $0.url = $1 })),
        JSONField("licence", .name({ $0.licence }, { $0.licence = $1 })),
    ], naming: .rain)

    private static let table = JSONFields(fields, naming: .rain)

    private static let displayUnitsTable = JSONFields<DisplayUnits>([
        JSONField("temperature", .requiredChoice({ $0.temperature }, { $0.temperature = $1 })),
        JSONField("wind", .requiredChoice({ $0.wind }, { $0.wind = $1 })),
        JSONField("precipitation", .requiredChoice({ $0.precipitation }, { $0.precipitation = $1 })),
        JSONField("pressure", .requiredChoice({ $0.pressure }, { $0.pressure = $1 })),
        JSONField("distance", .requiredChoice({ $0.distance }, { $0.distance = $1 })),
        JSONField("clock", .requiredChoice({ $0.clock }, { $0.clock = $1 })),
    ], naming: .rain)

    static func cachedForecast(from root: JSONNode) throws(JSONError) -> CachedForecast {
        guard root.kind == .object else { throw root.mismatch(N_("an object")) }
        return try table.read(root, startingFrom: CachedForecast(
            location: LocationFields.blank,
            fetchedAt: .distantPast, source: "",
            forecast: Forecast(coordinate: Coordinate(latitude: 0, longitude: 0), timeZone: "", units: .si)))
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
        writer.writeArray(forecasts, depth: 0) { writer, cached in table.write(cached, to: &writer, depth: 1) }
        return writer.finished()
    }
}
