import Foundation
@testable import RainKit
@testable import RainTerminal
import Testing

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

    @Test func aFailedPlaceKeepsItsLineWithItsCachedForecastOrADash() {
        var berlin = ForecastSamples.full(units: .si, name: "Berlin")
        berlin.forecast.current?.temperature = 7
        berlin.forecast.current?.summary = "Mostly Cloudy"
        var oslo = ForecastSamples.full(units: .si, name: "Oslo")
        oslo.forecast.current?.temperature = -2
        oslo.forecast.current?.summary = "Snow"
        let lima = ForecastSamples.full(units: .si, name: "Lima").location
        let failure = RefreshFailure.forecast(.http(status: 404, message: nil))
        let table = RefreshReport.table([RefreshOutcome(location: berlin.location, status: .refreshed(berlin)),
                                         RefreshOutcome(location: oslo.location, status: .failed(failure, cached: oslo)),
                                         RefreshOutcome(location: lima, status: .failed(failure, cached: nil))],
                                        usesColor: false, now: ForecastSamples.start)
        #expect(table == """
            Berlin   7 °C  Mostly Cloudy
            Oslo    -2 °C  Snow           (cached, 3 h ago)
            Lima        –                 (failed)

            """)
    }

    @Test func anOfflinePlaceWithNothingCachedSaysSo() {
        let quito = ForecastSamples.full(units: .si, name: "Quito").location
        let table = RefreshReport.table([RefreshOutcome(location: quito, status: .failed(.forecast(.offline(host: "api.example")), cached: nil))],
                                        usesColor: false, now: ForecastSamples.start)
        #expect(table == "Quito  –    (nothing cached)\n")
    }
}
