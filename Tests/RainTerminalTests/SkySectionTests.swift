import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// The sun and the moon on the forecast screen, and `--hours`/`--days`.
@Suite struct SkySectionTests {
    let now = ForecastFixtures.currentTime.addingTimeInterval(300)

    func berlin() throws -> CachedForecast {
        var cached = try ForecastFixtures.berlinCached()
        cached.forecast = cached.forecast.withAstronomy(at: cached.location.coordinate)
        return cached
    }

    func skyLines(_ cached: CachedForecast, width: Int = 80) -> [String] {
        ForecastView(width: width, usesColor: false, now: now).lines(cached, height: nil)
            .filter { $0.hasPrefix("  ☀  S") || $0.hasPrefix("  ☀  P") || $0.hasPrefix("  ☀  M") || $0.hasPrefix("     ")
                || "○●◐◑".contains($0.dropFirst(2).first ?? " ") }
            .filter { !$0.contains("°C") && !$0.contains("Humidity") && !$0.contains("Pressure") }
    }

    /// Berlin, 20 August 2026: rain's own sun (PyEphem: 05:57:05 and 20:21:22; the fixture's Pirate
    /// Weather times, 05:58 and 20:22, give way), the daylight change
    /// as rain computes it (PyEphem: -228.6 s), a waxing moon lit on the right (the northern hemisphere).
    @Test func berlinShowsItsSunAndMoon() throws {
        let lines = skyLines(try berlin())
        #expect(lines == [
            "  ☀  Sunrise 05:57  ·  Sunset 20:21  ·  Daylight 14 h 24 min (-3 min 48 s)",
            "  ◑  First quarter, 53% lit  ·  Moonrise 15:46  ·  Moonset 22:39",
        ], "\(lines)")
    }

    @Test func theSouthSeesTheMoonLitFromTheOtherSide() {
        #expect(MoonGlyph.glyph(forFraction: 0.2, southern: false) == "◑")
        #expect(MoonGlyph.glyph(forFraction: 0.2, southern: true) == "◐")
        #expect(MoonGlyph.glyph(forFraction: 0.7, southern: false) == "◐")
        #expect(MoonGlyph.glyph(forFraction: 0.7, southern: true) == "◑")
        #expect(MoonGlyph.glyph(forFraction: 0.5, southern: true) == "●")
        #expect(MoonGlyph.glyph(forFraction: 0.01, southern: false) == "○")
    }

    @Test func polarDaysSaySoInsteadOfTimes() throws {
        var cached = try berlin()
        cached.forecast.daily[0].sunrise = nil
        cached.forecast.daily[0].sunset = nil
        cached.forecast.daily[0].polar = .night
        #expect(skyLines(cached).first == "  ☀  Polar night: the sun stays below the horizon")
        cached.forecast.daily[0].polar = .day
        #expect(skyLines(cached).first == "  ☀  Midnight sun: the sun stays up all day")
    }

    @Test func aNarrowWindowFlowsThePartsOntoMoreLines() throws {
        let lines = ForecastView(width: 50, usesColor: false, now: now).lines(try berlin(), height: nil)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  ☀  Sunrise") })
        #expect(Array(lines[start..<start + 4]) == [
            "  ☀  Sunrise 05:57  ·  Sunset 20:21",
            "     Daylight 14 h 24 min (-3 min 48 s)",
            "  ◑  First quarter, 53% lit  ·  Moonrise 15:46",
            "     Moonset 22:39",
        ], "\(lines)")
        for line in lines { #expect(line.displayWidth <= 50, "\(line)") }
    }

    @Test func changesReadAsPeopleSayThem() {
        #expect(ForecastViewContext.change(220) == "+3 min 40 s")
        #expect(ForecastViewContext.change(-120) == "-2 min")
        #expect(ForecastViewContext.change(-52.4) == "-52 s")
        #expect(ForecastViewContext.change(0.3) == "±0 s")
        #expect(ForecastViewContext.duration(49_000) == "13 h 37 min")
    }

    @Test func hoursAndDaysChooseHowMuchIsShown() throws {
        var view = ForecastView(width: 80, usesColor: false, now: now)
        view.hourCount = 2
        view.dayCount = 1
        let lines = view.lines(try berlin(), height: nil)
        #expect(lines.contains("  Next 2 hours  Thunderstorms this evening."))
        // One day: its row names it, with no "Next day" over it.
        #expect(!lines.contains { $0.hasPrefix("  Next day") } && lines.contains { $0.hasPrefix("  Today ") })
        #expect(!lines.contains { $0.hasPrefix("  Fri 21") })
    }

    @Test func moreHoursThanARowTakeMoreRows() throws {
        var cached = try berlin()
        let first = cached.forecast.hourly[0]
        cached.forecast.hourly = (0..<20).map { index in
            var hour = first
            hour.time = first.time.addingTimeInterval(Double(index) * 3_600)
            return hour
        }
        var view = ForecastView(width: 80, usesColor: false, now: now)
        view.hourCount = 20
        let lines = view.lines(cached, height: nil)
        let title = try #require(lines.firstIndex(of: "  Next 20 hours  Thunderstorms this evening."))
        #expect(lines[title + 1].hasPrefix("  14:00 15:00"))
        #expect(lines[title + 1].hasSuffix("01:00"), "12 columns at 80: \(lines[title + 1])")
        // Each row with its feels-like and wind rows, named at their ends.
        #expect(lines[title + 5].hasSuffix("  feels") && lines[title + 6].hasSuffix("  m/s"), "\(lines)")
        #expect(lines[title + 7] == "")
        #expect(lines[title + 8].hasPrefix("  02:00") && lines[title + 8].hasSuffix("09:00"))
        #expect(ForecastView.hoursAhead(in: cached.forecast, now: now).count == 20)
    }
}
