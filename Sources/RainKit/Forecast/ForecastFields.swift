import FoundationEssentials

/// The fields of a forecast's parts, declared once: they read a Dark Sky-compatible answer,
/// and read and write rain's cache and `rain show --json` (`docs/forecast-json.md`).
enum ForecastFields {
    typealias Field = JSONField

    static let conditions: [Field<Forecast.Conditions>] = [
        Field("time", .time(\.time)),
        Field("summary", .text(\.summary)),
        Field("icon", .text(\.icon)),
        Field("temperature", .number(\.temperature)),
        Field("apparent_temperature", .number(\.apparentTemperature)),
        Field("humidity", .number(\.humidity)),
        Field("wind_speed", .number(\.windSpeed)),
        Field("wind_gust", .number(\.windGust)),
        Field("wind_bearing", .number(\.windBearing)),
        Field("precip_probability", .number(\.precipProbability)),
        Field("precip_intensity", .number(\.precipIntensity)),
        Field("precip_type", .precipType(\.precipType)),
        Field("uv_index", .number(\.uvIndex)),
        Field("pressure", .number(\.pressure)),
        Field("visibility", .number(\.visibility)),
        Field("cloud_cover", .number(\.cloudCover)),
        Field("dew_point", .number(\.dewPoint)),
    ]

    static let minute: [Field<Forecast.NextHour.Minute>] = [
        Field("time", .time(\.time)),
        Field("precip_intensity", .number(\.precipIntensity)),
        Field("precip_probability", .number(\.precipProbability)),
        Field("precip_type", .precipType(\.precipType)),
    ]

    static let hour: [Field<Forecast.Hour>] = [
        Field("time", .time(\.time)),
        Field("summary", .text(\.summary)),
        Field("icon", .text(\.icon)),
        Field("temperature", .number(\.temperature)),
        Field("apparent_temperature", .number(\.apparentTemperature)),
        Field("precip_probability", .number(\.precipProbability)),
        Field("precip_intensity", .number(\.precipIntensity)),
        Field("precip_type", .precipType(\.precipType)),
        Field("wind_speed", .number(\.windSpeed)),
        Field("wind_bearing", .number(\.windBearing)),
        Field("humidity", .number(\.humidity)),
        Field("uv_index", .number(\.uvIndex)),
    ]

    /// Pirate Weather's day: the calendar day's minimum and maximum are `temperatureMin`/`Max`
    /// (`temperatureLow`/`High` are the overnight low and daytime high, read only when the
    /// others are absent); the liquid amount is `liquidAccumulation` (its `precipAccumulation`
    /// adds snow and ice); `polar` is rain's own, settled from the sun's times.
    static let day: [Field<Forecast.Day>] = [
        Field("time", .time(\.time)),
        Field("summary", .text(\.summary)),
        Field("icon", .text(\.icon)),
        Field("temperature_low", .number(\.temperatureLow), darkSky: ["temperatureMin", "temperatureLow"]),
        Field("temperature_high", .number(\.temperatureHigh), darkSky: ["temperatureMax", "temperatureHigh"]),
        Field("precip_probability", .number(\.precipProbability)),
        Field("precip_accumulation", .number(\.precipAccumulation), darkSky: ["liquidAccumulation", "precipAccumulation"]),
        Field("snow_accumulation", .number(\.snowAccumulation)),
        Field("precip_type", .precipType(\.precipType)),
        Field("wind_speed", .number(\.windSpeed)),
        Field("uv_index", .number(\.uvIndex)),
        Field("sunrise", .optionalTime(\.sunrise), darkSky: ["sunriseTime"]),
        Field("sunset", .optionalTime(\.sunset), darkSky: ["sunsetTime"]),
        Field("polar", .choice(\.polar), darkSky: []),
    ]

    static let alert: [Field<Forecast.Alert>] = [
        Field("title", .name(\.title)),
        Field("severity", .text(\.severity)),
        Field("regions", .texts(\.regions)),
        Field("time", .optionalTime(\.time)),
        Field("expires", .optionalTime(\.expires)),
        Field("description", .text(\.description)),
        Field("uri", .text(\.uri)),
    ]

    static let coordinate: [Field<Coordinate>] = [
        Field("latitude", .coordinate(\.latitude)),
        Field("longitude", .coordinate(\.longitude)),
    ]

    /// `minutely` of a Dark Sky-compatible answer (its points are its `data`), `next_hour` of rain's.
    static func nextHour(_ minute: JSONFields<Forecast.NextHour.Minute>) -> [Field<Forecast.NextHour>] {
        [
            Field("summary", .text(\.summary)),
            Field("minutes", .list(\.minutes, minute, .blank), darkSky: ["data"]),
        ]
    }

    /// The tables for one naming.
    struct Tables: Sendable {
        let conditions: JSONFields<Forecast.Conditions>
        let minute: JSONFields<Forecast.NextHour.Minute>
        let hour: JSONFields<Forecast.Hour>
        let day: JSONFields<Forecast.Day>
        let alert: JSONFields<Forecast.Alert>
        let coordinate: JSONFields<Coordinate>
        let nextHour: JSONFields<Forecast.NextHour>

        init(_ naming: JSONNaming) {
            conditions = JSONFields(ForecastFields.conditions, naming: naming)
            minute = JSONFields(ForecastFields.minute, naming: naming)
            hour = JSONFields(ForecastFields.hour, naming: naming)
            day = JSONFields(ForecastFields.day, naming: naming)
            alert = JSONFields(ForecastFields.alert, naming: naming)
            coordinate = JSONFields(ForecastFields.coordinate, naming: naming)
            nextHour = JSONFields(ForecastFields.nextHour(minute), naming: naming)
        }
    }

    static let rain = Tables(.rain)
    static let darkSky = Tables(.darkSky)
}

extension Forecast.Conditions { static let blank = Self(time: .distantPast) }
extension Forecast.NextHour.Minute { static let blank = Self(time: .distantPast) }
extension Forecast.Hour { static let blank = Self(time: .distantPast) }
extension Forecast.Day { static let blank = Self(time: .distantPast) }
