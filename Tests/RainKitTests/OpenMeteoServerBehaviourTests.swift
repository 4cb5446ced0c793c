import Foundation
@testable import RainKit
import Testing

/// Open-Meteo's answers as its server (open-meteo/open-meteo) writes them, in bodies small
/// enough to read: the fixed-offset day grid, sums of the interval before their time,
/// `"undefined"` units, polar days. Each case fails when read the naive way.
@Suite struct OpenMeteoServerBehaviourTests {
    private func decode(_ json: String, units: UnitSystem = .si) throws -> Forecast {
        try OpenMeteoDecoder().decode(Data(json.utf8), units: units)
    }

    private func days(zone: String, offset: Int, times: [Int]) throws -> [Forecast.Day] {
        try decode("""
        {"latitude":1,"longitude":2,"timezone":"\(zone)","utc_offset_seconds":\(offset),
         "daily_units":{"time":"unixtime"},"daily":{"time":\(times)}}
        """).daily
    }

    struct DaylightSavingWeek: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var zone: String
        var offset: Int
        /// What the server sends: midnights of the offset in force when it answered.
        var grid: [Int]
        /// The real local midnights of the same dates.
        var midnights: [Int]
        var labels: [String]
    }

    @Test(arguments: [
        DaylightSavingWeek(
            testDescription: "Berlin, asked on Thu 22 Oct 2026 (CEST): the clocks go back on Sun 25",
            zone: "Europe/Berlin", offset: 7200,
            grid: [1792620000, 1792706400, 1792792800, 1792879200, 1792965600, 1793052000, 1793138400, 1793224800],
            midnights: [1792620000, 1792706400, 1792792800, 1792879200, 1792969200, 1793055600, 1793142000, 1793228400],
            labels: ["Thu 22", "Fri 23", "Sat 24", "Sun 25", "Mon 26", "Tue 27", "Wed 28", "Thu 29"]),
        DaylightSavingWeek(
            testDescription: "Sydney, asked on Thu 1 Oct 2026 (AEST): the clocks go forward on Sun 4",
            zone: "Australia/Sydney", offset: 36000,
            grid: [1790776800, 1790863200, 1790949600, 1791036000, 1791122400, 1791208800, 1791295200, 1791381600],
            midnights: [1790776800, 1790863200, 1790949600, 1791036000, 1791118800, 1791205200, 1791291600, 1791378000],
            labels: ["Thu 1", "Fri 2", "Sat 3", "Sun 4", "Mon 5", "Tue 6", "Wed 7", "Thu 8"]),
        DaylightSavingWeek(
            testDescription: "Sydney, asked on Thu 1 Apr 2027 (AEDT): the clocks go back on Sun 4",
            zone: "Australia/Sydney", offset: 39600,
            grid: [1806498000, 1806584400, 1806670800, 1806757200, 1806843600, 1806930000, 1807016400, 1807102800],
            midnights: [1806498000, 1806584400, 1806670800, 1806757200, 1806847200, 1806933600, 1807020000, 1807106400],
            labels: ["Thu 1", "Fri 2", "Sat 3", "Sun 4", "Mon 5", "Tue 6", "Wed 7", "Thu 8"]),
    ])
    func aDayIsTheDateOfItsTimePlusTheGridOffset(_ week: DaylightSavingWeek) throws {
        let days = try days(zone: week.zone, offset: week.offset, times: week.grid)
        #expect(days.map { Int($0.time.timeIntervalSince1970) } == week.midnights)
        let clock = LocalClock(timeZoneIdentifier: week.zone, units: .si)
        #expect(days.map { clock.weekdayAndDay($0.time) } == week.labels, "every date once, none twice")
    }

    @Test func aHalfHourZoneKeepsItsMidnights() throws {
        // Asia/Kolkata (+5:30): the server aligns to whole hours of +5 and shows times at +5:30.
        let grid = [1796236200, 1796322600]   // 2026-12-03 and -04 00:00 IST
        let days = try days(zone: "Asia/Kolkata", offset: 19800, times: grid)
        #expect(days.map { Int($0.time.timeIntervalSince1970) } == grid)
        #expect(days.map { LocalClock(timeZoneIdentifier: "Asia/Kolkata", units: .si).weekdayAndDay($0.time) } == ["Thu 3", "Fri 4"])
    }

    /// In a zone of +5:30, +5:45 or -3:30 the server reads hourly values at UTC whole hours
    /// (its grid's offset floored to whole hours, towards zero) and shows them 30 or 45
    /// minutes off (`getTimerange2`): each hour is where it was read.
    @Test(arguments: [("Asia/Kolkata", 19800, 1800), ("Asia/Kathmandu", 20700, 2700), ("America/St_Johns", -12600, -1800),
                      ("Europe/Berlin", 3600, 0)])
    func aHalfHourZonesHoursAreWhereTheyWereRead(_ zone: String, _ offset: Int, _ shift: Int) throws {
        // Three local whole hours as shown; the rain stamped at the second is the first hour's.
        let shown = [1796292000 - offset, 1796295600 - offset, 1796299200 - offset]
        let hours = try decode("""
        {"latitude":1,"longitude":2,"timezone":"\(zone)","utc_offset_seconds":\(offset),
         "hourly_units":{"time":"unixtime","precipitation":"mm"},"hourly":{"time":\(shown),"precipitation":[0,1.5,0]}}
        """).hourly
        #expect(hours.map { Int($0.time.timeIntervalSince1970) } == shown.map { $0 + shift })
        #expect(hours.allSatisfy { Int($0.time.timeIntervalSince1970) % 3600 == 0 }, "UTC whole hours")
        #expect(hours.map(\.precipIntensity) == [1.5, 0, nil])
    }

    @Test func withoutAnOffsetTheZoneDecides() throws {
        let days = try decode(#"{"latitude":1,"longitude":2,"timezone":"Europe/Berlin","daily":{"time":[1792879200]}}"#).daily
        #expect(days.map { Int($0.time.timeIntervalSince1970) } == [1792879200])
    }

    @Test func hourlySumsAndChancesBelongToTheHourBeforeTheirTime() throws {
        let forecast = try decode("""
        {"latitude":1,"longitude":2,"timezone":"UTC","utc_offset_seconds":0,
         "hourly_units":{"precipitation":"mm","precipitation_probability":"%"},
         "hourly":{"time":[1796292000,1796295600,1796299200,1796302800],
                   "precipitation":[0.0,0.0,2.4,0.0],"precipitation_probability":[0,10,90,20]}}
        """)
        // The 2.4 mm stamped 11:00 fell from 10:00 to 11:00: the hour that starts at 10:00.
        #expect(forecast.hourly.map(\.precipIntensity) == [0.0, 2.4, 0.0, nil])
        #expect(forecast.hourly.map(\.precipProbability) == [0.1, 0.9, 0.2, nil])
    }

    @Test func quarterHoursBecomeTheNextHour() throws {
        let forecast = try decode("""
        {"latitude":1,"longitude":2,"timezone":"UTC","utc_offset_seconds":0,
         "minutely_15_units":{"time":"unixtime","precipitation":"mm","rain":"mm","snowfall":"cm"},
         "minutely_15":{"time":[1796292000,1796292900,1796293800],"precipitation":[0.0,0.5,0.25],
                        "rain":[0.0,0.5,0.0],"snowfall":[0.0,0.0,0.2]}}
        """)
        let minutes = try #require(forecast.nextHour).minutes
        #expect(minutes.map { Int($0.time.timeIntervalSince1970) } == [1796291100, 1796292000, 1796292900], "each at its start")
        #expect(minutes.map(\.precipIntensity) == [0, 2, 1], "mm per quarter hour is 4x mm/h")
        #expect(minutes.map(\.precipType) == [nil, "rain", "snow"])
    }

    @Test func aVariableTheModelLacksIsMissing() throws {
        // /v1/gem has no visibility: its unit is "undefined" and its values null.
        let forecast = try decode("""
        {"latitude":1,"longitude":2,"timezone":"UTC","utc_offset_seconds":0,
         "current_units":{"time":"unixtime","visibility":"undefined","temperature_2m":"°C"},
         "current":{"time":1796292000,"interval":900,"visibility":null,"temperature_2m":3.5},
         "hourly_units":{"time":"unixtime","precipitation_probability":"undefined","temperature_2m":"undefined"},
         "hourly":{"time":[1796292000],"precipitation_probability":[null],"temperature_2m":[null]},
         "daily_units":{"time":"unixtime","snowfall_sum":"undefined"},"daily":{"time":[1796256000],"snowfall_sum":[null]}}
        """)
        #expect(forecast.current?.visibility == nil && forecast.current?.temperature == 3.5)
        #expect(forecast.hourly[0].temperature == nil && forecast.daily[0].snowAccumulation == nil)
    }

    @Test func aDayIsCalendarMinimumAndMaximumWithRainAndSnowApart() throws {
        let day = try #require(try decode("""
        {"latitude":1,"longitude":2,"timezone":"UTC","utc_offset_seconds":0,
         "daily_units":{"time":"unixtime","temperature_2m_max":"°C","temperature_2m_min":"°C","rain_sum":"mm","showers_sum":"mm","snowfall_sum":"cm"},
         "daily":{"time":[1796256000],"temperature_2m_max":[4.0],"temperature_2m_min":[-2.0],"rain_sum":[3.0],"showers_sum":[1.0],"snowfall_sum":[2.5]}}
        """).daily.first)
        #expect(day.temperatureLow == -2 && day.temperatureHigh == 4)
        #expect(day.precipAccumulation == 0.4, "4 mm of rain and showers, kept as 0.4 cm")
        #expect(day.snowAccumulation == 2.5)
        let noisy = try #require(try decode("""
        {"latitude":1,"longitude":2,"timezone":"UTC","utc_offset_seconds":0,
         "daily_units":{"time":"unixtime","rain_sum":"mm","showers_sum":"mm"},
         "daily":{"time":[1796256000],"rain_sum":[0.1],"showers_sum":[0.2]}}
        """).daily.first)
        #expect(noisy.precipAccumulation == 0.03, "0.1 + 0.2 mm is 0.03 cm, without the addition's noise")
    }

    @Test func snowfallInInchesForUS() throws {
        let day = try #require(try decode("""
        {"latitude":1,"longitude":2,"timezone":"UTC","utc_offset_seconds":0,
         "daily_units":{"time":"unixtime","rain_sum":"inch","snowfall_sum":"inch"},
         "daily":{"time":[1796256000],"rain_sum":[0.02],"snowfall_sum":[1.5]}}
        """, units: .us).daily.first)
        #expect(day.precipAccumulation == 0.02 && day.snowAccumulation == 1.5)
    }

    @Test func aStandInZoneGivesWayToThePlacesOwn() throws {
        // The server answers Ciudad Juárez with America/Mexico_City (ForecastapiQuery.swift,
        // TimeZone.initWithFallback): its grid is Mexico City's, its clocks are Juárez's.
        let provider = OpenMeteoProvider()
        #expect(provider.timeZone(forecastZone: "America/Mexico_City", placeZone: "America/Ciudad_Juarez") == "America/Ciudad_Juarez")
        #expect(provider.timeZone(forecastZone: "America/Mexico_City", placeZone: "America/Mexico_City") == "America/Mexico_City")
        #expect(provider.timeZone(forecastZone: "Europe/Berlin", placeZone: "America/Ciudad_Juarez") == "Europe/Berlin")
        #expect(provider.timeZone(forecastZone: "Asia/Qyzylorda", placeZone: "Asia/Almaty") == "Asia/Almaty")
        #expect(DarkSkyProvider().timeZone(forecastZone: "America/Mexico_City", placeZone: "America/Ciudad_Juarez") == "America/Mexico_City")

        let forecast = try decode("""
        {"latitude":31.69,"longitude":-106.42,"timezone":"America/Mexico_City","utc_offset_seconds":-21600,
         "daily_units":{"time":"unixtime"},"daily":{"time":[1796277600,1796364000]}}
        """).inTimeZone("America/Ciudad_Juarez")
        #expect(forecast.timeZone == "America/Ciudad_Juarez")
        #expect(forecast.daily.map { Int($0.time.timeIntervalSince1970) } == [1796281200, 1796367600], "Juárez's midnights")
        let clock = LocalClock(timeZoneIdentifier: forecast.timeZone, units: .si)
        #expect(forecast.daily.map { clock.weekdayAndDay($0.time) } == ["Thu 3", "Fri 4"])
    }
}
