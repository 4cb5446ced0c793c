/// The Open-Meteo variables the simulator knows, with their unit and value.
enum OpenMeteoVariables {
    struct Instant: Sendable {
        var unit: @Sendable (OpenMeteoUnits) -> String
        /// A time step's sample: instant values at its time, sums over the interval before it.
        var value: @Sendable (OpenMeteoSample, OpenMeteoUnits) -> JSONValue
    }

    struct Daily: Sendable {
        var unit: @Sendable (OpenMeteoUnits) -> String
        var value: @Sendable (OpenMeteoDay, OpenMeteoUnits, OpenMeteoClock) -> JSONValue
    }

    /// The WMO weather interpretation code open-meteo/open-meteo computes for an hour
    /// (`Sources/App/Helper/WeatherCode.swift`, `calculate`, for a model of hourly steps),
    /// first match wins: a thunderstorm (there from CAPE; the simulator's is its icon);
    /// where a model's categorical freezing rain is set (the simulator's sleet), freezing
    /// drizzle (56, 57) or rain (66, 67) from 0.01 mm/h; snowfall in cm/h (0.7 cm per mm of
    /// water, as `OpenMeteoUnits.snowfall`) from 0.01, 0.2 and 0.8 (71, 73, 75); then any
    /// precipitation in mm/h from 0.01, 0.5, 1.0, 1.3, 2.5 and 7.6 (drizzle 51, 53, 55, rain
    /// 61, 63, 65); fog where the visibility is 1000 m at most; else the cloud cover in per
    /// cent from 20, 50 and 80 (0, 1, 2, 3).
    static func weatherCode(_ conditions: Conditions) -> Int {
        let intensity = conditions.precipIntensity
        switch conditions.icon {
        case "thunderstorm": return 95
        case "sleet" where intensity >= 0.01:
            switch intensity {
            case ..<0.5: return 56
            case ..<1.3: return 57
            case ..<2.5: return 66
            default: return 67
            }
        case "snow" where intensity * 0.7 >= 0.01:
            let centimetres = intensity * 0.7
            return centimetres < 0.2 ? 71 : centimetres < 0.8 ? 73 : 75
        default: break
        }
        switch intensity {
        case ..<0.01: break
        case ..<0.5: return 51
        case ..<1.0: return 53
        case ..<1.3: return 55
        case ..<2.5: return 61
        case ..<7.6: return 63
        default: return 65
        }
        if conditions.visibility <= 1 { return 45 }
        switch conditions.cloudCover * 100 {
        case ..<20: return 0
        case ..<50: return 1
        case ..<80: return 2
        default: return 3
        }
    }

    static func percent(_ fraction: Double) -> JSONValue { .integer(Int((fraction * 100).rounded())) }

    /// Precipitation variables are sums over the PRECEDING interval (open-meteo/open-meteo
    /// docs and readers: "Total precipitation ... sum of the preceding hour"); the probability
    /// is that of the preceding interval too.
    static let instant: [String: Instant] = [
        "temperature_2m": Instant(unit: { $0.temperatureUnit }, value: { s, u in u.temperature(s.conditions.temperature) }),
        "apparent_temperature": Instant(unit: { $0.temperatureUnit }, value: { s, u in u.temperature(s.conditions.apparentTemperature) }),
        "dew_point_2m": Instant(unit: { $0.temperatureUnit }, value: { s, u in u.temperature(s.conditions.dewPoint) }),
        "relative_humidity_2m": Instant(unit: { _ in "%" }, value: { s, _ in percent(s.conditions.humidity) }),
        "is_day": Instant(unit: { _ in "" }, value: { s, _ in .integer(s.conditions.isDay ? 1 : 0) }),
        "precipitation": Instant(unit: { $0.precipitationUnit }, value: { s, u in u.precipitation(s.amount.total) }),
        "rain": Instant(unit: { $0.precipitationUnit }, value: { s, u in u.precipitation(s.amount.openMeteoRain) }),
        "showers": Instant(unit: { $0.precipitationUnit }, value: { s, u in u.precipitation(s.amount.showers) }),
        "snowfall": Instant(unit: { $0.snowfallUnit }, value: { s, u in u.snowfall(waterMillimetres: s.amount.snow) }),
        "precipitation_probability": Instant(unit: { _ in "%" }, value: { s, _ in percent(s.probability) }),
        "weather_code": Instant(unit: { _ in "wmo code" }, value: { s, _ in .integer(weatherCode(s.conditions)) }),
        "cloud_cover": Instant(unit: { _ in "%" }, value: { s, _ in percent(s.conditions.cloudCover) }),
        "pressure_msl": Instant(unit: { _ in "hPa" }, value: { s, _ in .rounded(s.conditions.pressure, places: 1) }),
        "surface_pressure": Instant(unit: { _ in "hPa" }, value: { s, _ in .rounded(s.conditions.pressure - 4, places: 1) }),
        "wind_speed_10m": Instant(unit: { $0.windSpeedUnit }, value: { s, u in u.speed(s.conditions.windSpeed) }),
        "wind_direction_10m": Instant(unit: { _ in "°" }, value: { s, _ in .integer(s.conditions.windBearing) }),
        "wind_gusts_10m": Instant(unit: { $0.windSpeedUnit }, value: { s, u in u.speed(s.conditions.windGust) }),
        "visibility": Instant(unit: { $0.lengthUnit }, value: { s, u in u.length(s.conditions.visibility * 1000) }),
        "uv_index": Instant(unit: { _ in "" }, value: { s, _ in .rounded(s.conditions.uvIndex) }),
    ]

