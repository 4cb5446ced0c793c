import Foundation
@testable import RainKit
@testable import RainTerminal
import Testing

/// `rain show` on a terminal of known height keeps its header on screen: pressure and visibility
/// go first, then days down to three; asked-for days stay; a screen that fits is untouched.
@Suite struct ScreenFitTests {
    /// Berlin's graph forecast with conditions now and a week of days.
    static func week() -> CachedForecast {
        var cached = MeteogramTests.berlin()
        var current = Forecast.Conditions(time: MeteogramTests.now)
        current.temperature = 12
        current.humidity = 0.6
        current.windSpeed = 4
        current.pressure = 1015
        current.visibility = 10
        cached.forecast.current = current
        let first = cached.forecast.daily[0]
        cached.forecast.daily = (0..<7).map { index in
            var day = first
            // Two hours into each day, whichever side of the clocks' change it is.
            day.time = first.time.addingTimeInterval(Double(index) * 86_400 + 7_200)
            day.temperatureLow = 2
            day.temperatureHigh = 12
            return day
        }
        return cached
    }

    static func screen(height: Int?, days: Int? = nil, graph: Bool = true) -> [String] {
        var view = ForecastView(width: 80, usesColor: false, now: MeteogramTests.now)
        view.showsCompactGraph = graph
        view.screenHeight = height
        view.dayCount = days
        return view.lines(week(), height: nil)
    }

    @Test func aTallTerminalGetsTheWholeScreen() {
        let whole = Self.screen(height: nil)
        #expect(whole.contains { $0.hasPrefix("  Next 7 days") } && whole.contains { $0.contains("Pressure") })
        #expect(Self.screen(height: whole.count + 1) == whole)
    }

    @Test func aShortTerminalKeepsTheHeaderAndGivesUpAirThenDays() throws {
        let whole = Self.screen(height: nil)
        let fitted = Self.screen(height: whole.count - 2)
        #expect(fitted.count <= whole.count - 3, "\(fitted.joined(separator: "\n"))")
        #expect(fitted.first?.hasPrefix("Berlin") == true)
        #expect(!fitted.contains { $0.contains("Pressure") })
        #expect(fitted.contains { $0.hasPrefix("  Next 24 hours") }, "the graph stays")
        let title = try #require(fitted.first { $0.hasPrefix("  Next ") && $0.contains(" days") })
        // Pressure and visibility shared the humidity's line: three days make up the three lines.
        #expect(title.hasPrefix("  Next 4 days"), "\(title)\n\(fitted.joined(separator: "\n"))")
        // However short, three days stay (the terminal scrolls).
        let tiny = Self.screen(height: 10)
        #expect(tiny.contains { $0.hasPrefix("  Next 3 days") } && tiny.first?.hasPrefix("Berlin") == true)
    }

    @Test func askedForDaysStay() {
        let asked = Self.screen(height: 10, days: 7)
        #expect(asked.contains { $0.hasPrefix("  Next 7 days") } && !asked.contains { $0.contains("Pressure") })
    }
}
