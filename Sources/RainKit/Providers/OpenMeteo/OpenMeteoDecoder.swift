import FoundationEssentials

/// Reads an Open-Meteo forecast answer (`timeformat=unixtime`, `timezone=auto`): `current`, and
/// `minutely_15`, `hourly` and `daily` as columns of values beside a `time` column, as the
/// server (open-meteo/open-meteo) writes them:
/// - times lie on a grid built with ONE offset, `utc_offset_seconds`, the one in force when the
///   answer was made (`Sources/App/Helper/ForecastapiQuery.swift`, `getTimerange2`): after a
///   change of the clocks a day's time is 23:00 or 01:00 local, so a day is the calendar date
///   of its time plus that offset, and starts at that date's midnight in the place's zone;
///   hourly values are read on that grid with the offset floored to whole hours, so in a
///   half-hour zone each is shown 30 or 45 minutes from when it applies (`hourlyReadShift`);
/// - sums and chances (`precipitation`, `precipitation_probability`, `rain`, `snowfall`) and
///   gusts (`wind_gusts_10m`, the interval's strongest) are of the interval that ENDS at their
///   time: the hour before, the quarter hour before (the docs' "maximum of the preceding hour",
///   open-meteo/open-meteo-website `src/routes/en/docs/+page.svelte`; ICON's `vmax_10m`,
///   `Sources/App/Icon/IconVariable.swift`: "maxima are collected over hourly intervals");
/// - a variable the model lacks has the unit `"undefined"` and nulls.
/// `null` is a missing value; a WMO weather code becomes a summary and an icon; percentages
/// become fractions; amounts are turned into what rain's model holds for the requested units
/// (intensities in mm/h or in/h, daily accumulation in cm or in, visibility in km or miles). A
/// value of the wrong type, a column of the wrong length or an answer in other units is an
/// error naming its path.
public struct OpenMeteoDecoder: ForecastDecoder {
    public init() {}

    public func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast {
        try ForecastError.decoding(body) { root throws(JSONError) in try Self.forecast(from: root, units: units) }
    }

    static func forecast(from root: JSONNode, units: UnitSystem) throws(JSONError) -> Forecast {
        guard root.kind == .object else { throw root.mismatch(N_("an object")) }
        if try root.member("error")?.kind == .trueValue {
            let reason = try root.string("reason").map { ServerMessage.clean($0, hiding: nil) ?? "" } ?? ""
            var error = reason.isEmpty ? root.error(N_("the API answered with an error"))
                : root.error(N_("the API answered with an error: {message}"), ["message": .verbatim(reason)])
            error.path = nil
            throw error
        }
        let timeZone = try root.requiredString("timezone")
        guard !timeZone.trimmingSpaces.isEmpty else {
            throw try root.requiredMember("timezone").error(N_("expected a time zone name, found an empty string"))
        }
        let coordinate = Coordinate(latitude: try root.requiredNumber("latitude"), longitude: try root.requiredNumber("longitude"))
        guard (-90...90).contains(coordinate.latitude), (-180...180).contains(coordinate.longitude) else {
            throw try root.requiredMember("latitude").offTheGlobe(coordinate.latitude, coordinate.longitude)
        }
        let expected = OpenMeteoUnits(units)
        let utcOffset = try root.number("utc_offset_seconds")
        if let utcOffset, abs(utcOffset) > 18 * 3600 || utcOffset != utcOffset.rounded() {
            throw try root.requiredMember("utc_offset_seconds").error(N_("expected an offset of whole seconds within 18 hours, found {number}"), ["number": .verbatim("\(utcOffset)")])
        }
        var forecast = Forecast(coordinate: coordinate, timeZone: timeZone, units: units)
        forecast.utcOffset = utcOffset.map { Int($0) }
        if let block = try root.member("current") {
            let labels = try UnitCheck(root.member("current_units"), expected: expected)
            forecast.current = try conditions(from: block, labels: labels, units: units)
        }
        if let block = try root.member("minutely_15") {
            let labels = try UnitCheck(root.member("minutely_15_units"), expected: expected)
            forecast.nextHour = try nextHour(from: Columns(block), labels: labels)
        }
        if let block = try root.member("hourly") {
            let labels = try UnitCheck(root.member("hourly_units"), expected: expected)
            let shift = utcOffset.map { hourlyReadShift(utcOffset: Int($0)) } ?? 0
            forecast.hourly = try hours(from: Columns(block), labels: labels, units: units, readShift: shift)
            forecast.nextHour = forecast.nextHour.map { freezing(in: keepingDrizzle(in: $0, hours: forecast.hourly), hours: forecast.hourly) }
        }
        if let block = try root.member("daily") {
            let labels = try UnitCheck(root.member("daily_units"), expected: expected)
            let calendar = DayCalendar(timeZone: timeZone, gridOffset: utcOffset.map { Int($0) })
            forecast.daily = try days(from: Columns(block), labels: labels, units: units, calendar: calendar)
        }
        return forecast
    }

