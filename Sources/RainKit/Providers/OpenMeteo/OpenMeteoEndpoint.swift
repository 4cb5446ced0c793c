extension ForecastEndpoint {
    /// What rain asks Open-Meteo for: conditions now, the next hour in quarter hours, hours and 8 days.
    static let openMeteoCurrent = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "dew_point_2m", "is_day",
        "precipitation", "precipitation_probability", "weather_code", "cloud_cover", "pressure_msl",
        "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m", "visibility", "uv_index",
    ]
    static let openMeteoMinutely15 = ["precipitation", "rain", "snowfall"]
    static let openMeteoHourly = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "is_day", "precipitation",
        "precipitation_probability", "weather_code", "wind_speed_10m", "wind_gusts_10m", "wind_direction_10m", "uv_index",
    ]
    static let openMeteoDaily = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "rain_sum", "showers_sum",
        "snowfall_sum", "precipitation_probability_max", "wind_speed_10m_max", "uv_index_max",
    ]
    /// Quarter hours asked for, before and after the one the server takes for now. It lays
    /// them on its grid with the zone's offset floored to whole hours and shows them with the
    /// whole offset (open-meteo/open-meteo `ForecastapiQuery.swift`, `getTimerange2`), so in a
    /// zone of +5:30 they start 30 minutes before now, at -3:30 30 minutes after, at +5:45 45
    /// before; each sum is stamped at the end of its quarter hour. Three before and eight after
    /// cover the next hour in every zone.
    static let openMeteoPastQuarterHours = 3
    /// Today and the 7 days after it. Each request counts as `OpenMeteoQueryWeight.ofRainsRequest`
    /// calls against the free limits: every variable above is one rain reads and shows (38, so
    /// 3.8 calls; the day's sun is rain's own, `DaySun`, so `sunrise` and `sunset` are not asked).
    static let openMeteoForecastDays = 8
    static let openMeteoQuarterHours = 8

    /// An Open-Meteo forecast request: no key, times as unix seconds, the place's own time zone,
    /// and each quantity in the unit `units` stands for.
    init(openMeteoURL: String, coordinate: Coordinate, units: UnitSystem) {
        let items = [
            ("latitude", Self.format(coordinate.latitude)), ("longitude", Self.format(coordinate.longitude)),
            ("current", Self.openMeteoCurrent.joined(separator: ",")),
            ("minutely_15", Self.openMeteoMinutely15.joined(separator: ",")),
            ("hourly", Self.openMeteoHourly.joined(separator: ",")),
            ("daily", Self.openMeteoDaily.joined(separator: ",")),
            ("timezone", "auto"), ("timeformat", "unixtime"), ("forecast_days", String(Self.openMeteoForecastDays)),
            ("past_minutely_15", String(Self.openMeteoPastQuarterHours)),
            ("forecast_minutely_15", String(Self.openMeteoQuarterHours)),
        ] + OpenMeteoUnits(units).queryItems
        let url = openMeteoURL + Self.query(items)
        self.init(request: HTTPRequest(url: url), redactedURL: url, host: Self.hostForMessages(of: openMeteoURL))
    }

    /// `?name=value&...`, each value percent-encoded; with `keepingCommas`, except the commas
    /// that separate list items.
    static func query(_ items: [(String, String)], keepingCommas: Bool = true) -> String {
        "?" + items.map { name, value in
            name + "=" + percentEncoded(value, keeping: keepingCommas ? UInt8(ascii: ",") : nil)
        }.joined(separator: "&")
    }
}
