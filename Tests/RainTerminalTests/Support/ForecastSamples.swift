import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport

/// Hand-made forecasts for rendering tests.
enum ForecastSamples {
    static let start = Date(timeIntervalSince1970: 1_787_229_420)  // 2026-08-20 12:37 UTC

    /// A place with days whose lows and highs are given, one day apart from today.
    static func days(lows: [Double?], highs: [Double?], units: UnitSystem = .si, timeZone: String = "Europe/Berlin") -> CachedForecast {
        var forecast = Forecast(coordinate: Coordinate(latitude: 52.52, longitude: 13.405), timeZone: timeZone, units: units)
        forecast.daily = zip(lows, highs).enumerated().map { index, pair in
            var day = Forecast.Day(time: Date(timeIntervalSince1970: 1_787_176_800 + Double(index) * 86_400))
            day.temperatureLow = pair.0
            day.temperatureHigh = pair.1
            day.icon = "clear-day"
            return day
        }
        return CachedForecast(location: ForecastFixtures.berlin, fetchedAt: start, source: "darksky", forecast: forecast)
    }

    /// A full forecast in `us` units: 48 hours, 8 days, minutely rain starting in 12 minutes.
    static func full(units: UnitSystem, timeZone: String = "America/New_York", name: String = "New York") -> CachedForecast {
        var forecast = Forecast(coordinate: Coordinate(latitude: 40.71, longitude: -74.01), timeZone: timeZone, units: units)
        var current = Forecast.Conditions(time: start)
        current.summary = "Humid"
        current.icon = "cloudy"
        current.temperature = units == .us ? 84.2 : 29
        current.apparentTemperature = units == .us ? 90.4 : 32
        current.humidity = 0.71
        current.windSpeed = 9.4
        current.windBearing = 180
        current.precipProbability = 0.3
        current.uvIndex = 7
        forecast.current = current
        forecast.nextHour = Forecast.NextHour(minutes: (0...60).map { minute in
            Forecast.NextHour.Minute(time: start.addingTimeInterval(Double(minute) * 60),
                                     precipIntensity: minute >= 12 ? 0.02 : 0, precipProbability: minute >= 12 ? 0.8 : 0.1,
                                     precipType: "rain")
        })
        forecast.hourly = (0..<48).map { index in
            var hour = Forecast.Hour(time: Date(timeIntervalSince1970: 1_787_227_200 + Double(index) * 3600))
            hour.icon = index % 3 == 0 ? "rain" : "partly-cloudy-day"
            hour.temperature = 70 + Double(index % 10)
            hour.precipProbability = Double(index % 5) / 5
            return hour
        }
        forecast.daily = (0..<8).map { index in
            var day = Forecast.Day(time: Date(timeIntervalSince1970: 1_787_198_400 + Double(index) * 86_400))
            day.icon = "clear-day"
            day.summary = "Day \(index) with a rather long summary that will need cutting somewhere"
            day.temperatureLow = 60 + Double(index)
            day.temperatureHigh = 80 + Double(index % 3)
            day.precipProbability = 0.1
            day.precipAccumulation = index == 0 ? 0.12 : nil
            return day
        }
        return CachedForecast(location: Location(name: name, coordinate: forecast.coordinate),
                              fetchedAt: start.addingTimeInterval(-3 * 3600), source: "darksky", forecast: forecast)
    }
}
