import FoundationEssentials

/// The fields of a forecast's parts, declared once: they read and write rain's cache and
/// `rain show --json` (`docs/forecast-json.md`), and read a server's answer in the server's
/// naming (`Tables(naming)`, which its provider describes).
enum ForecastFields {
    typealias Field = JSONField

    /// What a minute, an hour, the conditions now and a day have in common, each declared once.
    static func precipitation<Point: PrecipitationPoint>() -> [Field<Point>] {
        [
            Field("time", .time({ $0.time }, { $0.time = $1 })),
            Field("precip_probability", .number({ $0.precipProbability }, { $0.precipProbability = $1 })),
            Field("precip_type", .precipType({ $0.precipType }, { $0.precipType = $1 })),
        ]
    }

    static func described<Point: DescribedPoint>() -> [Field<Point>] {
        precipitation() + [
            Field("summary", .text({ $0.summary }, { $0.summary = $1 })),
            Field("icon", .text({ $0.icon }, { $0.icon = $1 })),
            Field("wind_speed", .number({ $0.windSpeed }, { $0.windSpeed = $1 })),
            // A server's (Dark Sky's) and the cache's: a value no sky gives is missing (`UVIndex`).
            Field("uv_index", .number({ $0.uvIndex }, { $0.uvIndex = UVIndex.plausible($1) })),
        ]
    }

    static func hourly<Point: HourlyPoint>() -> [Field<Point>] {
        described() + [
            Field("precip_intensity", .number({ $0.precipIntensity }, { $0.precipIntensity = $1 })),
            Field("temperature", .number({ $0.temperature }, { $0.temperature = $1 })),
            Field("apparent_temperature", .number({ $0.apparentTemperature }, { $0.apparentTemperature = $1 })),
            Field("wind_gust", .number({ $0.windGust }, { $0.windGust = $1 })),
            Field("wind_bearing", .number({ $0.windBearing }, { $0.windBearing = $1 })),
            Field("humidity", .number({ $0.humidity }, { $0.humidity = $1 })),
        ]
    }

    static let minute: [Field<Forecast.NextHour.Minute>] = precipitation() + [
        Field("precip_intensity", .number({ $0.precipIntensity }, { $0.precipIntensity = $1 })),
    ]

    static let hour: [Field<Forecast.Hour>] = hourly()

    static let conditions: [Field<Forecast.Conditions>] = hourly() + [
        Field("pressure", .number({ $0.pressure }, { $0.pressure = $1 })),
        Field("visibility", .number({ $0.visibility }, { $0.visibility = $1 })),
        Field("cloud_cover", .number({ $0.cloudCover }, { $0.cloudCover = $1 })),
        Field("dew_point", .number({ $0.dewPoint }, { $0.dewPoint = $1 })),
    ]

    /// A calendar day: its minimum and maximum temperature, its liquid precipitation (snow
    /// apart); `polar` is rain's own, settled from the sun's times.
    static let day: [Field<Forecast.Day>] = described() + [
        Field("temperature_low", .number({ $0.temperatureLow }, { $0.temperatureLow = $1 })),
        Field("temperature_high", .number({ $0.temperatureHigh }, { $0.temperatureHigh = $1 })),
        Field("precip_accumulation", .number({ $0.precipAccumulation }, { $0.precipAccumulation = $1 })),
        Field("snow_accumulation", .number({ $0.snowAccumulation }, { $0.snowAccumulation = $1 })),
        Field("sunrise", .optionalTime({ $0.sunrise }, { $0.sunrise = $1 })),
        Field("sunset", .optionalTime({ $0.sunset }, { $0.sunset = $1 })),
        Field("polar", .choice({ $0.polar }, { $0.polar = $1 })),
        Field("dawn", .optionalTime({ $0.dawn }, { $0.dawn = $1 })),
        Field("dusk", .optionalTime({ $0.dusk }, { $0.dusk = $1 })),
        // The sky's own: rain computes them (`Forecast.withAstronomy`).
        Field("moon_phase", .number({ $0.moonPhase }, { $0.moonPhase = $1 })),
        Field("moon_illumination", .number({ $0.moonIllumination }, { $0.moonIllumination = $1 })),
        Field("moonrise", .optionalTime({ $0.moonrise }, { $0.moonrise = $1 })),
        Field("moonset", .optionalTime({ $0.moonset }, { $0.moonset = $1 })),
        // Written from sunrise, sunset and polar; reading it back has nothing to set.
        Field("daylight_seconds", .number({ $0.daylightSeconds }, { _, _ in })),
    ]

