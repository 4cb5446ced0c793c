import Foundation
@testable import RainKit
import Testing

/// A gust is shown beside the speed where it is 10 km/h or more over it, whatever the units.
@Suite struct WindGustTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let speed: Double
        let gust: Double?
        let system: UnitSystem
        let marked: Bool
        var testDescription: String { "\(speed) gusting \(gust.map { "\($0)" } ?? "nil") in \(system): \(marked ? "shown" : "not shown")" }
    }

    static let cases: [Case] = [
        Case(speed: 5, gust: 7.7, system: .si, marked: false),     // 9.7 km/h over
        Case(speed: 5, gust: 7.8, system: .si, marked: true),      // 10.1 km/h over
        Case(speed: 20, gust: 29, system: .ca, marked: false),
        Case(speed: 20, gust: 30, system: .ca, marked: true),
        Case(speed: 10, gust: 16, system: .us, marked: false),     // 9.7 km/h over
        Case(speed: 10, gust: 16.3, system: .uk, marked: true),    // 10.1 km/h over
        Case(speed: 10, gust: nil, system: .si, marked: false),
        Case(speed: 12, gust: 8, system: .si, marked: false),
    ]

    @Test(arguments: cases)
    func marksOnlyGustsWellOverTheSpeed(_ test: Case) {
        #expect((WindGust.marked(test.gust, over: test.speed, in: test.system) != nil) == test.marked)
    }

    /// The screens get the gust in the shown unit, only where it is marked.
    @Test func theShownHourKeepsOnlyAMarkedGust() {
        let format = UnitFormat(units: DisplayUnits(preset: .ca), source: .si, localization: .english)
        var hour = Forecast.Hour(time: .distantPast)
        hour.windSpeed = 5
        hour.windGust = 8
        #expect(format.shown(hour).windGust.map { ($0 * 10).rounded() / 10 } == 28.8)
        hour.windGust = 7
        #expect(format.shown(hour).windGust == nil)
    }
}
