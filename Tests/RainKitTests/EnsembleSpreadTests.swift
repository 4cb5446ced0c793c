import Foundation
@testable import RainKit
import Testing

/// The Ensemble API's answer read (`EnsembleDecoder`) and the spread taken from it
/// (`ForecastSpread`): percentiles by linear interpolation, rain from 0.1 mm, a column in
/// another unit refused.
@Suite struct EnsembleSpreadTests {
    @Test func percentilesInterpolateBetweenOrderStatistics() {
        let values = [4.0, 1, 3, 2, 5]   // sorted 1...5: p at position 4p
        #expect(ForecastSpread.percentile(values, 0.1) == 1.4)
        #expect(ForecastSpread.percentile(values, 0.5) == 3)
        #expect(abs(ForecastSpread.percentile(values, 0.9)! - 4.6) < 1e-12)
        #expect(ForecastSpread.percentile([7], 0.9) == 7)
        #expect(ForecastSpread.percentile([], 0.5) == nil)
    }

    static func body(temperatureUnit: String = "°C") -> Data {
        // Three runs of ICON-D2 (20 would be the real count; the decoder reads those present),
        // two hours. Precipitation sums end at each time.
        Data("""
        {"hourly_units": {"time": "unixtime", "temperature_2m": "\(temperatureUnit)", "temperature_2m_member01": "°C",
          "temperature_2m_member02": "°C", "precipitation": "mm", "precipitation_member01": "mm", "precipitation_member02": "mm"},
         "hourly": {"time": [0, 3600], "temperature_2m": [1, 2], "temperature_2m_member01": [3, 4], "temperature_2m_member02": [5, null],
          "precipitation": [0, 0.1], "precipitation_member01": [0, 0], "precipitation_member02": [0, 0.3]}}
        """.utf8)
    }

    @Test func membersAreReadAndTheirRainMovedToTheHourItFellIn() throws {
        let runs = try EnsembleDecoder.decode(Self.body(), model: .iconD2, units: .si)
        #expect(runs.temperature == [[1, 2], [3, 4], [5, nil]])
        #expect(runs.precipitation == [[0.1, nil], [0, nil], [0.3, nil]])
        let spread = ForecastSpread(runs, clock: LocalClock(timeZoneIdentifier: "UTC", units: .si))
        #expect(spread.members == 3)
        #expect(spread.hourly[0].precipChance == 2.0 / 3)
        #expect(spread.hourly[0].temperatureP50 == 3)
        #expect(spread.hourly[1].temperatureP10 == 2.2, "the run without a value is left out")
        #expect(spread.daily.isEmpty, "two hours are no day")
    }

    @Test func aColumnInAnotherUnitIsRefused() {
        #expect(throws: ForecastError.self) { try EnsembleDecoder.decode(Self.body(temperatureUnit: "°F"), model: .iconD2, units: .si) }
    }

    @Test func theModelFollowsThePlace() {
        #expect(EnsembleModel.choice(nil, for: Coordinate(latitude: 52.52, longitude: 13.405)) == .iconSeamless)
        #expect(EnsembleModel.choice(nil, for: Coordinate(latitude: 35.68, longitude: 139.65)) == .gfsSeamless)
        #expect(EnsembleModel.choice(.ecmwfIFS025, for: Coordinate(latitude: 52.52, longitude: 13.405)) == .ecmwfIFS025)
        #expect(EnsembleService.queryWeight(.iconSeamless).calls == 8)
    }
}
