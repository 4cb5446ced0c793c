import Foundation
@testable import RainKit
@testable import RainTerminal
import Testing

/// Hour columns as the place's clock reads them: zones a half or three quarters of an hour off
/// UTC, and the two nights a year daylight saving time begins or ends.
@Suite struct HourColumnsTests {
    /// A forecast for `zone` with hourly data every full UTC hour from `start`.
    static func hourly(zone: String, units: UnitSystem = .si, from start: Date, count: Int = 12) -> CachedForecast {
        var forecast = Forecast(coordinate: Coordinate(latitude: 10, longitude: 10), timeZone: zone, units: units)
        forecast.hourly = (0..<count).map { index in
            var hour = Forecast.Hour(time: start.addingTimeInterval(Double(index) * 3600))
            hour.temperature = 20
            hour.precipProbability = 0
            return hour
        }
        return CachedForecast(location: Location(name: "Place", coordinate: forecast.coordinate), fetchedAt: start,
                              source: "darksky", forecast: forecast)
    }

    /// The row of hour labels.
    static func labels(_ cached: CachedForecast, now: Date, width: Int = 80) throws -> [String] {
        let lines = ForecastView(width: width, now: now).render(cached).split(separator: "\n", omittingEmptySubsequences: false)
        let title = try #require(lines.firstIndex { $0.contains("Next ") && $0.contains("hour") })
        return lines[title + 1].split(separator: " ").map(String.init)
    }

    struct Zone: Sendable, CustomTestStringConvertible {
        var identifier: String
        var units: UnitSystem
        var firstLabels: [String]
        var testDescription: String { "\(identifier) \(units)" }
    }

    // 2026-08-20 12:00 UTC is 17:30 in Kolkata (UTC+5:30) and 17:45 in Kathmandu (UTC+5:45).
    @Test(arguments: [
        Zone(identifier: "Asia/Kolkata", units: .si, firstLabels: ["17:30", "18:30", "19:30"]),
        Zone(identifier: "Asia/Kathmandu", units: .si, firstLabels: ["17:45", "18:45", "19:45"]),
        Zone(identifier: "America/St_Johns", units: .si, firstLabels: ["09:30", "10:30", "11:30"]),
        Zone(identifier: "Asia/Kolkata", units: .us, firstLabels: ["5:30", "PM", "6:30", "PM"]),
    ])
    func zonesOffByPartsOfAnHourShowTheirOwnMinutes(_ zone: Zone) throws {
        let start = Date(timeIntervalSince1970: 1_787_227_200)  // 2026-08-20 12:00 UTC
        let labels = try Self.labels(Self.hourly(zone: zone.identifier, units: zone.units, from: start), now: start)
        #expect(Array(labels.prefix(zone.firstLabels.count)) == zone.firstLabels)
        #expect(!labels.contains { $0.hasSuffix(":00") }, "no column claims a full hour the place's clock never shows")
    }

    @Test func twelveHourHalfHourColumnsStillFitEightyColumns() throws {
        let start = Date(timeIntervalSince1970: 1_787_227_200)
        let text = ForecastView(width: 80, now: start).render(Self.hourly(zone: "Asia/Kolkata", units: .us, from: start, count: 24))
        for line in text.split(separator: "\n") { #expect(String(line).displayWidth <= 80, "\(line)") }
        #expect(text.contains("Next 8 hours"), "wider labels, fewer columns")
    }

    @Test func theRepeatedHourWhenClocksGoBackIsMarked() throws {
        // Berlin, 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00 UTC. From 23:00 UTC on the 24th.
        let start = Date(timeIntervalSince1970: 1_792_882_800)
        let text = ForecastView(width: 80, now: start).render(Self.hourly(zone: "Europe/Berlin", from: start))
        let labels = try Self.labels(Self.hourly(zone: "Europe/Berlin", from: start), now: start)
        #expect(Array(labels.prefix(6)) == ["01:00", "02:00", "02:00*", "03:00", "04:00", "05:00"])
        #expect(text.contains("* the clocks go back: 02:00 is UTC+2, 02:00* is UTC+1"))
    }

    @Test func aRowLongerThanADayMarksOnlyTheRealRepeat() throws {
        // 40 hours from 23:00 UTC on 24 Oct: every label comes again a day later; only 02:00 repeats.
        let start = Date(timeIntervalSince1970: 1_792_882_800)
        let cached = Self.hourly(zone: "Europe/Berlin", from: start, count: 40)
        let text = ForecastView(width: 250, now: start).render(cached)
        let labels = try Self.labels(cached, now: start, width: 250)
        #expect(labels.count > 30 && labels.filter { $0.hasSuffix("*") } == ["02:00*"], "\(labels)")
        #expect(text.components(separatedBy: "the clocks go back").count == 2, "one note: \(text)")
        let december = Self.hourly(zone: "Europe/Berlin", from: Date(timeIntervalSince1970: 1_796_292_000), count: 40)
        #expect(!ForecastView(width: 250, now: december.forecast.hourly[0].time).render(december).contains("*"),
                "an ordinary day repeats nothing")
    }

    @Test func theRepeatedHourOnATwelveHourClockIsMarked() throws {
        // New York, 2026-11-01: 2 AM EDT becomes 1 AM EST at 06:00 UTC. From 04:00 UTC.
        let start = Date(timeIntervalSince1970: 1_793_505_600)
        let cached = Self.hourly(zone: "America/New_York", units: .us, from: start)
        let text = ForecastView(width: 80, now: start).render(cached)
        let labels = try Self.labels(cached, now: start)
        #expect(Array(labels.prefix(10)) == ["12", "AM", "1", "AM", "1", "AM*", "2", "AM", "3", "AM"])
        #expect(text.contains("* the clocks go back: 1 AM is UTC-4, 1 AM* is UTC-5"))
    }

    @Test func theHourSkippedWhenClocksGoForwardIsNotShownAndNothingIsMarked() throws {
        // Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC. From 23:00 UTC on the 28th.
        let start = Date(timeIntervalSince1970: 1_774_738_800)
        let text = ForecastView(width: 80, now: start).render(Self.hourly(zone: "Europe/Berlin", from: start))
        let labels = try Self.labels(Self.hourly(zone: "Europe/Berlin", from: start), now: start)
        #expect(Array(labels.prefix(4)) == ["00:00", "01:00", "03:00", "04:00"])
        #expect(!text.contains("*"))
    }
}