    static func conditions(from node: JSONNode, labels: UnitCheck, units: UnitSystem) throws(JSONError) -> Forecast.Conditions {
        guard let time = try node.requiredMember("time").unixTime() else { throw node.missing("time") }
        var conditions = Forecast.Conditions(time: time)
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
        conditions.uvIndex = UVIndex.plausible(try node.number("uv_index"))
        conditions.visibility = try labels.visibility(node, "visibility", units: units)
        // `precipitation` is the amount over the last `interval` seconds (15 minutes).
        if let amount = try labels.precipitation(node, "precipitation") {
            let seconds = try node.number("interval") ?? 900
            guard seconds > 0 else { throw try node.requiredMember("interval").error(N_("expected a positive number of seconds, found {number}"), ["number": .verbatim("\(seconds)")]) }
            conditions.precipIntensity = amount * 3600 / seconds
        }
        return conditions
    }

    /// Quarter hours of precipitation as the next hour's steps, each at the START of its
    /// quarter hour (the server stamps a sum at the end of the 15 minutes it covers) with the
    /// amount as an intensity per hour, and how closely they tell the time (`precision(of:)`).
    static func nextHour(from columns: Columns, labels: UnitCheck) throws(JSONError) -> Forecast.NextHour {
        let amount = try labels.precipitations(columns, "precipitation")
        let rain = try labels.precipitations(columns, "rain")
        let snowfall = try labels.snowfalls(columns, "snowfall")
        let minutes = columns.times.indices.map { index in
            var minute = Forecast.NextHour.Minute(time: columns.times[index].addingTimeInterval(-Columns.quarterHour))
            minute.precipIntensity = amount[index].map { $0 * 3600 / Columns.quarterHour }
            if (amount[index] ?? 0) > 0 {
                let snows = (snowfall[index] ?? 0) > 0, rains = (rain[index] ?? 0) > 0
                minute.precipType = snows ? (rains ? "sleet" : "snow") : "rain"
            }
            return minute
        }
        return Forecast.NextHour(minutes: minutes, precision: precision(of: minutes))
    }

    /// How far after its displayed time an hourly value was read. The server lays hours on a
    /// grid of local whole hours with the offset floored to whole hours (`(offset / 3600) *
    /// 3600`, towards zero), reads the values there (UTC whole hours) and displays them with
    /// the whole offset (`ForecastapiQuery.swift`, `getTimerange2`: `hourlyRead` and
    /// `hourlyDisplay`): in +5:30 a value shown at 12:00 local is that of 12:30, in +5:45 of
    /// 12:45, in -3:30 of 11:30; in whole-hour zones the two agree.
    static func hourlyReadShift(utcOffset: Int) -> TimeInterval {
        TimeInterval(utcOffset - (utcOffset / 3600) * 3600)
    }

