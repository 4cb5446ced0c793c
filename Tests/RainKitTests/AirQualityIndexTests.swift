import Foundation
@testable import RainKit
import Testing

/// The two indices' bands (open-meteo/open-meteo-website's air-quality-api page) and the
/// sub-indices the driving pollutant is found from (open-meteo/open-meteo
/// `Sources/App/Helper/AirQuality.swift`).
@Suite struct AirQualityIndexTests {
    @Test(arguments: [(0.0, AirQualityCategory.good), (19.4, .good), (19.6, .fair), (39.4, .fair), (40, .moderate),
                      (59, .moderate), (60, .poor), (80, .veryPoor), (100, .veryPoor), (100.6, .extremelyPoor), (240, .extremelyPoor)])
    func europeanBands(index: Double, category: AirQualityCategory) {
        #expect(AirQualityCategory(index: index, on: .european) == category)
    }

    @Test(arguments: [(0.0, AirQualityCategory.good), (50, .good), (50.6, .moderate), (100, .moderate), (101, .unhealthyForSensitiveGroups),
                      (150, .unhealthyForSensitiveGroups), (151, .unhealthy), (200, .unhealthy), (201, .veryUnhealthy),
                      (300, .veryUnhealthy), (301, .hazardous), (640, .hazardous)])
    func usBands(index: Double, category: AirQualityCategory) {
        #expect(AirQualityCategory(index: index, on: .us) == category)
    }

    @Test func positionsInterpolateAndExtrapolateAsTheServerDoes() {
        let pm2_5: [Double] = [0, 5, 15, 50, 90, 140]
        #expect(AirQualityIndex.position(of: 10, in: pm2_5) == 1.5)
        #expect(AirQualityIndex.position(of: 140, in: pm2_5) == 5)
        #expect(AirQualityIndex.position(of: 190, in: pm2_5) == 6)
        #expect(AirQualityIndex.position(of: -1, in: pm2_5) == 0)
    }

    @Test func theDrivingPollutantHasTheHighestSubIndex() {
        var reading = AirQuality.Reading(time: Date(timeIntervalSince1970: 0))
        reading.pm2_5 = 10        // European 30
        reading.nitrogenDioxide = 70   // European 65
        reading.ozone = 50
        #expect(AirQualityIndex.drivingPollutant(of: [reading], at: 0, on: .european) == .nitrogenDioxide)
        reading.pm2_5 = 60        // European 65 + a bit; US 24-hour mean 60: 151+
        #expect(AirQualityIndex.drivingPollutant(of: [reading], at: 0, on: .european) == .pm2_5)
        // The US means are of the 24 hours before the hour: none without them.
        #expect(AirQualityIndex.drivingPollutant(of: [reading], at: 0, on: .us) == .nitrogenDioxide)
        let day = (0...24).map { hour in
            var earlier = reading
            earlier.time = Date(timeIntervalSince1970: Double(hour) * 3600)
            return earlier
        }
        #expect(AirQualityIndex.drivingPollutant(of: day, at: 24, on: .us) == .pm2_5)
    }

    /// The service's tables to the letter: ozone's 8-hour table ends at 200 ppb (the hour's
    /// own decides above), SO₂'s hourly at 305 ppb (its 24-hour mean decides above).
    @Test func theUSTablesEndWhereTheServicesDo() {
        #expect(AirQualityIndex.extrapolated(250, in: AirQualityIndex.usO3EightHours).isNaN)
        #expect(AirQualityIndex.extrapolated(100, in: AirQualityIndex.usO3Hourly).isNaN)
        #expect(AirQualityIndex.extrapolated(185, in: AirQualityIndex.usO3Hourly) == 3.5)
        #expect(AirQualityIndex.extrapolated(400, in: AirQualityIndex.usSO2Hourly).isNaN)
        #expect(AirQualityIndex.extrapolated(455, in: AirQualityIndex.usSO2Day) == 4.5)
        var reading = AirQuality.Reading(time: Date(timeIntervalSince1970: 0))
        reading.sulphurDioxide = 400 * 2.62
        let hours = (0...24).map { hour in
            var earlier = reading
            earlier.time = Date(timeIntervalSince1970: Double(hour) * 3600)
            earlier.sulphurDioxide = hour == 24 ? 400 * 2.62 : 455 * 2.62
            return earlier
        }
        #expect(abs(AirQualityIndex.us(.sulphurDioxide, hours, at: 24)! - 250) < 1e-9, "the 24-hour mean's 455 ppb: class 4.5")
        #expect(AirQualityIndex.us(.sulphurDioxide, [reading], at: 0) == nil, "over 305 ppb without a day before: none")
    }

