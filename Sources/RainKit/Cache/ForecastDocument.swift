import FoundationEssentials

/// The forecast document of the cache and of `rain show --json` (`docs/forecast-json.md`):
/// snake_case keys, times as ISO 8601 UTC strings, absent values left out.
enum ForecastDocument {
    static let schemaVersion = 1

    // MARK: Reading

    static func cachedForecast(from root: JSONValueNode) throws(JSONValueError) -> CachedForecast {
        guard case .object = root.value else {
            throw JSONValueError(reason: "expected an object at the top level, found \(root.value.kindDescription)", path: nil)
        }
        let version = try root.requiredNumber("schema_version")
        guard version == Double(schemaVersion) else {
            throw JSONValueError(reason: "unsupported schema version \(JSONValue.format(version)) (this rain reads \(schemaVersion))", path: "schema_version")
        }
        let locationNode = try root.requiredMember("location")
        let idNode = try locationNode.requiredMember("id")
        guard let id = UUID(uuidString: try idNode.string()) else {
            throw JSONValueError(reason: "expected a UUID", path: idNode.path)
        }
        let location = Location(
            id: id, name: try locationNode.requiredString("name"),
            coordinate: Coordinate(latitude: try locationNode.requiredNumber("latitude"),
                                   longitude: try locationNode.requiredNumber("longitude"))
        )
        let unitsNode = try root.requiredMember("units")
        guard let units = UnitSystem(rawValue: try unitsNode.string()) else {
            throw JSONValueError(reason: "expected one of si, us, ca, uk", path: unitsNode.path)
        }
        let coordinateNode = try root.requiredMember("forecast_coordinate")
        var forecast = Forecast(
            coordinate: Coordinate(latitude: try coordinateNode.requiredNumber("latitude"),
                                   longitude: try coordinateNode.requiredNumber("longitude")),
            timeZone: try root.requiredString("timezone"), units: units
        )
        forecast.current = try root.member("current").map(conditions)
        forecast.nextHour = try root.member("next_hour").map { node throws(JSONValueError) in
            Forecast.NextHour(summary: try node.string("summary"),
                              minutes: try (node.member("minutes")?.elements() ?? []).map(minute))
        }
        forecast.hourlySummary = try root.string("hourly_summary")
        forecast.hourly = try (root.member("hourly")?.elements() ?? []).map(hour)
        forecast.dailySummary = try root.string("daily_summary")
        forecast.daily = try (root.member("daily")?.elements() ?? []).map(day)
        forecast.alerts = try (root.member("alerts")?.elements() ?? []).map(alert)
        return CachedForecast(location: location, fetchedAt: try date(root.requiredMember("fetched_at")),
                              source: try root.requiredString("source"), forecast: forecast)
    }

    private static func date(_ node: JSONValueNode) throws(JSONValueError) -> Date {
        let text = try node.string()
        if let date = UTCTimestamp.date(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        throw JSONValueError(reason: "expected an ISO 8601 time like 2026-08-20T12:00:00Z", path: node.path)
    }

    private static func date(_ node: JSONValueNode, _ key: String) throws(JSONValueError) -> Date? {
        try node.member(key).map(date)
    }

    private static func conditions(_ node: JSONValueNode) throws(JSONValueError) -> Forecast.Conditions {
        var conditions = Forecast.Conditions(time: try date(node.requiredMember("time")))
        conditions.summary = try node.string("summary")
        conditions.icon = try node.string("icon")
        conditions.temperature = try node.number("temperature")
        conditions.apparentTemperature = try node.number("apparent_temperature")
        conditions.humidity = try node.number("humidity")
        conditions.windSpeed = try node.number("wind_speed")
        conditions.windGust = try node.number("wind_gust")
        conditions.windBearing = try node.number("wind_bearing")
        conditions.precipProbability = try node.number("precip_probability")
        conditions.precipIntensity = try node.number("precip_intensity")
        conditions.precipType = try node.string("precip_type")
        conditions.uvIndex = try node.number("uv_index")
        conditions.pressure = try node.number("pressure")
        conditions.visibility = try node.number("visibility")
        conditions.cloudCover = try node.number("cloud_cover")
        conditions.dewPoint = try node.number("dew_point")
        return conditions
    }

    private static func minute(_ node: JSONValueNode) throws(JSONValueError) -> Forecast.NextHour.Minute {
        Forecast.NextHour.Minute(
            time: try date(node.requiredMember("time")),
            precipIntensity: try node.number("precip_intensity"),
            precipProbability: try node.number("precip_probability"),
            precipType: try node.string("precip_type")
        )
    }

    private static func hour(_ node: JSONValueNode) throws(JSONValueError) -> Forecast.Hour {
        var hour = Forecast.Hour(time: try date(node.requiredMember("time")))
        hour.summary = try node.string("summary")
        hour.icon = try node.string("icon")
        hour.temperature = try node.number("temperature")
        hour.apparentTemperature = try node.number("apparent_temperature")
        hour.precipProbability = try node.number("precip_probability")
        hour.precipIntensity = try node.number("precip_intensity")
        hour.precipType = try node.string("precip_type")
        hour.windSpeed = try node.number("wind_speed")
        hour.windBearing = try node.number("wind_bearing")
        hour.humidity = try node.number("humidity")
        hour.uvIndex = try node.number("uv_index")
        return hour
    }

    private static func day(_ node: JSONValueNode) throws(JSONValueError) -> Forecast.Day {
        var day = Forecast.Day(time: try date(node.requiredMember("time")))
        day.summary = try node.string("summary")
        day.icon = try node.string("icon")
        day.temperatureLow = try node.number("temperature_low")
        day.temperatureHigh = try node.number("temperature_high")
        day.precipProbability = try node.number("precip_probability")
        day.precipAccumulation = try node.number("precip_accumulation")
        day.snowAccumulation = try node.number("snow_accumulation")
        day.precipType = try node.string("precip_type")
        day.windSpeed = try node.number("wind_speed")
        day.uvIndex = try node.number("uv_index")
        day.sunrise = try date(node, "sunrise")
        day.sunset = try date(node, "sunset")
        if let polar = try node.member("polar") {
            let name = try polar.string()
            guard let value = Forecast.Day.Polar(rawValue: name) else {
                throw JSONValueError(reason: "expected \"night\" or \"day\", found \"\(name.strippingControlCharacters.prefix(20))\"", path: polar.path)
            }
            day.polar = value
        }
        return day
    }

    private static func alert(_ node: JSONValueNode) throws(JSONValueError) -> Forecast.Alert {
        Forecast.Alert(
            title: try node.requiredString("title"),
            severity: try node.string("severity"),
            regions: try (node.member("regions")?.elements() ?? []).map { item throws(JSONValueError) in try item.string() },
            time: try date(node, "time"),
            expires: try date(node, "expires"),
            description: try node.string("description"),
            uri: try node.string("uri")
        )
    }
}