    /// Hours at the start of each hour, at the time each value was read (`readShift` after
    /// the time the server shows). The precipitation, its chance, the strongest gust and the
    /// weather code stamped at the next hour are this hour's (they cover the hour that ends
    /// there: the server works the code out from that hour's sums, `Sources/App/Helper/WeatherCode.swift`
    /// `calculate(cloudcover:precipitation:...snowfallCentimeters:...)`, so its rain is the
    /// hour's rain); the last hour has no sums, and its own code.
    static func hours(from columns: Columns, labels: UnitCheck, units: UnitSystem, readShift: TimeInterval = 0) throws(JSONError) -> [Forecast.Hour] {
        let stampedCode = try columns.numbers("weather_code"), isDay = try columns.numbers("is_day")
        let code = zip(Columns.endingAtNext(stampedCode), stampedCode).map { $0 ?? $1 }
        let temperature = try labels.temperatures(columns, "temperature_2m")
        let apparent = try labels.temperatures(columns, "apparent_temperature")
        let probability = Columns.endingAtNext(try columns.numbers("precipitation_probability"))
        let precipitation = Columns.endingAtNext(try labels.precipitations(columns, "precipitation"))
        let windSpeed = try labels.windSpeeds(columns, "wind_speed_10m")
        let windGust = Columns.endingAtNext(try labels.windSpeeds(columns, "wind_gusts_10m"))
        let windBearing = try columns.numbers("wind_direction_10m")
        let humidity = try columns.numbers("relative_humidity_2m")
        let uvIndex = try columns.numbers("uv_index")
        return columns.times.indices.map { index in
            var hour = Forecast.Hour(time: columns.times[index].addingTimeInterval(readShift))
            let weather = code[index].flatMap(WeatherCode.init)
            hour.summary = weather?.summary
            hour.icon = weather?.icon(isDay: isDay[index].map { $0 != 0 })
            hour.precipType = weather?.precipType
            hour.temperature = temperature[index]
            hour.apparentTemperature = apparent[index]
            hour.precipProbability = probability[index].map(fraction)
            hour.precipIntensity = precipitation[index]
            hour.windSpeed = windSpeed[index]
            hour.windGust = windGust[index]
            hour.windBearing = windBearing[index]
            hour.humidity = humidity[index].map(fraction)
            hour.uvIndex = UVIndex.plausible(uvIndex[index])
            return hour
        }
    }

    static func days(from columns: Columns, labels: UnitCheck, units: UnitSystem, calendar: DayCalendar) throws(JSONError) -> [Forecast.Day] {
        let code = try columns.numbers("weather_code")
        let high = try labels.temperatures(columns, "temperature_2m_max")
        let low = try labels.temperatures(columns, "temperature_2m_min")
        let probability = try columns.numbers("precipitation_probability_max")
        let rain = try labels.precipitations(columns, "rain_sum"), showers = try labels.precipitations(columns, "showers_sum")
        let total = try labels.precipitations(columns, "precipitation_sum")
        let snowfall = try labels.snowfalls(columns, "snowfall_sum")
        let windSpeed = try labels.windSpeeds(columns, "wind_speed_10m_max")
        let uvIndex = try columns.numbers("uv_index_max")
        return columns.times.indices.map { index in
            var day = Forecast.Day(time: calendar.startOfDay(stampedAt: columns.times[index]))
            let weather = code[index].flatMap(WeatherCode.init)
            day.summary = weather?.summary
            day.icon = weather?.icon(isDay: true)
            day.precipType = weather?.precipType
            day.temperatureHigh = high[index]
            day.temperatureLow = low[index]
            day.precipProbability = probability[index].map(fraction)
            // Liquid: rain and showers; a total (snow's water included) only when that is all there is.
            let liquid = rain[index] == nil && showers[index] == nil ? total[index] : (rain[index] ?? 0) + (showers[index] ?? 0)
            // The model keeps daily accumulation as the Dark Sky family sends it: cm, or in for `us`.
            day.precipAccumulation = liquid.map { units == .us ? tidy($0, places: 4) : tidy($0 / 10, places: 5) }
            day.snowAccumulation = snowfall[index]
            day.windSpeed = windSpeed[index]
            day.uvIndex = UVIndex.plausible(uvIndex[index])
            return day
        }
    }

    /// `value` to `places` decimals: a sum of two sent values without the binary noise of the
    /// addition (0.243, not 0.24300000000000002).
    static func tidy(_ value: Double, places: Int) -> Double {
        let scale = (0..<places).reduce(1.0) { product, _ in product * 10 }
        return (value * scale).rounded() / scale
    }

    /// A percentage as a 0...1 fraction.
    static func fraction(_ percent: Double) -> Double { percent / 100 }
}