    static let alert: [Field<Forecast.Alert>] = [
        // Whole, however long: identical alerts are told by it before it is cut (`Alert.fitted`).
        Field("title", .wholeName({ $0.title }, { $0.title = $1 })),
        Field("severity", .text({ $0.severity }, { $0.severity = $1 })),
        Field("regions", .texts({ $0.regions }, { $0.regions = $1 })),
        Field("time", .optionalTime({ $0.time }, { $0.time = $1 })),
        Field("expires", .optionalTime({ $0.expires }, { $0.expires = $1 })),
        Field("description", .text({ $0.description }, { $0.description = $1 })),
        Field("uri", .text({ $0.uri }, { $0.uri = $1 })),
        Field("id", .text({ $0.id }, { $0.id = $1 })),
        Field("references", .textsIfAny({ $0.references }, { $0.references = $1 })),
        Field("series", .text({ $0.series }, { $0.series = $1 })),
        Field("same_as", .textsIfAny({ $0.sameAs }, { $0.sameAs = $1 })),
        // rain's own mark (no server's answer names it: `DarkSkyNaming`).
        Field("source", .alertSource({ $0.feed }, { $0.feed = $1 })),
    ]

    static let coordinate: [Field<Coordinate>] = [
        Field("latitude", .coordinate({ $0.latitude }, { $0.latitude = $1 })),
        Field("longitude", .coordinate({ $0.longitude }, { $0.longitude = $1 })),
    ]

    /// The next hour, minute by minute (`next_hour` in rain's documents).
    static func nextHour(_ minute: JSONFields<Forecast.NextHour.Minute>) -> [Field<Forecast.NextHour>] {
        [
            Field("summary", .text({ $0.summary }, { $0.summary = $1 })),
            Field("minutes", .list({ $0.minutes }, { $0.minutes = $1 }, minute, .blank)),
            Field("precision", .choice({ $0.precision }, { $0.precision = $1 })),
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
}

extension Forecast.Conditions { static let blank = Self(time: .distantPast) }
extension Forecast.NextHour.Minute { static let blank = Self(time: .distantPast) }
extension Forecast.Hour { static let blank = Self(time: .distantPast) }
extension Forecast.Day { static let blank = Self(time: .distantPast) }

/// The parts of a forecast that say when and how likely it rains.
protocol PrecipitationPoint: Sendable {
    var time: Date { get set }
    var precipProbability: Double? { get set }
    var precipType: String? { get set }
}

/// Those that also have words, an icon, wind and UV.
protocol DescribedPoint: PrecipitationPoint {
    var summary: String? { get set }
    var icon: String? { get set }
    var windSpeed: Double? { get set }
    var uvIndex: Double? { get set }
}

/// Those of one moment: an hour, or now.
protocol HourlyPoint: DescribedPoint {
    var precipIntensity: Double? { get set }
    var temperature: Double? { get set }
    var apparentTemperature: Double? { get set }
    var windGust: Double? { get set }
    var windBearing: Double? { get set }
    var humidity: Double? { get set }
}

extension Forecast.NextHour.Minute: PrecipitationPoint {}
extension Forecast.Day: DescribedPoint {}
extension Forecast.Hour: HourlyPoint {}
extension Forecast.Conditions: HourlyPoint {}

extension JSONField.Value {
    /// A precipitation type; "none" and "" (words servers use for none) are nil. Pirate
    /// Weather's "ice" is freezing rain (`docs/API.md`: "The `ice` precipitation type is
    /// defined as freezing rain"), rain's "freezing_rain"; its "mixed" (rain, snow and ice in
    /// one hour), sent with `version=2` (`API/constants/api_const.py`, `API/hourly/block.py`),
    /// is Dark Sky's "sleet", which its documentation says covers wintry mixed precipitation.
    static func precipType(_ get: @escaping Get<String?>, _ set: @escaping Set<String?>) -> Self {
        text(get) { model, type in
            switch type {
            case "none", "": set(&model, nil)
            case "ice": set(&model, "freezing_rain")
            case "mixed": set(&model, "sleet")
            default: set(&model, type)
            }
        }
    }
}
