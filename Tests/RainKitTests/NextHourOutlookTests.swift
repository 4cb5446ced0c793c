import Foundation
import Testing
@testable import RainKit

@Suite struct NextHourOutlookTests {
    @Test(arguments: OutlookCase.all)
    func sentence(_ outlook: OutlookCase) {
        #expect(NextHourOutlook.sentence(for: outlook.nextHour, units: outlook.units, now: OutlookCase.now, chanceNow: outlook.chanceNow) == outlook.expected)
    }

    @Test func theProvidersSummaryIsPreferredWhileItIsCurrent() {
        var nextHour = OutlookCase(name: "", intensities: OutlookCase.hour(dry: 61, then: 0), expected: nil).nextHour
        nextHour.summary = "Light rain"
        #expect(NextHourOutlook.sentence(for: nextHour, units: .si, now: OutlookCase.now) == "Light rain")
        #expect(NextHourOutlook.sentence(for: nextHour, units: .si, now: OutlookCase.now.addingTimeInterval(240)) == "Light rain")
        // Ten minutes on, the summary is about an hour that has partly passed: the minutes left speak.
        #expect(NextHourOutlook.sentence(for: nextHour, units: .si, now: OutlookCase.now.addingTimeInterval(600)) == "No precipitation for the next 50 min")
        #expect(NextHourOutlook.sentence(for: .init(summary: "Drizzle"), units: .si, now: OutlookCase.now) == "Drizzle")
    }

    @Test func quarterHoursSpeakFromTheOneUnderWay() {
        // Open-Meteo's minutely_15, each step at its start; `now` is 7 minutes into the first.
        let start = OutlookCase.now.addingTimeInterval(-7 * 60)
        func steps(_ intensities: [Double]) -> Forecast.NextHour {
            Forecast.NextHour(minutes: intensities.enumerated().map { index, intensity in
                .init(time: start.addingTimeInterval(Double(index) * 900), precipIntensity: intensity, precipType: intensity > 0 ? "rain" : nil)
            })
        }
        #expect(NextHourOutlook.sentence(for: steps([0, 1.2, 1.2, 0, 0]), units: .si, now: OutlookCase.now) == "Light rain starting in 8 min")
        #expect(NextHourOutlook.sentence(for: steps([3, 3, 0, 0, 0]), units: .si, now: OutlookCase.now) == "Rain stopping in 23 min",
                "the quarter hour under way counts, though it began before now")
    }

    /// Quarter hours derived from hours (Open-Meteo outside its 15-minute models' areas) know
    /// the hour, not the minute: a start or an end is told by the place's clock.
    @Test func quarterHoursThatKnowOnlyTheHourSpeakByTheClock() {
        // 2026-08-20 12:00Z, 37 minutes before `now`; Berlin is on UTC+2.
        let hour = OutlookCase.now.addingTimeInterval(-37 * 60)
        let clock = LocalClock(timeZoneIdentifier: "Europe/Berlin", units: .si)
        func steps(_ intensities: [Double]) -> Forecast.NextHour {
            Forecast.NextHour(minutes: intensities.enumerated().map { index, intensity in
                .init(time: hour.addingTimeInterval(Double(index) * 900), precipIntensity: intensity, precipType: intensity > 0 ? "rain" : nil)
            }, precision: .hour)
        }
        let starts = steps([0, 0, 0, 0, 1.2, 1.2, 1.2, 1.2])
        #expect(NextHourOutlook.sentence(for: starts, units: .si, now: OutlookCase.now, clock: clock) == "Light rain likely from about 15:00")
        let stops = steps([3, 3, 3, 3, 0, 0, 0, 0])
        #expect(NextHourOutlook.sentence(for: stops, units: .si, now: OutlookCase.now, clock: clock) == "Rain until about 15:00")
        var native = starts
        native.precision = nil
        #expect(NextHourOutlook.sentence(for: native, units: .si, now: OutlookCase.now, clock: clock) == "Light rain starting in 23 min")
    }
}

/// Minute-by-minute data (one intensity per minute from `now`) and the sentence it gives.
struct OutlookCase: Sendable, CustomTestStringConvertible {
    static let now = Date(timeIntervalSince1970: 1_787_229_420)

