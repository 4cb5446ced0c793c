import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 38: Pirate Weather's minutes are a model's own only where `flags.sources` names HRRR's
/// sub-hourly run ("hrrrsubh", the continental US); elsewhere they are interpolated between
/// hourly points (pirate-weather-code `API/minutely/builder.py`), and the next-hour sentence
/// tells a start by the clock's hour, as for Open-Meteo's quarter hours made from the hour.
/// Through the real binary against the simulator, which answers as Pirate Weather does.
@Suite struct PirateWeatherMinutesEndToEndTests {
    private static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    struct Area: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var latitude: Double, longitude: Double
        var hrrr: Bool
    }

    /// Rain starting 15-35 minutes from 10:47 UTC, so in the hour from 11:00 UTC.
    @Test(arguments: [
        Area(testDescription: "in HRRR's area, from 39°N 95°W", latitude: 39, longitude: -95, hrrr: true),
        Area(testDescription: "in Europe, from 40°N 3.7°W", latitude: 40, longitude: -3.7, hrrr: false),
    ])
    func theNextHourSentenceGivesMinutesOnlyWhereTheyAreReal(_ area: Area) async throws {
        let now = Self.date("2026-12-03T10:47:00Z")
        let place = try #require((0..<600).lazy.map { (area.latitude + Double($0) * 0.013, area.longitude) }
            .first { (15...35).contains(ForecastSimulator.scenario(latitude: $0.0, longitude: $0.1).minutesUntilPrecipitation ?? 0) })
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: now)
            let added = try await world.rain(["locations", "add", "Here", "--lat", String(place.0), "--lon", String(place.1), "--select"])
            #expect(added.status == 0, "\(added)")
            let refreshed = try await world.rain(["refresh"])
            #expect(refreshed.status == 0, "\(refreshed)")
            let shownJSON = try await world.rain(["show", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(shownJSON.output.utf8)) as? [String: Any], "\(shownJSON)")
            let nextHour = try #require(document["next_hour"] as? [String: Any])
            #expect(nextHour["precision"] as? String == (area.hrrr ? nil : "hour"), "\(nextHour)")

            let shown = try await world.rain(["show"], environment: ["COLUMNS": "100"])
            #expect(shown.status == 0, "\(shown)")
            if area.hrrr {
                #expect(shown.output.contains(/(rain|snow|sleet|precipitation) starting in \d+ min/), "\(shown.output)")
            } else {
                let formatter = DateFormatter()
                formatter.dateFormat = "HH:mm"
                formatter.timeZone = TimeZone(identifier: try #require(document["timezone"] as? String))
                let hour = formatter.string(from: Self.date("2026-12-03T11:00:00Z"))
                #expect(shown.output.contains("likely from about \(hour)") && !shown.output.contains(/starting in|in \d+ min/), "\(shown.output)")
            }
        }
    }
}
