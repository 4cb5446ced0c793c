import FoundationEssentials

/// Reads an Open-Meteo forecast answer (`timeformat=unixtime`, `timezone=auto`): `current`, and
/// `hourly` and `daily` as columns of values beside a `time` column. `null` is a missing value;
/// a WMO weather code becomes a summary and an icon; percentages become fractions; amounts are
/// turned into what rain's model holds for the requested units (intensities in mm/h or in/h,
/// daily accumulation in cm or in, visibility in km or miles). A value of the wrong type, a
/// column of the wrong length or an answer in other units is an error naming its path.
public struct OpenMeteoDecoder: ForecastDecoder {
    public init() {}

    public func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast {
        try ForecastError.decoding(body) { root throws(JSONValueError) in try Self.forecast(from: root, units: units) }
    }

    static func forecast(from root: JSONValueNode, units: UnitSystem) throws(JSONValueError) -> Forecast {
        guard case .object(let members) = root.value else {
            throw JSONValueError(reason: "expected an object at the top level, found \(root.value.kindDescription)", path: nil)
        }
        if members["error"] == .bool(true) {
            let reason = try root.string("reason").map { ServerMessage.clean($0, hiding: nil) ?? "" } ?? ""
            throw JSONValueError(reason: "the API answered with an error\(reason.isEmpty ? "" : ": \(reason)")", path: nil)
        }
        let timeZone = try root.requiredString("timezone")
        guard !timeZone.trimmingSpaces.isEmpty else {
            throw JSONValueError(reason: "expected a time zone name, found an empty string", path: "timezone")
        }
        let coordinate = Coordinate(latitude: try root.requiredNumber("latitude"), longitude: try root.requiredNumber("longitude"))
        guard (-90...90).contains(coordinate.latitude), (-180...180).contains(coordinate.longitude) else {
            throw JSONValueError(reason: "expected coordinates on the globe, found \(coordinate.latitude),\(coordinate.longitude)", path: "latitude")
        }
        let expected = OpenMeteoUnits(units)
        var forecast = Forecast(coordinate: coordinate, timeZone: timeZone, units: units)
        if let block = try root.member("current") {
            let labels = try UnitCheck(root.member("current_units"), expected: expected)
            forecast.current = try conditions(from: block, labels: labels, units: units)
        }
        if let block = try root.member("hourly") {
            let labels = try UnitCheck(root.member("hourly_units"), expected: expected)
            forecast.hourly = try hours(from: Columns(block), labels: labels, units: units)
        }
        if let block = try root.member("daily") {
            let labels = try UnitCheck(root.member("daily_units"), expected: expected)
            forecast.daily = try days(from: Columns(block), labels: labels, units: units)
        }
        return forecast
    }

    static func conditions(from node: JSONValueNode, labels: UnitCheck, units: UnitSystem) throws(JSONValueError) -> Forecast.Conditions {
        var conditions = Forecast.Conditions(time: try node.requiredDate("time"))
        let code = try node.number("weather_code").flatMap(WeatherCode.init)
        let isDay = try node.number("is_day").map { $0 != 0 }
        conditions.summary = code?.summary
        conditions.icon = code?.icon(isDay: isDay)
        conditions.precipType = code?.precipType
        conditions.temperature = try labels.temperature(node, "temperature_2m")
        conditions.apparentTemperature = try labels.temperature(node, "apparent_temperature")
        conditions.dewPoint = try labels.temperature(node, "dew_point_2m")
        conditions.humidity = try node.number("relative_humidity_2m").map(fraction)
        conditions.cloudCover = try node.number("cloud_cover").map(fraction)
        conditions.precipProbability = try node.number("precipitation_probability").map(fraction)
        conditions.windSpeed = try labels.windSpeed(node, "wind_speed_10m")
        conditions.windGust = try labels.windSpeed(node, "wind_gusts_10m")
        conditions.windBearing = try node.number("wind_direction_10m")
        conditions.pressure = try node.number("pressure_msl")
        conditions.uvIndex = try node.number("uv_index")
        conditions.visibility = try labels.visibility(node, "visibility", units: units)
        // `precipitation` is the amount over the last `interval` seconds (15 minutes).
        if let amount = try labels.precipitation(node, "precipitation") {
            let seconds = try node.number("interval") ?? 900
            guard seconds > 0 else { throw JSONValueError(reason: "expected a positive number of seconds, found \(seconds)", path: "current.interval") }
            conditions.precipIntensity = amount * 3600 / seconds
        }
        return conditions
    }

    static func hours(from columns: Columns, labels: UnitCheck, units: UnitSystem) throws(JSONValueError) -> [Forecast.Hour] {
        let code = try columns.numbers("weather_code"), isDay = try columns.numbers("is_day")
        let temperature = try labels.temperatures(columns, "temperature_2m")
        let apparent = try labels.temperatures(columns, "apparent_temperature")
        let probability = try columns.numbers("precipitation_probability")
        let precipitation = try labels.precipitations(columns, "precipitation")
        let windSpeed = try labels.windSpeeds(columns, "wind_speed_10m")
        let windBearing = try columns.numbers("wind_direction_10m")
        let humidity = try columns.numbers("relative_humidity_2m")
        let uvIndex = try columns.numbers("uv_index")
        return columns.times.indices.map { index in
            var hour = Forecast.Hour(time: columns.times[index])
            let weather = code[index].flatMap(WeatherCode.init)
            hour.summary = weather?.summary
            hour.icon = weather?.icon(isDay: isDay[index].map { $0 != 0 })
            hour.precipType = weather?.precipType
            hour.temperature = temperature[index]
            hour.apparentTemperature = apparent[index]
            hour.precipProbability = probability[index].map(fraction)
            hour.precipIntensity = precipitation[index]
            hour.windSpeed = windSpeed[index]
            hour.windBearing = windBearing[index]
            hour.humidity = humidity[index].map(fraction)
            hour.uvIndex = uvIndex[index]
            return hour
        }
    }

    static func days(from columns: Columns, labels: UnitCheck, units: UnitSystem) throws(JSONValueError) -> [Forecast.Day] {
        let code = try columns.numbers("weather_code")
        let high = try labels.temperatures(columns, "temperature_2m_max")
        let low = try labels.temperatures(columns, "temperature_2m_min")
        let probability = try columns.numbers("precipitation_probability_max")
        let amount = try labels.precipitations(columns, "precipitation_sum")
        let windSpeed = try labels.windSpeeds(columns, "wind_speed_10m_max")
        let uvIndex = try columns.numbers("uv_index_max")
        let sunrise = try columns.dates("sunrise"), sunset = try columns.dates("sunset")
        return columns.times.indices.map { index in
            var day = Forecast.Day(time: columns.times[index])
            let weather = code[index].flatMap(WeatherCode.init)
            day.summary = weather?.summary
            day.icon = weather?.icon(isDay: true)
            day.precipType = weather?.precipType
            day.temperatureHigh = high[index]
            day.temperatureLow = low[index]
            day.precipProbability = probability[index].map(fraction)
            // The model keeps daily accumulation as the Dark Sky family sends it: cm, or in for `us`.
            day.precipAccumulation = amount[index].map { units == .us ? $0 : $0 / 10 }
            day.windSpeed = windSpeed[index]
            day.uvIndex = uvIndex[index]
            day.sunrise = sunrise[index]
            day.sunset = sunset[index]
            return day
        }
    }

    /// A percentage as a 0...1 fraction.
    static func fraction(_ percent: Double) -> Double { percent / 100 }
}
