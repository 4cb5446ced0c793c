import Foundation

/// The weather at one instant, in SI units (°C, m/s, mm/h, hPa, km).
struct Conditions: Sendable {
    var time: Double
    var temperature: Double
    var apparentTemperature: Double
    var humidity: Double
    var pressure: Double
    var windSpeed: Double
    var windGust: Double
    var windBearing: Int
    var cloudCover: Double
    var precipIntensity: Double
    var precipProbability: Double
    var uvIndex: Double
    var visibility: Double
    var ozone: Double
    var isDay: Bool

    var precipType: String {
        guard precipIntensity > 0 else { return "none" }
        if temperature <= 0 { return "snow" }
        if temperature <= 2 { return "sleet" }
        return "rain"
    }

    /// The dew point of the temperature and humidity, by the Magnus formula (Alduchov and
    /// Eskridge's constants): derived, never stored, so it agrees with them however the
    /// humidity was raised later (`setPrecipitation`), as a real service's does.
    var dewPoint: Double {
        let a = 17.625, b = 243.04
        let gamma = log(max(humidity, 0.01)) + a * temperature / (b + temperature)
        return b * gamma / (a - gamma)
    }

    var isFoggy: Bool { precipIntensity == 0 && humidity > 0.92 && windSpeed < 2.5 }

    /// Dark Sky's icon name.
    var icon: String {
        if precipIntensity > 0 {
            if precipIntensity >= 2.5, temperature >= 15 { return "thunderstorm" }
            return precipType
        }
        if isFoggy { return "fog" }
        if windSpeed > 10.8 { return "wind" }
        if cloudCover > 0.875 { return "cloudy" }
        if cloudCover > 0.375 { return isDay ? "partly-cloudy-day" : "partly-cloudy-night" }
        return isDay ? "clear-day" : "clear-night"
    }

    var summary: String {
        if precipIntensity > 0 {
            if icon == "thunderstorm" { return "Thunderstorms" }
            let strength = precipIntensity < 2.5 ? "Light " : precipIntensity < 7.6 ? "" : "Heavy "
            switch precipType {
            case "snow": return strength + "Snow"
            case "sleet": return strength + "Sleet"
            default: return precipIntensity < 0.4 ? "Drizzle" : strength + "Rain"
            }
        }
        if isFoggy { return "Foggy" }
        if windSpeed > 10.8 { return "Windy" }
        if cloudCover > 0.875 { return "Overcast" }
        if cloudCover > 0.625 { return "Mostly Cloudy" }
        if cloudCover > 0.375 { return "Partly Cloudy" }
        if cloudCover > 0.125 { return "Mostly Clear" }
        return "Clear"
    }

    /// Sets the precipitation and keeps the dependent values plausible.
    mutating func setPrecipitation(intensity: Double, probability: Double) {
        precipIntensity = max(0, intensity)
        precipProbability = min(1, max(0, probability))
        if intensity > 0 {
            cloudCover = max(cloudCover, 0.8)
            humidity = max(humidity, 0.8)
            visibility = min(visibility, 12)
        }
    }
}

/// Computes `Conditions` for a place from its coordinates and the time, deterministically:
/// the same place and instant always give the same weather.
struct WeatherModel: Sendable {
    let latitude: Double
    let longitude: Double
    let seed: Seed
    let sun: Sun

    init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
        seed = Seed(latitude: latitude, longitude: longitude)
        sun = Sun(latitude: latitude, longitude: longitude)
    }

    /// Metres above sea level.
    var elevation: Double { (seed.unit(1) * seed.unit(2) * 900).rounded() }

    func conditions(at time: Double) -> Conditions {
        let hours = time / 3600
        let dayOfYear = (time / 86400).truncatingRemainder(dividingBy: 365.2422)
        let season = cos(2 * Double.pi * (dayOfYear - 200) / 365.2422) * (latitude >= 0 ? 1 : -1)
        let annualMean = 28 - 0.35 * abs(latitude) + (seed.unit(3) * 4 - 2)
        let seasonalAmplitude = 0.2 * abs(latitude)

        let cloud = clamp(0.45 + 0.55 * seed.smooth(10, at: hours, period: 10) + 0.2 * seed.smooth(11, at: hours, period: 3), 0, 1)
        let diurnal = (3 + 3 * (1 - cloud)) * cos(2 * Double.pi * (sun.solarHour(at: time) - 15) / 24)
        let temperature = clamp(
            annualMean + seasonalAmplitude * season + diurnal
                + 3 * seed.smooth(12, at: hours, period: 36) + 1 * seed.smooth(13, at: hours, period: 5),
            -45, 48)

        let probability = cloud > 0.6 ? min(0.95, (cloud - 0.6) / 0.4 * 0.95) : cloud * 0.08
        let intensity = probability > 0.45 ? (probability - 0.45) * 8 * (0.6 + 0.8 * seed.unit(14, Int64(hours.rounded(.down)))) : 0
        let humidity = clamp(0.45 + 0.45 * cloud + 0.08 * seed.smooth(15, at: hours, period: 6), 0.2, 1)
        let windSpeed = windSpeed(at: time)
        let bearing = (seed.unit(5) * 360 + 90 * seed.smooth(18, at: hours, period: 24)).truncatingRemainder(dividingBy: 360)
        let apparent = temperature < 10
            ? temperature - 0.7 * windSpeed * (10 - temperature) / 10 - 0.5
            : temperature + (humidity - 0.5) * 4
        var conditions = Conditions(
            time: time,
            temperature: temperature,
            apparentTemperature: apparent,
            humidity: humidity,
            pressure: 1013 + 12 * seed.smooth(19, at: hours, period: 48) - 8 * (cloud - 0.5),
            windSpeed: windSpeed,
            windGust: gust(windSpeed: windSpeed),
            windBearing: Int(bearing < 0 ? bearing + 360 : bearing) % 360,
            cloudCover: cloud,
            precipIntensity: intensity,
            precipProbability: probability,
            uvIndex: sun.clearSkyUV(at: time) * (1 - 0.6 * cloud),
            visibility: 16,
            ozone: 300 + 30 * seed.smooth(20, at: hours, period: 72),
            isDay: sun.isDay(at: time)
        )
        conditions.visibility = conditions.isFoggy ? 0.4 + 0.6 * seed.unit(21, Int64(hours)) : clamp(16 - intensity * 2, 2, 16)
        return conditions
    }

    /// The mean wind (m/s) at an instant.
    func windSpeed(at time: Double) -> Double {
        let hours = time / 3600
        let windiness = 0.6 + 1.2 * seed.unit(4)
        return 3.5 * windiness * exp(0.6 * seed.smooth(16, at: hours, period: 12) + 0.3 * seed.smooth(17, at: hours, period: 3))
    }

    /// The gust (m/s) at an instant, from the mean wind then.
    func gust(windSpeed: Double) -> Double { windSpeed * 1.5 + 0.5 }

    private func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        min(high, max(low, value))
    }
}
