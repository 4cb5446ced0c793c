/// The Open-Meteo variables the simulator knows, with their unit and value.
enum OpenMeteoVariables {
    struct Instant: Sendable {
        var unit: @Sendable (OpenMeteoUnits) -> String
        /// Conditions, units, and the hours the value accumulates over (precipitation).
        var value: @Sendable (Conditions, OpenMeteoUnits, Double) -> JSONValue
    }

    struct Daily: Sendable {
        var unit: @Sendable (OpenMeteoUnits) -> String
        var value: @Sendable (DailySummary, OpenMeteoUnits, OpenMeteoClock) -> JSONValue
    }

    /// WMO weather interpretation code for conditions.
    static func weatherCode(_ conditions: Conditions) -> Int {
        switch conditions.icon {
        case "thunderstorm": return 95
        case "snow": return conditions.precipIntensity < 1 ? 71 : conditions.precipIntensity < 4 ? 73 : 75
        case "sleet": return 66
        case "rain":
            if conditions.precipIntensity < 0.4 { return 51 }
            return conditions.precipIntensity < 2.5 ? 61 : conditions.precipIntensity < 7.6 ? 63 : 65
        case "fog": return 45
        default:
            if conditions.cloudCover > 0.875 { return 3 }
            if conditions.cloudCover > 0.375 { return 2 }
            return conditions.cloudCover > 0.125 ? 1 : 0
        }
    }

    static func percent(_ fraction: Double) -> JSONValue { .integer(Int((fraction * 100).rounded())) }

    static let instant: [String: Instant] = [
        "temperature_2m": Instant(unit: { $0.temperatureUnit }, value: { c, u, _ in u.temperature(c.temperature) }),
        "apparent_temperature": Instant(unit: { $0.temperatureUnit }, value: { c, u, _ in u.temperature(c.apparentTemperature) }),
        "dew_point_2m": Instant(unit: { $0.temperatureUnit }, value: { c, u, _ in u.temperature(c.dewPoint) }),
        "relative_humidity_2m": Instant(unit: { _ in "%" }, value: { c, _, _ in percent(c.humidity) }),
        "is_day": Instant(unit: { _ in "" }, value: { c, _, _ in .integer(c.isDay ? 1 : 0) }),
        "precipitation": Instant(unit: { $0.precipitationUnit }, value: { c, u, hours in u.precipitation(c.precipIntensity * hours) }),
        "rain": Instant(unit: { $0.precipitationUnit }, value: { c, u, hours in u.precipitation(c.precipType == "rain" ? c.precipIntensity * hours : 0) }),
        "showers": Instant(unit: { $0.precipitationUnit }, value: { _, u, _ in u.precipitation(0) }),
        "snowfall": Instant(unit: { _ in "cm" }, value: { c, _, hours in .rounded(c.precipType == "snow" ? c.precipIntensity * hours * 0.7 : 0) }),
        "precipitation_probability": Instant(unit: { _ in "%" }, value: { c, _, _ in percent(c.precipProbability) }),
        "weather_code": Instant(unit: { _ in "wmo code" }, value: { c, _, _ in .integer(weatherCode(c)) }),
        "cloud_cover": Instant(unit: { _ in "%" }, value: { c, _, _ in percent(c.cloudCover) }),
        "pressure_msl": Instant(unit: { _ in "hPa" }, value: { c, _, _ in .rounded(c.pressure, places: 1) }),
        "surface_pressure": Instant(unit: { _ in "hPa" }, value: { c, _, _ in .rounded(c.pressure - 4, places: 1) }),
        "wind_speed_10m": Instant(unit: { $0.windSpeedUnit }, value: { c, u, _ in u.speed(c.windSpeed) }),
        "wind_direction_10m": Instant(unit: { _ in "°" }, value: { c, _, _ in .integer(c.windBearing) }),
        "wind_gusts_10m": Instant(unit: { $0.windSpeedUnit }, value: { c, u, _ in u.speed(c.windGust) }),
        "visibility": Instant(unit: { _ in "m" }, value: { c, _, _ in .rounded(c.visibility * 1000, places: 0) }),
        "uv_index": Instant(unit: { _ in "" }, value: { c, _, _ in .rounded(c.uvIndex) }),
    ]

    static let daily: [String: Daily] = [
        "weather_code": Daily(unit: { _ in "wmo code" }, value: { d, _, _ in
            .integer(d.icon == "thunderstorm" ? 95 : weatherCode(d.precipitationMillimetres > 1 ? d.wettest : d.samples[d.samples.count / 2]))
        }),
        "temperature_2m_max": Daily(unit: { $0.temperatureUnit }, value: { d, u, _ in u.temperature(d.high.temperature) }),
        "temperature_2m_min": Daily(unit: { $0.temperatureUnit }, value: { d, u, _ in u.temperature(d.minimum.temperature) }),
        "apparent_temperature_max": Daily(unit: { $0.temperatureUnit }, value: { d, u, _ in u.temperature(d.apparentHigh.apparentTemperature) }),
        "apparent_temperature_min": Daily(unit: { $0.temperatureUnit }, value: { d, u, _ in u.temperature(d.apparentMinimum.apparentTemperature) }),
        "sunrise": Daily(unit: { _ in "iso8601" }, value: { d, _, clock in clock.time(d.sunrise) }),
        "sunset": Daily(unit: { _ in "iso8601" }, value: { d, _, clock in clock.time(d.sunset) }),
        "daylight_duration": Daily(unit: { _ in "s" }, value: { d, _, _ in .rounded(d.sunset - d.sunrise, places: 0) }),
        "precipitation_sum": Daily(unit: { $0.precipitationUnit }, value: { d, u, _ in u.precipitation(d.precipitationMillimetres) }),
        "rain_sum": Daily(unit: { $0.precipitationUnit }, value: { d, u, _ in
            u.precipitation(d.samples.filter { $0.precipType == "rain" }.map(\.precipIntensity).reduce(0, +))
        }),
        "snowfall_sum": Daily(unit: { _ in "cm" }, value: { d, _, _ in
            .rounded(d.samples.filter { $0.precipType == "snow" }.map(\.precipIntensity).reduce(0, +) * 0.7)
        }),
        "precipitation_hours": Daily(unit: { _ in "h" }, value: { d, _, _ in .number(Double(d.samples.filter { $0.precipIntensity > 0 }.count)) }),
        "precipitation_probability_max": Daily(unit: { _ in "%" }, value: { d, _, _ in percent(d.samples.map(\.precipProbability).max() ?? 0) }),
        "wind_speed_10m_max": Daily(unit: { $0.windSpeedUnit }, value: { d, u, _ in u.speed(d.samples.map(\.windSpeed).max() ?? 0) }),
        "wind_gusts_10m_max": Daily(unit: { $0.windSpeedUnit }, value: { d, u, _ in u.speed(d.gustiest.windGust) }),
        "wind_direction_10m_dominant": Daily(unit: { _ in "°" }, value: { d, _, _ in .integer(d.samples[d.samples.count / 2].windBearing) }),
        "uv_index_max": Daily(unit: { _ in "" }, value: { d, _, _ in .rounded(d.sunniest.uvIndex) }),
    ]
}
