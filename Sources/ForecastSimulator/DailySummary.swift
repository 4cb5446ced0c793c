import Foundation

/// One day of a Dark Sky `daily` block (Pirate Weather's meanings), from the hours of one
/// local calendar day.
///
/// Pirate-Weather/pirate-weather-code API/utils/time_indexing.py, calculate_time_indexing:
/// `temperatureMin`/`Max` are the calendar day's; `temperatureHigh` is the high of
/// (06:00, 18:00] and `temperatureLow` the low of (18:00, 06:00 the next day], local time.
/// API/daily/builder.py: `precipAccumulation` = liquid + snow + ice accumulations of the day.
/// API/hourly/block.py, `_calculate_derived_metrics`: day 0's precipitation is that of the hours
/// from the one under way ("the remaining hours of the day"): the hours before it have their
/// intensity, accumulations and probability zeroed before the days are summed (what fell in
/// them goes to `currently.currentDayLiquid` instead).
struct DailySummary: Sendable {
    let start: Double
    /// The day's hours (each carrying the precipitation of the hour it starts).
    let samples: [Conditions]
    /// Hours in (06:00, 18:00].
    let daytime: [Conditions]
    /// Hours in (18:00, 06:00 next day].
    let night: [Conditions]
    let sunrise: Double
    let sunset: Double
    /// What falls in the calendar day (day 0: from the hour under way), mm of liquid water by kind.
    let amount: Precipitation.Amount

    /// `start`/`end`: this and the next local midnight; `sixAM`, `sixPM`, `nextSixAM`: local
    /// 06:00 and 18:00 of this day and 06:00 of the next; `forecastMonth`: the month (1...12)
    /// of the forecast's first day (Pirate Weather decides polar day or night by it);
    /// `counted`: where the day's precipitation starts (day 0: the hour under way).
    init(model: WeatherModel, precipitation: Precipitation, start: Double, end: Double,
         sixAM: Double, sixPM: Double, nextSixAM: Double, forecastMonth: Int, counted: Double? = nil) {
        self.start = start
        let counted = max(start, counted ?? start)
        func hour(_ time: Double) -> Conditions {
            var conditions = precipitation.conditions(at: time, over: time, time + 3600)
            if time < counted { conditions.setPrecipitation(intensity: 0, probability: 0) }
            return conditions
        }
        let hours = max(1, Int(((end - start) / 3600).rounded()))
        samples = (0..<hours).map { hour(start + Double($0) * 3600) }
        daytime = stride(from: sixAM + 3600, through: sixPM, by: 3600).map(hour)
        night = stride(from: sixPM + 3600, through: nextSixAM, by: 3600).map(hour)
        amount = precipitation.amount(from: counted, to: end)
        // Pirate-Weather/pirate-weather-code API/utils/solar.py, calculate_solar_times: where the
        // sun neither rises nor sets, polar day is sunrise 00:00:01 and sunset 23:59:59 of the
        // day (midnight + 86400 - 1); polar night is sunrise midnight + 86400 - 2 and sunset
        // midnight + 86400 - 1. Which of the two it is comes from API/utils/geo.py,
        // _polar_is_all_day: the month of the forecast's first day and the hemisphere.
        let sun = model.sun
        // 00:00 UTC of the local date: local midnight is within 12 hours of it almost everywhere.
        let utcMidnight = (start / 86400).rounded() * 86400
        switch sun.transit(utcMidnight: utcMidnight) {
        case .times:
            (sunrise, sunset) = sun.riseAndSet(near: start + 12 * 3600)
        case .polarDay, .polarNight:
            let allDay = (sun.latitude > 0 && (4...9).contains(forecastMonth)) || (sun.latitude < 0 && !(4...9).contains(forecastMonth))
            sunrise = allDay ? start + 1 : start + 86400 - 2
            sunset = start + 86400 - 1
        }
    }

    var high: Conditions { daytime.max { $0.temperature < $1.temperature } ?? maximum }
    var low: Conditions { night.min { $0.temperature < $1.temperature } ?? minimum }
    var maximum: Conditions { samples.max { $0.temperature < $1.temperature }! }
    var minimum: Conditions { samples.min { $0.temperature < $1.temperature }! }
    var apparentHigh: Conditions { daytime.max { $0.apparentTemperature < $1.apparentTemperature } ?? apparentMaximum }
    var apparentLow: Conditions { night.min { $0.apparentTemperature < $1.apparentTemperature } ?? apparentMinimum }
    var apparentMaximum: Conditions { samples.max { $0.apparentTemperature < $1.apparentTemperature }! }
    var apparentMinimum: Conditions { samples.min { $0.apparentTemperature < $1.apparentTemperature }! }
    var wettest: Conditions { samples.max { $0.precipIntensity < $1.precipIntensity }! }
    var gustiest: Conditions { samples.max { $0.windGust < $1.windGust }! }
    var sunniest: Conditions { samples.max { $0.uvIndex < $1.uvIndex }! }
    var precipitationMillimetres: Double { amount.total }

    private func mean(_ value: (Conditions) -> Double) -> Double {
        samples.map(value).reduce(0, +) / Double(samples.count)
    }

    var icon: String {
        if samples.contains(where: { $0.icon == "thunderstorm" }) { return "thunderstorm" }
        if precipitationMillimetres > 1 { return wettest.precipType }
        let cloud = mean(\.cloudCover)
        if cloud > 0.875 { return "cloudy" }
        if cloud > 0.375 { return "partly-cloudy-day" }
        return "clear-day"
    }