    static let daily: [String: Daily] = [
        "weather_code": Daily(unit: { _ in "wmo code" }, value: { d, _, _ in .integer(d.hours.map { weatherCode($0.conditions) }.max() ?? 0) }),
        "temperature_2m_max": Daily(unit: { $0.temperatureUnit }, value: { d, u, _ in u.temperature(d.hours.map(\.conditions.temperature).max() ?? 0) }),
        "temperature_2m_min": Daily(unit: { $0.temperatureUnit }, value: { d, u, _ in u.temperature(d.hours.map(\.conditions.temperature).min() ?? 0) }),
        "apparent_temperature_max": Daily(unit: { $0.temperatureUnit }, value: { d, u, _ in u.temperature(d.hours.map(\.conditions.apparentTemperature).max() ?? 0) }),
        "apparent_temperature_min": Daily(unit: { $0.temperatureUnit }, value: { d, u, _ in u.temperature(d.hours.map(\.conditions.apparentTemperature).min() ?? 0) }),
        "sunrise": Daily(unit: { _ in "iso8601" }, value: { d, _, clock in clock.time(d.sunrise) }),
        "sunset": Daily(unit: { _ in "iso8601" }, value: { d, _, clock in clock.time(d.sunset) }),
        "daylight_duration": Daily(unit: { _ in "s" }, value: { d, _, _ in .rounded(d.daylight, places: 2) }),
        "precipitation_sum": Daily(unit: { $0.precipitationUnit }, value: { d, u, _ in u.precipitation(d.amount.total) }),
        "rain_sum": Daily(unit: { $0.precipitationUnit }, value: { d, u, _ in u.precipitation(d.amount.openMeteoRain) }),
        "showers_sum": Daily(unit: { $0.precipitationUnit }, value: { d, u, _ in u.precipitation(d.amount.showers) }),
        "snowfall_sum": Daily(unit: { $0.snowfallUnit }, value: { d, u, _ in u.snowfall(waterMillimetres: d.amount.snow) }),
        "precipitation_hours": Daily(unit: { _ in "h" }, value: { d, _, _ in .number(Double(d.hours.filter { $0.amount.total > 0.001 }.count)) }),
        "precipitation_probability_max": Daily(unit: { _ in "%" }, value: { d, _, _ in percent(d.hours.map(\.probability).max() ?? 0) }),
        "wind_speed_10m_max": Daily(unit: { $0.windSpeedUnit }, value: { d, u, _ in u.speed(d.hours.map(\.conditions.windSpeed).max() ?? 0) }),
        "wind_gusts_10m_max": Daily(unit: { $0.windSpeedUnit }, value: { d, u, _ in u.speed(d.hours.map(\.conditions.windGust).max() ?? 0) }),
        "wind_direction_10m_dominant": Daily(unit: { _ in "°" }, value: { d, _, _ in .integer(d.hours[d.hours.count / 2].conditions.windBearing) }),
        "uv_index_max": Daily(unit: { _ in "" }, value: { d, _, _ in .rounded(d.hours.map(\.conditions.uvIndex).max() ?? 0) }),
    ]
}
