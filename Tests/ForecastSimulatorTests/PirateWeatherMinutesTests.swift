import Foundation
import ForecastSimulator
import Testing

/// Issue 38: the simulator's Dark Sky answer is Pirate Weather's where the real one differs
/// from Dark Sky: minutes of its own only in HRRR's area (named "hrrrsubh" in
/// `flags.sources`), interpolated from hourly points elsewhere; day 0's precipitation from the
/// hour under way; and the ensemble's 3-hourly models as Open-Meteo serves them.
@Suite struct PirateWeatherMinutesTests {
    /// 10:47 UTC: rain that starts 15 to 35 minutes later falls in the hour from 11:00 UTC.
    static let now = ISO8601DateFormatter().date(from: "2026-12-03T10:47:00Z")!.timeIntervalSince1970

    private func document(_ place: (latitude: Double, longitude: Double), query: String = "units=si") throws -> [String: Any] {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        return try #require(try fetch(simulator.port, Place.path(place, query: query)).jsonObject)
    }

    private func minutes(_ document: [String: Any]) throws -> [(time: Double, intensity: Double)] {
        let data = try #require((document["minutely"] as? [String: Any])?["data"] as? [[String: Any]])
        return data.map { (Double($0["time"] as? Int ?? 0), $0["precipIntensity"] as? Double ?? -1) }
    }

    private func sources(_ document: [String: Any]) -> [String] {
        (document["flags"] as? [String: Any])?["sources"] as? [String] ?? []
    }

    @Test func inHRRRsAreaTheMinutesAreTheModelsOwn() throws {
        let place = try #require(Place.find(from: Place.hrrrCorner) { (15...35).contains($0.minutesUntilPrecipitation ?? 0) })
        let begins = try #require(ForecastSimulator.scenario(latitude: place.latitude, longitude: place.longitude).minutesUntilPrecipitation)
        let document = try document(place)
        #expect(sources(document).contains("hrrrsubh"), "\(sources(document))")
        #expect(try minutes(document).firstIndex { $0.intensity > 0 } == begins)
    }

    @Test func elsewhereTheMinutesAreInterpolatedBetweenTheHours() throws {
        let place = try #require(Place.find { (15...35).contains($0.minutesUntilPrecipitation ?? 0) })
        let document = try document(place)
        #expect(!sources(document).contains("hrrrsubh") && sources(document).contains("dwd_mosmix"), "\(sources(document))")
        let minutes = try minutes(document)
        #expect(minutes.count == 61)
        // Dry up to 11:00 UTC (the hour before had no rain), then rising on a straight line
        // from the hour: the start falls on the hour, not on the scenario's minute.
        let hour = (Self.now / 3600).rounded(.up) * 3600
        let wet = try #require(minutes.first { $0.intensity > 0 })
        #expect(wet.time == hour + 60, "\(minutes)")
        let ramp = minutes.filter { $0.time >= hour }.map(\.intensity)
        let step = ramp[1] - ramp[0]
        #expect(step > 0)
        #expect(ramp.indices.allSatisfy { abs(ramp[$0] - ramp[0] - Double($0) * step) < 0.001 }, "\(ramp)")
    }

    @Test func dayZeroCountsTheRemainingHoursOnly() throws {
        // Rain until 10-50 minutes from now, so also in the hours before the one under way.
        let place = try #require(Place.find { ($0.minutesUntilPrecipitationStops ?? 0) >= 10 })
        let document = try document(place, query: "units=si&version=2")
        let hourly = try #require((document["hourly"] as? [String: Any])?["data"] as? [[String: Any]])
        let days = try #require((document["daily"] as? [String: Any])?["data"] as? [[String: Any]])
        let tomorrow = try #require(days.dropFirst().first?["time"] as? Int)
        let today = hourly.filter { ($0["time"] as? Int ?? .max) < tomorrow }
        let remaining = today.map { $0["liquidAccumulation"] as? Double ?? 0 }.reduce(0, +)
        let counted = try #require(days.first?["liquidAccumulation"] as? Double)
        #expect(abs(counted - remaining) < 0.001 * Double(today.count + 1), "day 0 \(counted) cm, its hours from now \(remaining) cm")
        #expect(days.first?["precipProbability"] as? Double == today.compactMap { $0["precipProbability"] as? Double }.max())
    }

    private func ensemble(_ model: String) throws -> [[Double]] {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let place = try #require(Place.find { ($0.minutesUntilPrecipitationStops ?? 0) >= 10 })
        let target = "/v1/ensemble?latitude=\(place.latitude)&longitude=\(place.longitude)&hourly=precipitation&models=\(model)&forecast_days=3&timeformat=unixtime"
        let hourly = try #require(try fetch(simulator.port, target).jsonObject?["hourly"] as? [String: Any])
        let times = try #require(hourly["time"] as? [Int])
        #expect(times.first.map { $0 % 10800 } == 0)
        return hourly.keys.filter { $0.hasPrefix("precipitation") }.sorted().compactMap { hourly[$0] as? [Double] }
    }

    /// GEFS and ECMWF's ensemble are 3-hourly: each hour of a step (stamped 01, 02, 03 UTC, the
    /// sums of the hour before) is a third of the step's sum to 0.1 mm; ICON's are hourly.
    @Test(arguments: ["gfs_seamless", "ecmwf_ifs025"])
    func aThreeHourlyModelsStepIsSpreadEvenlyOverItsHours(_ model: String) throws {
        let runs = try ensemble(model)
        #expect(runs.count > 30)
        var wetSteps = 0
        var unevenSteps: [ArraySlice<Double>] = []
        for run in runs {
            #expect(run.allSatisfy { abs($0 * 10 - ($0 * 10).rounded()) < 1e-9 }, "to 0.1 mm")
            for start in stride(from: 1, to: run.count - 2, by: 3) {
                if run[start] != run[start + 1] || run[start + 1] != run[start + 2] { unevenSteps.append(run[start...(start + 2)]) }
                if run[start] > 0 { wetSteps += 1 }
            }
        }
        #expect(unevenSteps.isEmpty, "\(model): \(unevenSteps.prefix(3))")
        #expect(wetSteps > 0)
        let icon = try ensemble("icon_seamless")
        #expect(icon.contains { run in stride(from: 1, to: run.count - 2, by: 3).contains { run[$0] != run[$0 + 1] } }, "ICON's hours are its own")
    }
}