    var summary: String {
        let when: String
        switch (wettest.time - start) / 3600 {
        case ..<6: when = "overnight"
        case ..<12: when = "in the morning"
        case ..<18: when = "in the afternoon"
        default: when = "in the evening"
        }
        switch icon {
        case "thunderstorm": return "Thunderstorms \(when)."
        case "rain": return precipitationMillimetres > 10 ? "Rain \(when)." : "Light rain \(when)."
        case "snow": return "Snow \(when)."
        case "sleet": return "Sleet \(when)."
        case "cloudy": return "Overcast throughout the day."
        case "partly-cloudy-day": return "Partly cloudy throughout the day."
        default: return "Clear throughout the day."
        }
    }

    func json(units: UnitSystem, version: Int, text: (String) -> String) -> JSONValue {
        // Bearings average as vectors (350° and 10° make 0°, not 180°).
        let radians = samples.map { Double($0.windBearing) * Double.pi / 180 }
        let angle = atan2(radians.map(sin).reduce(0, +), radians.map(cos).reduce(0, +)) * 180 / Double.pi
        let windBearing = (Int(angle.rounded()) + 360) % 360
        return .object([
            ("time", .integer(Int(start))),
            ("summary", .string(text(summary))),
            ("icon", .string(icon)),
            ("sunriseTime", .integer(Int(sunrise))),
            ("sunsetTime", .integer(Int(sunset))),
            ("moonPhase", .rounded(((Sun.moonPhase(at: start + 43200) * 100).rounded() / 100).truncatingRemainder(dividingBy: 1))),
            ("precipIntensity", .rounded(units.intensity(mean(\.precipIntensity)), places: 4)),
            ("precipIntensityMax", .rounded(units.intensity(wettest.precipIntensity), places: 4)),
            ("precipIntensityMaxTime", .integer(Int(wettest.time))),
            ("precipProbability", .rounded(samples.map(\.precipProbability).max() ?? 0)),
            ("precipAccumulation", .rounded(units.liquidAccumulation(amount.rain + amount.showers) + units.snowAccumulation(amount.snow) + units.liquidAccumulation(amount.sleet), places: 4)),
            ("precipType", .string(PirateWeatherPrecipType.day(amount, version: version))),
            ("temperatureHigh", .rounded(units.temperature(high.temperature))),
            ("temperatureHighTime", .integer(Int(high.time))),
            ("temperatureLow", .rounded(units.temperature(low.temperature))),
            ("temperatureLowTime", .integer(Int(low.time))),
            ("apparentTemperatureHigh", .rounded(units.temperature(apparentHigh.apparentTemperature))),
            ("apparentTemperatureHighTime", .integer(Int(apparentHigh.time))),
            ("apparentTemperatureLow", .rounded(units.temperature(apparentLow.apparentTemperature))),
            ("apparentTemperatureLowTime", .integer(Int(apparentLow.time))),
            ("dewPoint", .rounded(units.temperature(mean(\.dewPoint)))),
            ("humidity", .rounded(mean(\.humidity))),
            ("pressure", .rounded(mean(\.pressure), places: 1)),
            ("windSpeed", .rounded(units.speed(mean(\.windSpeed)))),
            ("windGust", .rounded(units.speed(gustiest.windGust))),
            ("windGustTime", .integer(Int(gustiest.time))),
            ("windBearing", .integer(windBearing)),
            ("cloudCover", .rounded(mean(\.cloudCover))),
            ("uvIndex", .rounded(sunniest.uvIndex, places: 1)),
            ("uvIndexTime", .integer(Int(sunniest.time))),
            ("visibility", .rounded(units.distance(mean(\.visibility)))),
            ("temperatureMin", .rounded(units.temperature(minimum.temperature))),
            ("temperatureMinTime", .integer(Int(minimum.time))),
            ("temperatureMax", .rounded(units.temperature(maximum.temperature))),
            ("temperatureMaxTime", .integer(Int(maximum.time))),
            ("apparentTemperatureMin", .rounded(units.temperature(apparentMinimum.apparentTemperature))),
            ("apparentTemperatureMinTime", .integer(Int(apparentMinimum.time))),
            ("apparentTemperatureMax", .rounded(units.temperature(apparentMaximum.apparentTemperature))),
            ("apparentTemperatureMaxTime", .integer(Int(apparentMaximum.time))),
        ] + Self.accumulations(amount, units: units, version: version))
    }

    /// Pirate-Weather/pirate-weather-code API/api_utils.py, remove_conditional_fields: the
    /// `liquidAccumulation`, `snowAccumulation`, `iceAccumulation` fields are only sent with
    /// `version=2` or more. API/hourly/block.py: snow is counted as its depth (about ten times
    /// the water), sleet and freezing rain as ice; si/ca/uk in cm, us in inches.
    static func accumulations(_ amount: Precipitation.Amount, units: UnitSystem, version: Int) -> [(String, JSONValue)] {
        guard version >= 2 else { return [] }
        return [
            ("liquidAccumulation", .rounded(units.liquidAccumulation(amount.rain + amount.showers), places: 4)),
            ("snowAccumulation", .rounded(units.snowAccumulation(amount.snow), places: 4)),
            ("iceAccumulation", .rounded(units.liquidAccumulation(amount.sleet), places: 4)),
        ]
    }
}
