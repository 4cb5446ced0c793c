import FoundationEssentials

/// The forecast document written straight from the model, without a JSON value in between: a
/// cache file is written on every refresh. Each object's members are written in the sorted
/// order of their keys, as `JSONValue.serialized()` orders them (ForecastDocumentTests checks
/// that the two agree byte for byte).
extension ForecastDocument {
    /// One cached forecast: compact for the cache, pretty for `rain show --json`.
    static func bytes(of cached: CachedForecast, compactly: Bool) -> [UInt8] {
        var writer = JSONWriter(compactly: compactly, capacity: 24 * 1024)
        write(cached, to: &writer, depth: 0)
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
            write(cached, to: &writer, depth: 1)
        }
        writer.close("]", depth: 0)
        return writer.finished()
    }

    private static func write(_ cached: CachedForecast, to writer: inout JSONWriter, depth: Int) {
        let forecast = cached.forecast
        var root = Members(depth: depth)
        root.array("alerts", forecast.alerts, &writer, write)
        root.object("current", forecast.current, &writer, write)
        root.array("daily", forecast.daily, &writer, write)
        root.string("daily_summary", forecast.dailySummary, &writer)
        root.time("fetched_at", cached.fetchedAt, &writer)
        root.object("forecast_coordinate", forecast.coordinate, &writer, write)
        root.array("hourly", forecast.hourly, &writer, write)
        root.string("hourly_summary", forecast.hourlySummary, &writer)
        root.object("location", cached.location, &writer) { location, writer, depth in
            var members = Members(depth: depth)
            members.string("id", location.idString, &writer)
            members.number("latitude", location.coordinate.latitude, &writer)
            members.number("longitude", location.coordinate.longitude, &writer)
            members.string("name", location.name, &writer)
            members.close(&writer)
        }
        root.object("next_hour", forecast.nextHour, &writer) { nextHour, writer, depth in
            var members = Members(depth: depth)
            members.array("minutes", nextHour.minutes, &writer, write)
            members.string("summary", nextHour.summary, &writer)
            members.close(&writer)
        }
        root.number("schema_version", Double(schemaVersion), &writer)
        root.string("source", cached.source, &writer)
        root.string("timezone", forecast.timeZone, &writer)
        root.string("units", forecast.units.rawValue, &writer)
        root.close(&writer)
    }

    private static func write(_ coordinate: Coordinate, to writer: inout JSONWriter, depth: Int) {
        var members = Members(depth: depth)
        members.number("latitude", coordinate.latitude, &writer)
        members.number("longitude", coordinate.longitude, &writer)
        members.close(&writer)
    }

    private static func write(_ conditions: Forecast.Conditions, to writer: inout JSONWriter, depth: Int) {
        var members = Members(depth: depth)
        members.number("apparent_temperature", conditions.apparentTemperature, &writer)
        members.number("cloud_cover", conditions.cloudCover, &writer)
        members.number("dew_point", conditions.dewPoint, &writer)
        members.number("humidity", conditions.humidity, &writer)
        members.string("icon", conditions.icon, &writer)
        members.number("precip_intensity", conditions.precipIntensity, &writer)
        members.number("precip_probability", conditions.precipProbability, &writer)
        members.string("precip_type", conditions.precipType, &writer)
        members.number("pressure", conditions.pressure, &writer)
        members.string("summary", conditions.summary, &writer)
        members.number("temperature", conditions.temperature, &writer)
        members.time("time", conditions.time, &writer)
        members.number("uv_index", conditions.uvIndex, &writer)
        members.number("visibility", conditions.visibility, &writer)
        members.number("wind_bearing", conditions.windBearing, &writer)
        members.number("wind_gust", conditions.windGust, &writer)
        members.number("wind_speed", conditions.windSpeed, &writer)
        members.close(&writer)
    }

    private static func write(_ minute: Forecast.NextHour.Minute, to writer: inout JSONWriter, depth: Int) {
        var members = Members(depth: depth)
        members.number("precip_intensity", minute.precipIntensity, &writer)
        members.number("precip_probability", minute.precipProbability, &writer)
        members.string("precip_type", minute.precipType, &writer)
        members.time("time", minute.time, &writer)
        members.close(&writer)
    }

    private static func write(_ hour: Forecast.Hour, to writer: inout JSONWriter, depth: Int) {
        var members = Members(depth: depth)
        members.number("apparent_temperature", hour.apparentTemperature, &writer)
        members.number("humidity", hour.humidity, &writer)
        members.string("icon", hour.icon, &writer)
        members.number("precip_intensity", hour.precipIntensity, &writer)
        members.number("precip_probability", hour.precipProbability, &writer)
        members.string("precip_type", hour.precipType, &writer)
        members.string("summary", hour.summary, &writer)
        members.number("temperature", hour.temperature, &writer)
        members.time("time", hour.time, &writer)
        members.number("uv_index", hour.uvIndex, &writer)
        members.number("wind_bearing", hour.windBearing, &writer)
        members.number("wind_speed", hour.windSpeed, &writer)
        members.close(&writer)
    }

    private static func write(_ day: Forecast.Day, to writer: inout JSONWriter, depth: Int) {
        var members = Members(depth: depth)
        members.string("icon", day.icon, &writer)
        members.string("polar", day.polar?.rawValue, &writer)
        members.number("precip_accumulation", day.precipAccumulation, &writer)
        members.number("precip_probability", day.precipProbability, &writer)
        members.string("precip_type", day.precipType, &writer)
        members.number("snow_accumulation", day.snowAccumulation, &writer)
        members.string("summary", day.summary, &writer)
        members.time("sunrise", day.sunrise, &writer)
        members.time("sunset", day.sunset, &writer)
        members.number("temperature_high", day.temperatureHigh, &writer)
        members.number("temperature_low", day.temperatureLow, &writer)
        members.time("time", day.time, &writer)
        members.number("uv_index", day.uvIndex, &writer)
        members.number("wind_speed", day.windSpeed, &writer)
        members.close(&writer)
    }

    private static func write(_ alert: Forecast.Alert, to writer: inout JSONWriter, depth: Int) {
        var members = Members(depth: depth)
        members.string("description", alert.description, &writer)
        members.time("expires", alert.expires, &writer)
        members.array("regions", alert.regions, &writer) { region, writer, _ in writer.write(region) }
        members.string("severity", alert.severity, &writer)
        members.time("time", alert.time, &writer)
        members.string("title", alert.title, &writer)
        members.string("uri", alert.uri, &writer)
        members.close(&writer)
    }

    /// The members of one object at `depth` being written; absent values (nil, or numbers JSON
    /// cannot hold) are left out.
    private struct Members {
        let depth: Int
        private var isFirst = true

        init(depth: Int) { self.depth = depth }

        private mutating func open(_ key: String, _ writer: inout JSONWriter) {
            writer.openMember(key, isFirst: &isFirst, depth: depth + 1)
        }

        mutating func number(_ key: String, _ value: Double?, _ writer: inout JSONWriter) {
            guard let value, value.isFinite else { return }
            open(key, &writer)
            writer.write(value)
        }

        mutating func string(_ key: String, _ value: String?, _ writer: inout JSONWriter) {
            guard let value else { return }
            open(key, &writer)
            writer.write(value)
        }

        mutating func time(_ key: String, _ value: Date?, _ writer: inout JSONWriter) {
            string(key, value.map(UTCTimestamp.string), &writer)
        }

        mutating func object<Value>(_ key: String, _ value: Value?, _ writer: inout JSONWriter,
                                    _ write: (Value, inout JSONWriter, Int) -> Void) {
            guard let value else { return }
            open(key, &writer)
            write(value, &writer, depth + 1)
        }

        mutating func array<Element>(_ key: String, _ elements: [Element], _ writer: inout JSONWriter,
                                     _ write: (Element, inout JSONWriter, Int) -> Void) {
            open(key, &writer)
            guard !elements.isEmpty else {
                writer.write(.array([]), depth: depth + 1)
                return
            }
            for (index, element) in elements.enumerated() {
                writer.openElement(isFirst: index == 0, depth: depth + 2)
                write(element, &writer, depth + 2)
            }
            writer.close("]", depth: depth + 1)
        }

        func close(_ writer: inout JSONWriter) {
            if isFirst { writer.write(.object([:]), depth: depth) } else { writer.close("}", depth: depth) }
        }
    }
}
