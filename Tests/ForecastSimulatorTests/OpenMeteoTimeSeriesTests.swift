import Foundation
import ForecastSimulator
import Testing

/// Issue 38: how Open-Meteo's time series are laid out where the simulator copies the real
/// server: gusts are the strongest of the PRECEDING interval, and quarter hours are a 15-minute
/// model's own only in the ICON-D2, AROME-France and HRRR areas.
@Suite struct OpenMeteoTimeSeriesTests {
    /// 2026-12-03T10:07Z.
    static let now = 1_796_292_420.0

    private func openMeteo(_ target: String) throws -> [String: Any] {
        let simulator = try startedSimulator(.init(now: Self.now))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, target)
        #expect(response.status == 200, "\(target): \(response.text.prefix(200))")
        return try #require(response.jsonObject)
    }

    /// A squall inside one UTC hour H..H+1: the gust stamped H+1 holds it, the ones stamped H
    /// and H+2 do not.
    @Test func anHourlyGustIsTheStrongestOfTheHourBeforeItsTime() throws {
        let minute = (Self.now / 60).rounded(.down) * 60
        let found = Place.find { scenario in
            guard let minutes = scenario.minutesUntilSquall else { return false }
            let start = minute + Double(minutes) * 60
            return start.truncatingRemainder(dividingBy: 3600) <= 45 * 60
        }
        let place = try #require(found)
        let minutes = try #require(ForecastSimulator.scenario(latitude: place.latitude, longitude: place.longitude).minutesUntilSquall)
        let squallHour = Int(((minute + Double(minutes) * 60) / 3600).rounded(.down) * 3600)
        let body = try openMeteo("/v1/forecast?latitude=\(place.latitude)&longitude=\(place.longitude)&hourly=wind_gusts_10m&daily=wind_gusts_10m_max&wind_speed_unit=ms&timeformat=unixtime&forecast_days=2")
        let hourly = try #require(body["hourly"] as? [String: Any])
        let times = try #require(hourly["time"] as? [Int])
        let gusts = try #require(hourly["wind_gusts_10m"] as? [Any]).map { $0 as? Double ?? -1 }
        let end = try #require(times.firstIndex(of: squallHour + 3600))
        #expect(gusts[end] > gusts[end - 1] + 10 && gusts[end] > gusts[end + 1] + 10, "squall in the hour from \(squallHour): \(gusts[(end - 2)...(end + 2)])")
        let daily = try #require(body["daily"] as? [String: Any])
        #expect((daily["wind_gusts_10m_max"] as? [Double])?.max() == gusts.max(), "a day's maximum is its hours'")
    }

    struct Area: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var latitude: Double, longitude: Double
        var native: Bool
    }

    @Test(arguments: [
        Area(testDescription: "Berlin (ICON-D2)", latitude: 52.52, longitude: 13.405, native: true),
        Area(testDescription: "Paris (AROME-France)", latitude: 48.86, longitude: 2.35, native: true),
        Area(testDescription: "Denver (HRRR)", latitude: 39.74, longitude: -104.99, native: true),
        Area(testDescription: "Amsterdam (KNMI first)", latitude: 52.37, longitude: 4.9, native: false),
        Area(testDescription: "London (UKV first)", latitude: 51.51, longitude: -0.13, native: false),
        Area(testDescription: "Copenhagen (MET Nordic first)", latitude: 55.68, longitude: 12.57, native: false),
        Area(testDescription: "Madrid", latitude: 40.42, longitude: -3.7, native: false),
        Area(testDescription: "Mumbai", latitude: 19.07, longitude: 72.88, native: false),
        Area(testDescription: "Honolulu (beyond HRRR's grid)", latitude: 21.31, longitude: -157.86, native: false),
        Area(testDescription: "the South Pole", latitude: -90, longitude: 0, native: false),
    ])
    func quarterHoursAreTheModelsOwnOnlyInItsArea(_ area: Area) {
        #expect(ForecastSimulator.scenario(latitude: area.latitude, longitude: area.longitude).hasNativeQuarterHours == area.native)
    }

    /// Outside the 15-minute models' areas each quarter hour is the sum stamped at the end of
    /// its hour times 900/3600, to 0.1 mm (open-meteo `Interpolation.swift`, `backwardsSum`).
    @Test func elsewhereAQuarterHourIsAQuarterOfItsHour() throws {
        let found = Place.find { !$0.hasNativeQuarterHours && ($0.minutesUntilPrecipitationStops ?? 0) >= 30 }
        let place = try #require(found)
        let body = try openMeteo("/v1/forecast?latitude=\(place.latitude)&longitude=\(place.longitude)&hourly=precipitation&minutely_15=precipitation&current=precipitation&timeformat=unixtime&forecast_days=2")
        let hourly = try #require(body["hourly"] as? [String: Any])
        let hours = Dictionary(uniqueKeysWithValues: zip(try #require(hourly["time"] as? [Int]), try #require(hourly["precipitation"] as? [Any])))
        let quarters = try #require(body["minutely_15"] as? [String: Any])
        let times = try #require(quarters["time"] as? [Int])
        let amounts = try #require(quarters["precipitation"] as? [Double])
        var wet = 0
        for (time, amount) in zip(times, amounts) {
            let hourEnd = (time + 3599) / 3600 * 3600
            guard let hour = hours[hourEnd] as? Double else { continue }
            #expect(abs(amount - (hour / 4 * 10).rounded() / 10) < 1e-9, "quarter ending \(time): \(amount), its hour \(hour)")
            if amount > 0 { wet += 1 }
        }
        #expect(wet >= 4, "it rains now there")
        let current = try #require(body["current"] as? [String: Any])
        let time = try #require(current["time"] as? Int)
        let now = try #require(hours[(time + 3599) / 3600 * 3600] as? Double)
        #expect(current["precipitation"] as? Double == (now / 4 * 10).rounded() / 10)
    }
}
