import Foundation

/// One day of the `daily` block, aggregated from hourly samples of the model between two
/// local midnights.
struct DailySummary: Sendable {
    let start: Double
    let samples: [Conditions]
    let night: [Conditions]
    let sunrise: Double
    let sunset: Double

    init(model: WeatherModel, start: Double, end: Double, nextEnd: Double) {
        self.start = start
        let hours = max(1, Int(((end - start) / 3600).rounded()))
        samples = (0..<hours).map { model.conditions(at: start + Double($0) * 3600) }
        // Dark Sky's "low" is the overnight low: 18:00 this day to 06:00 the next.
        night = (18..<30).map { model.conditions(at: start + Double($0) * 3600) }
        (sunrise, sunset) = model.sun.riseAndSet(near: start + 12 * 3600)
    }

    var high: Conditions { samples.max { $0.temperature < $1.temperature }! }
    var low: Conditions { night.min { $0.temperature < $1.temperature }! }
    var minimum: Conditions { samples.min { $0.temperature < $1.temperature }! }
    var apparentHigh: Conditions { samples.max { $0.apparentTemperature < $1.apparentTemperature }! }
    var apparentLow: Conditions { night.min { $0.apparentTemperature < $1.apparentTemperature }! }
    var apparentMinimum: Conditions { samples.min { $0.apparentTemperature < $1.apparentTemperature }! }
    var wettest: Conditions { samples.max { $0.precipIntensity < $1.precipIntensity }! }
    var gustiest: Conditions { samples.max { $0.windGust < $1.windGust }! }
    var sunniest: Conditions { samples.max { $0.uvIndex < $1.uvIndex }! }
    var precipitationMillimetres: Double { samples.map(\.precipIntensity).reduce(0, +) }

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

    func json(units: UnitSystem, text: (String) -> String) -> JSONValue {
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
            ("precipAccumulation", .rounded(units.accumulation(precipitationMillimetres), places: 4)),
            ("precipType", .string(precipitationMillimetres > 0 ? wettest.precipType : "none")),
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
            ("temperatureMax", .rounded(units.temperature(high.temperature))),
            ("temperatureMaxTime", .integer(Int(high.time))),
            ("apparentTemperatureMin", .rounded(units.temperature(apparentMinimum.apparentTemperature))),
            ("apparentTemperatureMinTime", .integer(Int(apparentMinimum.time))),
            ("apparentTemperatureMax", .rounded(units.temperature(apparentHigh.apparentTemperature))),
            ("apparentTemperatureMaxTime", .integer(Int(apparentHigh.time))),
        ])
    }
}
