@testable import ForecastSimulator
import Testing

/// The simulator's WMO codes as open-meteo/open-meteo `Sources/App/Helper/WeatherCode.swift`
/// computes them: freezing drizzle and rain only from 0.01 mm/h; below, the sky's cloud code;
/// drizzle, rain, snow and the cloud codes at its thresholds.
@Suite struct WeatherCodeTests {
    static func sleet(_ intensity: Double, cloudCover: Double) -> Conditions {
        conditions(temperature: 1, intensity: intensity, cloudCover: cloudCover)
    }

    static func conditions(temperature: Double, intensity: Double, cloudCover: Double, visibility: Double = 10) -> Conditions {
        Conditions(time: 0, temperature: temperature, apparentTemperature: -2, humidity: 0.9, pressure: 1010, windSpeed: 3, windGust: 6,
                   windBearing: 200, cloudCover: cloudCover, precipIntensity: intensity, precipProbability: 0.5, uvIndex: 0,
                   visibility: visibility, ozone: 300, isDay: true)
    }

    @Test(arguments: [(0.005, 0.95, 3), (0.009, 0.2, 1), (0.01, 0.95, 56), (0.49, 0.95, 56), (0.5, 0.95, 57), (1.3, 0.95, 66), (2.5, 0.95, 67)])
    func freezingCodesStartAtAHundredthOfAMillimetre(_ intensity: Double, _ cloudCover: Double, _ code: Int) {
        let conditions = Self.sleet(intensity, cloudCover: cloudCover)
        #expect(conditions.icon == "sleet")
        #expect(OpenMeteoVariables.weatherCode(conditions) == code, "\(intensity) mm/h")
    }

    /// Drizzle is 51, 53 and 55 from 0.01, 0.5 and 1.0 mm/h and rain 61 from 1.3 (the
    /// simulator had said 51 below 0.4 mm/h, even for none, and 61 from there).
    @Test(arguments: [(0.005, 0.95, 3), (0.01, 0.95, 51), (0.45, 0.95, 51), (0.5, 0.95, 53), (0.99, 0.95, 53),
                      (1.0, 0.95, 55), (1.29, 0.95, 55), (1.3, 0.95, 61), (2.5, 0.95, 63), (7.6, 0.95, 65)])
    func drizzleAndRainFollowTheService(_ intensity: Double, _ cloudCover: Double, _ code: Int) {
        let conditions = Self.conditions(temperature: 12, intensity: intensity, cloudCover: cloudCover)
        #expect(conditions.icon == "rain")
        #expect(OpenMeteoVariables.weatherCode(conditions) == code, "\(intensity) mm/h")
    }

    /// Snow by its snowfall, 0.7 cm a mm: 71, 73, 75 from 0.01, 0.2 and 0.8 cm/h; less than
    /// 0.01 cm/h is drizzle by its water, as the service's order of checks has it.
    @Test(arguments: [(0.01, 51), (0.02, 71), (0.28, 71), (0.29, 73), (1.14, 73), (1.15, 75)])
    func snowFollowsTheService(_ intensity: Double, _ code: Int) {
        let conditions = Self.conditions(temperature: -3, intensity: intensity, cloudCover: 0.95)
        #expect(conditions.icon == "snow")
        #expect(OpenMeteoVariables.weatherCode(conditions) == code, "\(intensity) mm/h")
    }

    /// A dry sky: fog where the visibility is 1000 m at most, else clear (0) below 20 % of
    /// cloud, mainly clear (1) below 50, partly cloudy (2) below 80, overcast (3) from there.
    @Test(arguments: [(0.1, 10.0, 0), (0.19, 10, 0), (0.2, 10, 1), (0.45, 10, 1), (0.5, 10, 2), (0.79, 10, 2),
                      (0.8, 10, 3), (0.86, 10, 3), (0.5, 1, 45), (0.5, 1.1, 2)])
    func aDrySkyFollowsTheService(_ cloudCover: Double, _ visibility: Double, _ code: Int) {
        let conditions = Self.conditions(temperature: 12, intensity: 0, cloudCover: cloudCover, visibility: visibility)
        #expect(OpenMeteoVariables.weatherCode(conditions) == code, "\(cloudCover) cloud, \(visibility) km")
    }
}
