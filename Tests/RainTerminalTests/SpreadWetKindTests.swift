import Foundation
@testable import RainKit
@testable import RainTerminal
import Testing

/// `SpreadView.WetKind`: the words of a day's wet runs follow the forecast's day (its amounts
/// of rain and snow, else its kind); a day the forecast keeps dry is worded by the runs'
/// temperatures, in the forecast's own unit system.
@Suite struct SpreadWetKindTests {
    static let day = Date(timeIntervalSince1970: 1_787_176_800)   // 2026-08-20, Berlin's midnight

    func kind(low: Double, high: Double, units: UnitSystem = .si, forecastDay: ((inout Forecast.Day) -> Void)? = nil) -> SpreadView.WetKind {
        var cached = ForecastSamples.days(lows: [low], highs: [high], units: units)
        if let forecastDay { forecastDay(&cached.forecast.daily[0]) } else { cached.forecast.daily = [] }
        let spreadDay = ForecastSpread.Day(time: Self.day, highP10: high - 1, highP50: high, highP90: high, lowP10: low, lowP50: low + 1, lowP90: low + 2,
                                           rainRuns: 30, runs: 40)
        let clock = LocalClock(timeZoneIdentifier: "Europe/Berlin", units: units)
        return SpreadView.WetKind(spreadDay, in: cached.forecast, clock: clock)
    }

    @Test func theForecastsDaySaysWhatTheRunsBring() {
        #expect(kind(low: 10, high: 20) { $0.precipAccumulation = 0.3 } == .rain)
        #expect(kind(low: 10, high: 20) { $0.snowAccumulation = 2 } == .snow)
        #expect(kind(low: 10, high: 20) { $0.precipAccumulation = 0.1; $0.snowAccumulation = 1 } == .either)
        #expect(kind(low: -5, high: -1) { $0.precipType = "rain" } == .rain)
        #expect(kind(low: 10, high: 20) { $0.precipType = "sleet" } == .either)
        #expect(kind(low: -5, high: -1) { $0.precipType = "freezing_rain" } == .rain, "freezing rain falls as rain")
    }

    @Test func aDryForecastDayIsWordedByTheRunsTemperatures() {
        #expect(kind(low: 3, high: 12) == .rain)
        #expect(kind(low: 2, high: 12) == .either)
        #expect(kind(low: -8, high: 0) == .snow)
        #expect(kind(low: -8, high: 1) == .either)
        // °F: 37.4 °F is 3 °C, 32 °F is 0 °C.
        #expect(kind(low: 37.4, high: 50, units: .us) == .rain)
        #expect(kind(low: 10, high: 32, units: .us) == .snow)
        #expect(kind(low: 30, high: 40, units: .us) == .either)
        #expect(kind(low: -8, high: -2) { _ in } == .snow, "a forecast day with no precipitation: the runs' temperatures")
    }

    /// A day the runs split evenly is not called dry: half of them bring something.
    @Test func anEvenSplitIsNotCalledDry() {
        let cached = ForecastSamples.days(lows: [10], highs: [20], units: .si)
        let view = SpreadView(width: 80, ascii: false, now: Self.day, presentation: Presentation())
        let clock = LocalClock(timeZoneIdentifier: "Europe/Berlin", units: .si)
        func words(_ rainRuns: Int) -> String {
            view.runsText(ForecastSpread.Day(time: Self.day, highP10: 19, highP50: 20, highP90: 21, lowP10: 9, lowP50: 10, lowP90: 11,
                                             rainRuns: rainRuns, runs: 40), in: cached.forecast, clock: clock)
        }
        #expect(words(19) == "dry in 21 of 40 runs")
        #expect(words(20) == "rain in 20 of 40 runs")
    }

    /// A day whose runs gave no temperature shows "–" under the highs and the lows, not "–°"
    /// (issue 42's hostile trial).
    @Test func aDayWithoutValuesShowsADashAlone() throws {
        let cached = ForecastSamples.days(lows: [10], highs: [20], units: .si)
        let view = SpreadView(width: 80, ascii: false, now: Self.day, presentation: Presentation())
        let empty = ForecastSpread.Day(time: Self.day, highP10: nil, highP50: nil, highP90: nil, lowP10: nil, lowP50: nil, lowP90: nil,
                                       rainRuns: 0, runs: 0)
        let full = ForecastSpread.Day(time: Self.day.addingTimeInterval(86400), highP10: 19, highP50: 20, highP90: 21,
                                      lowP10: 9, lowP50: 10, lowP90: 11, rainRuns: 0, runs: 40)
        let lines = view.lines(ForecastSpread(model: "icon_seamless", members: 40, hourly: [], daily: [empty, full]), of: cached)
        #expect(!lines.joined().contains("–°"), "\(lines)")
        let emptyLine = try #require(lines.first { $0.contains("Today") || $0.contains("Thu") }, "\(lines)")
        #expect(emptyLine.contains("–"), "\(lines)")
        #expect(lines.joined().contains("19…21°"), "\(lines)")
    }
}
