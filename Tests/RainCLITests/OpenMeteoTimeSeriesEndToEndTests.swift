import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 38: the real binary reads Open-Meteo's time series as the real server lays them out
/// (the simulator copies it, with a fixed clock for both): an hour's gust is the strongest of
/// the hour BEFORE its time, and quarter hours outside the 15-minute models' areas are the
/// hour's sum spread over four, which tells the hour and not the minute.
@Suite struct OpenMeteoTimeSeriesEndToEndTests {
    private static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// The first place along a meridian whose scenario matches.
    private func place(from latitude: Double, longitude: Double, _ matches: (ForecastSimulator.Scenario) -> Bool) throws -> (Double, Double) {
        try #require((0..<600).lazy.map { (latitude + Double($0) * 0.013, longitude) }
            .first { matches(ForecastSimulator.scenario(latitude: $0.0, longitude: $0.1)) })
    }

    /// A refreshed place at coordinates, as the current one; its `show --json`.
    private func refreshed(_ world: ForecastWorld, _ place: (Double, Double)) async throws -> [String: Any] {
        let added = try await world.keylessRain(["locations", "add", "Here", "--lat", String(place.0), "--lon", String(place.1), "--select"])
        #expect(added.status == 0, "\(added)")
        let refreshed = try await world.keylessRain(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        return try json(try await world.keylessRain(["show", "--json"]).output)
    }

    /// The hours of `show --json` from the one under way at `now`.
    private func ahead(_ document: [String: Any], from now: Date) throws -> [(time: Date, values: [String: Any])] {
        try #require(document["hourly"] as? [[String: Any]]).compactMap { hour in
            guard let time = (hour["time"] as? String).map(Self.date), time.addingTimeInterval(3600) > now else { return nil }
            return (time, hour)
        }
    }

    @Test func aSquallsGustIsUnderTheHourItBlowsIn() async throws {
        let now = Self.date("2026-12-03T10:07:00Z")
        // A squall that starts and ends inside one hour after the current one.
        let place = try place(from: 45, longitude: 8) { scenario in
            guard let minutes = scenario.minutesUntilSquall else { return false }
            return now.addingTimeInterval(Double(minutes) * 60).timeIntervalSince1970.truncatingRemainder(dividingBy: 3600) <= 45 * 60
        }
        let minutes = try #require(ForecastSimulator.scenario(latitude: place.0, longitude: place.1).minutesUntilSquall)
        let squall = now.addingTimeInterval(Double(minutes) * 60)
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: now)
            let document = try await refreshed(world, place)
            // The hours from the one under way, a few past the squall's.
            let hourly = try ahead(document, from: now).prefix(6)
            let gusts = hourly.map { $0.values["wind_gust"] as? Double ?? -1 }
            let strongest = try #require(gusts.indices.max { gusts[$0] < gusts[$1] })
            let hour = hourly[hourly.startIndex + strongest].time
            #expect(hour <= squall && squall < hour.addingTimeInterval(3600), "squall at \(squall), strongest gust under \(hour): \(gusts)")
        }
    }

    struct Area: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var latitude: Double, longitude: Double
        var native: Bool
    }

    /// Rain starting 15-35 minutes from 10:47 UTC, so in the next UTC hour. Inside the
    /// 15-minute models' areas the sentence gives the minutes; outside, the data knows only
    /// that the hour from 11:00 UTC is wet, and the sentence says so by the clock.
    @Test(arguments: [
        Area(testDescription: "inside ICON-D2's area, from 48°N 8°E", latitude: 48, longitude: 8, native: true),
        Area(testDescription: "outside the 15-minute models' areas, from 40°N 3.7°W", latitude: 40, longitude: -3.7, native: false),
    ])
    func theNextHourSentenceSaysOnlyWhatTheQuarterHoursKnow(_ area: Area) async throws {
        let now = Self.date("2026-12-03T10:47:00Z")
        let place = try place(from: area.latitude, longitude: area.longitude) { scenario in
            scenario.hasNativeQuarterHours == area.native && (15...35).contains(scenario.minutesUntilPrecipitation ?? 0)
        }
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: now)
            let document = try await refreshed(world, place)
            let nextHour = try #require(document["next_hour"] as? [String: Any])
            #expect(nextHour["precision"] as? String == (area.native ? nil : "hour"), "\(nextHour)")

            let shown = try await world.keylessRain(["show"], environment: ["COLUMNS": "100"])
            #expect(shown.status == 0, "\(shown)")
            if area.native {
                #expect(shown.output.contains(/(rain|snow|sleet|precipitation) starting in \d+ min/), "\(shown.output)")
            } else {
                let formatter = DateFormatter()
                formatter.dateFormat = "HH:mm"
                formatter.timeZone = TimeZone(identifier: try #require(document["timezone"] as? String))
                let hour = formatter.string(from: Self.date("2026-12-03T11:00:00Z"))
                #expect(shown.output.contains("likely from about \(hour)") && !shown.output.contains("starting in"), "\(shown.output)")
            }
        }
    }

    /// In +5:30 and +5:45 the server shows hourly values 30 and 45 minutes before the UTC hour
    /// they were read at (`getTimerange2`): rain starting late in a UTC hour is in the hour
    /// rain shows it under.
    @Test(arguments: [("Asia/Kolkata", 19.0, 72.88), ("Asia/Kathmandu", 27.7, 85.32)])
    func inAHalfHourZoneTheWetHourHoldsTheStart(_ zone: String, _ latitude: Double, _ longitude: Double) async throws {
        let now = Self.date("2026-12-03T06:07:00Z")
        // A small square (the Kathmandu Valley is one in the simulator's zone table).
        let square = (0..<15).flatMap { row in (0..<20).map { column in (latitude + Double(row) * 0.013, longitude + Double(column) * 0.013) } }
        let place = try #require(square.first { (38...50).contains(ForecastSimulator.scenario(latitude: $0.0, longitude: $0.1).minutesUntilPrecipitation ?? 0) })
        let minutes = try #require(ForecastSimulator.scenario(latitude: place.0, longitude: place.1).minutesUntilPrecipitation)
        let start = now.addingTimeInterval(Double(minutes) * 60)
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: now)
            let document = try await refreshed(world, place)
            #expect(document["timezone"] as? String == zone)
            let wet = try #require(try ahead(document, from: now).first { ($0.values["precip_intensity"] as? Double ?? 0) > 0 })
            let hour = wet.time
            #expect(hour <= start && start < hour.addingTimeInterval(3600), "rain from \(start), first wet hour \(hour)")
        }
    }

    /// The server works an hour's weather code out from the sums stamped with it, which are of
    /// the hour before (`WeatherCode.calculate`): the code goes with them to the hour it tells
    /// of, so no hour shows rain's icon while dry, nor a clear sky over its own rain.
    @Test func anHoursIconIsOfTheHourItsRainFallsIn() async throws {
        let now = Self.date("2026-12-03T10:07:00Z")
        let place = try place(from: 45, longitude: 8) { ($0.minutesUntilPrecipitation ?? 0) >= 20 }
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: now)
            let document = try await refreshed(world, place)
            // The last hour has no sums (they would be stamped after it): nothing to compare.
            let hours = try ahead(document, from: now).filter { $0.values["precip_intensity"] != nil }
            let falling: Set<String> = ["rain", "snow", "sleet", "hail", "thunderstorm"]
            let wrong = hours.filter { hour in
                (hour.values["precip_intensity"] as? Double ?? 0) == 0 && falling.contains(hour.values["icon"] as? String ?? "")
            }
            #expect(wrong.isEmpty, "rain's icon over dry hours: \(wrong.map(\.time))")
            let firstWet = try #require(hours.first { ($0.values["precip_intensity"] as? Double ?? 0) >= 0.5 })
            #expect(falling.contains(firstWet.values["icon"] as? String ?? ""), "the first wet hour, \(firstWet.time): \(firstWet.values)")
        }
    }
}
