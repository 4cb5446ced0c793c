import Foundation
import Testing
@testable import RainKit

/// `rain refresh`'s lines as a table.
@Suite struct RefreshReportTests {
    @Test func namesTemperaturesAndSummariesLineUp() {
        func outcome(_ name: String, _ temperature: Double, _ summary: String, refreshed: Bool) -> RefreshOutcome {
            var cached = ForecastSamples.full(units: .si, name: name)
            cached.forecast.current?.temperature = temperature
            cached.forecast.current?.summary = summary
            return RefreshOutcome(location: cached.location, status: refreshed ? .refreshed(cached) : .fresh(cached))
        }
        let table = RefreshReport.table([outcome("Berlin", 7, "Mostly Cloudy", refreshed: true),
                                         outcome("San Francisco", 19, "Fog", refreshed: false),
                                         outcome("Oslo", -12, "Snow", refreshed: true)],
                                        usesColor: false, now: ForecastSamples.start)
        #expect(table == """
            Berlin           7 °C  Mostly Cloudy
            San Francisco   19 °C  Fog            (cached, 3 h ago)
            Oslo           -12 °C  Snow

            """)
        #expect(RefreshReport.table([], usesColor: false, now: ForecastSamples.start).isEmpty)
    }
}
