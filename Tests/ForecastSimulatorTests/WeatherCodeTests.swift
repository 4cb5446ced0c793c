@testable import ForecastSimulator
import Testing

/// The simulator's WMO codes as open-meteo/open-meteo `Sources/App/Helper/WeatherCode.swift`
/// computes them: freezing drizzle and rain only from 0.01 mm/h; below, the sky's cloud code.
@Suite struct WeatherCodeTests {
    static func sleet(_ intensity: Double, cloudCover: Double) -> Conditions {
        Conditions(time: 0, temperature: 1, apparentTemperature: -2, humidity: 0.9, pressure: 1010, windSpeed: 3, windGust: 6,
                   windBearing: 200, cloudCover: cloudCover, precipIntensity: intensity, precipProbability: 0.5, uvIndex: 0,
                   visibility: 10, ozone: 300, isDay: true)
    }

    @Test(arguments: [(0.005, 0.95, 3), (0.009, 0.2, 1), (0.01, 0.95, 56), (0.49, 0.95, 56), (0.5, 0.95, 57), (1.3, 0.95, 66), (2.5, 0.95, 67)])
    func freezingCodesStartAtAHundredthOfAMillimetre(_ intensity: Double, _ cloudCover: Double, _ code: Int) {
        let conditions = Self.sleet(intensity, cloudCover: cloudCover)
        #expect(conditions.icon == "sleet")
        #expect(OpenMeteoVariables.weatherCode(conditions) == code, "\(intensity) mm/h")
    }
}