    let name: String
    let intensities: [Double?]
    var probability: Double? = 1
    var type: String? = "rain"
    var units: UnitSystem = .si
    /// Minutes before `now` the data starts (a stale cache).
    var startsMinutesAgo = 0
    /// The chance shown for now beside the sentence.
    var chanceNow: Double?
    let expected: String?

    var testDescription: String { name }

    var nextHour: Forecast.NextHour {
        Forecast.NextHour(minutes: intensities.enumerated().map { index, intensity in
            Forecast.NextHour.Minute(time: Self.now.addingTimeInterval(Double(index - startsMinutesAgo) * 60),
                                     precipIntensity: intensity, precipProbability: probability, precipType: type)
        })
    }

    static func hour(dry: Int, then intensity: Double, for count: Int? = nil) -> [Double?] {
        let wet = count ?? (61 - dry)
        return Array(repeating: 0, count: dry) + Array(repeating: intensity, count: wet) + Array(repeating: 0, count: 61 - dry - wet)
    }

    static let all: [OutlookCase] = [
        OutlookCase(name: "dry hour", intensities: hour(dry: 61, then: 0), expected: "No precipitation for the next hour"),
        OutlookCase(name: "light rain in 12 min", intensities: hour(dry: 12, then: 0.5), expected: "Light rain starting in 12 min"),
        OutlookCase(name: "rain stops in 25 min", intensities: hour(dry: 0, then: 1.0, for: 25), expected: "Rain stopping in 25 min"),
        OutlookCase(name: "moderate rain all hour", intensities: hour(dry: 0, then: 3.0), expected: "Moderate rain for the next hour"),
        OutlookCase(name: "heavy snow in 5 min", intensities: hour(dry: 5, then: 12, for: 10), type: "snow", expected: "Heavy snow starting in 5 min"),
        OutlookCase(name: "sleet stopping", intensities: hour(dry: 0, then: 0.3, for: 40), type: "sleet", expected: "Sleet stopping in 40 min"),
        OutlookCase(name: "unknown type", intensities: hour(dry: 3, then: 0.3), type: nil, expected: "Light precipitation starting in 3 min"),
        OutlookCase(name: "unlikely rain is dry", intensities: hour(dry: 10, then: 5), probability: 0.1, expected: "No precipitation for the next hour"),
        // The case: 0.1 mm/h at 30% under "Rain 35%" is not "no precipitation".
        OutlookCase(name: "a possible shower agrees with the chance shown", intensities: hour(dry: 0, then: 0.1), probability: 0.3, chanceNow: 0.35,
                    expected: "Light rain possible in the next hour (up to 35%)"),
        OutlookCase(name: "a possible shower in the minutes", intensities: hour(dry: 20, then: 3, for: 10), probability: 0.4,
                    expected: "Moderate rain possible in the next hour (up to 40%)"),
        OutlookCase(name: "dry minutes but a chance now", intensities: hour(dry: 61, then: 0), chanceNow: 0.25,
                    expected: "Light precipitation possible in the next hour (up to 25%)"),
        OutlookCase(name: "dry minutes and a small chance now", intensities: hour(dry: 61, then: 0), chanceNow: 0.1,
                    expected: "No precipitation for the next hour"),
        OutlookCase(name: "missing chance trusts intensity", intensities: hour(dry: 10, then: 0.3), probability: nil, expected: "Light rain starting in 10 min"),
        OutlookCase(name: "drizzle below threshold is dry", intensities: hour(dry: 0, then: 0.01), expected: "No precipitation for the next hour"),
        OutlookCase(name: "missing intensities are dry", intensities: Array(repeating: nil, count: 61), expected: "No precipitation for the next hour"),
        OutlookCase(name: "us units in inches per hour", intensities: hour(dry: 7, then: 0.2), units: .us, expected: "Moderate rain starting in 7 min"),
        OutlookCase(name: "half stale data", intensities: hour(dry: 61, then: 0), startsMinutesAgo: 30, expected: "No precipitation for the next 30 min"),
        OutlookCase(name: "stale data counts from now", intensities: hour(dry: 40, then: 1), startsMinutesAgo: 30, expected: "Light rain starting in 10 min"),
        OutlookCase(name: "entirely stale data", intensities: hour(dry: 0, then: 1), startsMinutesAgo: 120, expected: nil),
        OutlookCase(name: "no minutes", intensities: [], expected: nil),
    ]
}