    @Test(arguments: ["America/New_York", "America/Indiana/Indianapolis", "Pacific/Honolulu", "America/Puerto_Rico"])
    func usZonesTakeTheUSIndex(zone: String) {
        #expect(AirQualityScaleChoice.auto.scale(timeZone: zone) == .us)
        #expect(AirQualityScaleChoice.european.scale(timeZone: zone) == .european)
    }

    /// Every zone tzdata's `zone.tab` gives the US and its territories takes the US index, and
    /// no other country's zone does (the README promises "the United States and its territories").
    @Test func zoneTabsUSZonesAndNoOthersTakeTheUSIndex() throws {
        let usCountries: Set<Substring> = ["US", "PR", "VI", "GU", "MP", "AS", "UM"]
        let table = try String(contentsOfFile: "/usr/share/zoneinfo/zone.tab", encoding: .utf8)
        let rows = table.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t") }
        #expect(rows.count > 300)
        for row in rows where row.count >= 3 {
            let isUS = usCountries.contains(row[0])
            #expect((AirQualityScaleChoice.auto.scale(timeZone: String(row[2])) == .us) == isUS, "\(row[0]) \(row[2])")
        }
        #expect(AirQualityScaleChoice.auto.scale(timeZone: "US/Samoa") == .us)
    }

    @Test(arguments: ["Europe/Berlin", "America/Toronto", "Asia/Tokyo", ""])
    func otherZonesTakeTheEuropeanIndex(zone: String) {
        #expect(AirQualityScaleChoice.auto.scale(timeZone: zone) == .european)
    }

    /// 15 variables where pollen is asked (CAMS Europe's grid), 9 elsewhere: 1.5 calls and 1.
    @Test func theRequestWeighsOneAndAHalfCallsWithPollenAndOneWithout() {
        #expect(AirQualityService.queryWeight(pollen: true).calls == 1.5)
        #expect(AirQualityService.queryWeight(pollen: false).calls == 1)
        let berlin = Coordinate(latitude: 52.52, longitude: 13.405), tokyo = Coordinate(latitude: 35.68, longitude: 139.65)
        #expect(AirQualityService.hourly(at: berlin).count == 15 && AirQualityService.hourly(at: tokyo).count == 9)
        for (latitude, longitude, inside) in [(30.01, 0.0, true), (30.0, 0.0, false), (71.99, 20.0, true), (72.0, 20.0, false),
                                              (50.0, -24.99, true), (50.0, -25.0, false), (40.0, 44.99, true), (40.0, 45.0, false)] {
            #expect(AirQualityService.hasPollen(at: Coordinate(latitude: latitude, longitude: longitude)) == inside, "\(latitude), \(longitude)")
        }
        var settings = Settings(paths: RainPaths(configFile: "/c", defaultsFile: "/d", forecastsDirectory: "/f"))
        #expect(AirQualityService.callsPerRefresh(with: settings) == 1.5)
        #expect(AirQualityService.callsPerRefresh(with: settings, pollen: false) == 1)
        settings.airQuality = false
        #expect(AirQualityService.callsPerRefresh(with: settings) == 0)
        settings.airQuality = true
        settings.airQualityURL = "http://127.0.0.1:8080/v1/air-quality"
        #expect(AirQualityService.callsPerRefresh(with: settings) == 1.5, "counted wherever the forecast's calls are")
        settings.providerChoice = .darkSky
        #expect(AirQualityService.callsPerRefresh(with: settings) == 0, "another provider's limits are not Open-Meteo's")
    }

    @Test func eachPollenKindKeepsItsOwnGrains() {
        var pollen = AirQuality.Pollen()
        #expect(pollen.isEmpty)
        for (position, kind) in PollenKind.allCases.enumerated() { pollen[kind] = Double(position + 1) }
        #expect(PollenKind.allCases.map { pollen[$0] } == [1, 2, 3, 4, 5, 6])
        pollen[.grass] = nil
        #expect(!pollen.isEmpty && pollen[.grass] == nil && pollen[.mugwort] == 4)
        #expect(pollen == AirQuality.Pollen([.alder: 1, .birch: 2, .mugwort: 4, .olive: 5, .ragweed: 6]))
    }
}
