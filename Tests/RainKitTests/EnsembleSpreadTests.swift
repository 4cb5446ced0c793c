import Foundation
@testable import RainKit
import Testing

/// The Ensemble API's answer read (`EnsembleDecoder`) and the spread taken from it
/// (`ForecastSpread`): percentiles by linear interpolation, rain from 0.1 mm, a column in
/// another unit refused.
@Suite struct EnsembleSpreadTests {
    @Test func percentilesInterpolateBetweenOrderStatistics() {
        let values = [4.0, 1, 3, 2, 5]   // sorted 1...5: p at position 4p
        #expect(ForecastSpread.percentile(values, 0.1) == 1.4)
        #expect(ForecastSpread.percentile(values, 0.5) == 3)
        #expect(abs(ForecastSpread.percentile(values, 0.9)! - 4.6) < 1e-12)
        #expect(ForecastSpread.percentile([7], 0.9) == 7)
        #expect(ForecastSpread.percentile([], 0.5) == nil)
    }

    static func body(temperatureUnit: String = "°C") -> Data {
        // Three runs of ICON-D2 (20 would be the real count; the decoder reads those present),
        // two hours. Precipitation sums end at each time.
        Data("""
        {"hourly_units": {"time": "unixtime", "temperature_2m": "\(temperatureUnit)", "temperature_2m_member01": "°C",
          "temperature_2m_member02": "°C", "precipitation": "mm", "precipitation_member01": "mm", "precipitation_member02": "mm"},
         "hourly": {"time": [0, 3600], "temperature_2m": [1, 2], "temperature_2m_member01": [3, 4], "temperature_2m_member02": [5, null],
          "precipitation": [0, 0.1], "precipitation_member01": [0, 0], "precipitation_member02": [0, 0.3]}}
        """.utf8)
    }

    @Test func membersAreReadAndTheirRainMovedToTheHourItFellIn() throws {
        let runs = try #require(try EnsembleDecoder.decode(Self.body(), model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0)))
        #expect(runs.temperature == [[1, 2], [3, 4], [5, nil]])
        #expect(runs.precipitation == [[0.1, nil], [0, nil], [0.3, nil]])
        let spread = ForecastSpread(runs, clock: LocalClock(timeZoneIdentifier: "UTC", units: .si))
        #expect(spread.members == 3)
        #expect(spread.hourly[0].precipChance == 2.0 / 3)
        #expect(spread.hourly[0].temperatureP50 == 3)
        #expect(spread.hourly[1].temperatureP10 == 2.2, "the run without a value is left out")
        #expect(spread.daily.isEmpty, "two hours are no day")
    }

    @Test func aColumnInAnotherUnitIsRefused() {
        #expect(throws: ForecastError.self) { try EnsembleDecoder.decode(Self.body(temperatureUnit: "°F"), model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0)) }
    }

    /// Open-Meteo's ensembles in their real steps (open-meteo `Icon.swift` and
    /// `EcmwfDomain.swift`, `getDownloadForecastSteps`; `GfsDomain.swift`, `forecastHours`).
    @Test func stepsGrowWithLeadTime() {
        let icon = [1, 48, 49, 72, 73, 120, 121, 168].map { EnsembleModel.iconSeamless.stepHours(endingAtLead: $0) }
        #expect(icon == [1, 1, 3, 3, 6, 6, 12, 12])
        #expect(EnsembleModel.iconEU.stepHours(endingAtLead: 100) == 6)
        #expect([144, 145, 168].map { EnsembleModel.ecmwfIFS025.stepHours(endingAtLead: $0) } == [3, 6, 6])
        #expect([1, 168].map { EnsembleModel.gfsSeamless.stepHours(endingAtLead: $0) } == [3, 3])
        #expect(EnsembleModel.iconD2.stepHours(endingAtLead: 40) == 1)
    }

    /// ICON's 6-hour step from 18:00 to 24:00 UTC on the fourth day, in UTC+2 four hours of
    /// one local day and two of the next: its rain counts in the first only.
    @Test func aCoarseStepAcrossMidnightCountsInTheDayHoldingItsMiddle() throws {
        let times = (0..<120).map { Date(timeIntervalSince1970: Double($0) * 3600) }
        var wet = [Double?](repeating: 0, count: 120)
        for hour in 90..<96 { wet[hour] = 0.1 }   // the step's 0.6 mm as Open-Meteo spreads it
        let runs = EnsembleRuns(model: .iconEU, times: times, temperature: [[Double?]](repeating: Array(repeating: 10, count: 120), count: 2),
                                precipitation: [wet, Array(repeating: 0, count: 120)])
        let spread = ForecastSpread(runs, clock: LocalClock(timeZoneIdentifier: "Etc/GMT-2", units: .si))
        let evening = try #require(spread.daily.first { $0.time == Date(timeIntervalSince1970: 70 * 3600) })
        let next = try #require(spread.daily.first { $0.time == Date(timeIntervalSince1970: 94 * 3600) })
        #expect(evening.rainRuns == 1 && evening.runs == 2)
        #expect(next.rainRuns == 0 && next.runs == 2, "the evening's step is not also rain after midnight")
        #expect(spread.hourly[95].precipChance == 0.5, "hours keep their own share")
    }

    /// Yesterday's hours (`past_days=1`) are earlier runs' first hours: GEFS's 3-hour steps
    /// (open-meteo `GfsDomain.swift`, `forecastHours`), not hourly ones. The step from 21:00
    /// to 24:00 UTC before the run, 0.12 mm, is in UTC+2 one hour of yesterday and two of
    /// today; its middle hour is today's, so all of it counts today.
    @Test func aPastStepIsTheModelsFirstStep() throws {
        let runStart = 48 * 3600
        let times = (0..<96).map { Date(timeIntervalSince1970: Double(24 * 3600 + $0 * 3600)) }
        var wet = [Double?](repeating: 0, count: 96)
        for hour in 21..<24 { wet[hour] = 0.04 }   // the step's 0.12 mm as Open-Meteo spreads it
        let runs = EnsembleRuns(model: .gfsSeamless, times: times, temperature: [[Double?]](repeating: Array(repeating: 10, count: 96), count: 2),
                                precipitation: [wet, Array(repeating: 0, count: 96)], runStart: Date(timeIntervalSince1970: Double(runStart)))
        let spread = ForecastSpread(runs, clock: LocalClock(timeZoneIdentifier: "Etc/GMT-2", units: .si))
        let today = try #require(spread.daily.first { $0.time == Date(timeIntervalSince1970: Double(runStart - 2 * 3600)) })
        #expect(today.rainRuns == 1 && today.runs == 2, "the whole step counts today: \(spread.daily)")
    }

    static func hours(_ times: [Int], members: [(temperature: Bool, precipitation: Bool)]) -> Data {
        var units: [String] = [], columns = ["\"time\": \(times)"]
        for (member, has) in members.enumerated() {
            let suffix = member == 0 ? "" : String(format: "_member%02d", member)
            if has.temperature {
                units.append("\"temperature_2m\(suffix)\": \"°C\"")
                columns.append("\"temperature_2m\(suffix)\": \(times.map { _ in Double(member) })")
            }
            if has.precipitation {
                units.append("\"precipitation\(suffix)\": \"mm\"")
                columns.append("\"precipitation\(suffix)\": \(times.map { _ in 0.2 })")
            }
        }
        return Data("{\"hourly_units\": {\(units.joined(separator: ","))}, \"hourly\": {\(columns.joined(separator: ","))}}".utf8)
    }

    @Test func timesRunningBackwardsAreRefused() {
        let body = Self.hours([7200, 3600, 0], members: [(true, true)])
        #expect(throws: ForecastError.self) { try EnsembleDecoder.decode(body, model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0)) }
    }

    /// ICON-D2-EPS is asked for yesterday and 2 days: with a day's leeway each side, 120 hours
    /// from the start of the day before yesterday.
    @Test func hoursPastTheDaysAskedAreLeftOut() throws {
        let body = Self.hours(Array(stride(from: 0, to: 86400 * 30, by: 3600)), members: [(true, true), (true, true)])
        let runs = try #require(try EnsembleDecoder.decode(body, model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 86400 * 10 + 600)))
        #expect(runs.times.first == Date(timeIntervalSince1970: 86400 * 8) && runs.times.count == 120)
        #expect(runs.temperature.allSatisfy { $0.count == 120 } && runs.precipitation.allSatisfy { $0.count == 120 })
        #expect(runs.precipitation[0][119] == 0.2, "the last hour's sum is the next time's, sent")
    }

    /// A run without the variable the others have is left out: the header's count is the rows'.
    @Test func aRunMissingAVariableIsNotCounted() throws {
        let body = Self.hours(Array(stride(from: 0, to: 86400, by: 3600)), members: [(false, true), (true, true), (true, true)])
        let runs = try #require(try EnsembleDecoder.decode(body, model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0)))
        #expect(runs.temperature.count == 2 && runs.precipitation.count == 2)
        let spread = ForecastSpread(runs, clock: LocalClock(timeZoneIdentifier: "UTC", units: .si))
        #expect(spread.members == 2 && spread.daily.first?.runs == 2)
    }

    @Test func withoutPrecipitationTheDaysSayNothingOfIt() throws {
        let body = Self.hours(Array(stride(from: 0, to: 86400, by: 3600)), members: [(true, false), (true, false)])
        let runs = try #require(try EnsembleDecoder.decode(body, model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0)))
        let spread = ForecastSpread(runs, clock: LocalClock(timeZoneIdentifier: "UTC", units: .si))
        let day = try #require(spread.daily.first)
        #expect(spread.members == 2 && day.runs == 0 && day.precipChance == nil)
    }

    /// A negative amount is none a run can have: missing, not dry (issue 42: -5 mm counted dry).
    @Test func aNegativeAmountIsMissing() throws {
        let body = Data("""
        {"hourly_units": {"time": "unixtime", "temperature_2m": "°C", "precipitation": "mm"},
         "hourly": {"time": [0, 3600, 7200], "temperature_2m": [1, 2, 3], "precipitation": [0, -5, 0.2]}}
        """.utf8)
        let runs = try #require(try EnsembleDecoder.decode(body, model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0)))
        #expect(runs.precipitation == [[nil, 0.2, nil]])
    }

    /// A run with no value in a day says nothing of its rain: it is not counted, and never as dry.
    @Test func aRunWithNoValuesIsNeverCountedDry() throws {
        let times = (0..<24).map { Date(timeIntervalSince1970: Double($0) * 3600) }
        let runs = EnsembleRuns(model: .iconD2, times: times, temperature: [Array(repeating: 10, count: 24), Array(repeating: nil, count: 24)],
                                precipitation: [Array(repeating: 0.5, count: 24), Array(repeating: nil, count: 24)])
        let day = try #require(ForecastSpread(runs, clock: LocalClock(timeZoneIdentifier: "UTC", units: .si)).daily.first)
        #expect(day.runs == 1 && day.rainRuns == 1)
        let empty = EnsembleRuns(model: .iconD2, times: times, temperature: [Array(repeating: nil, count: 24)],
                                 precipitation: [Array(repeating: nil, count: 24)])
        let none = try #require(ForecastSpread(empty, clock: LocalClock(timeZoneIdentifier: "UTC", units: .si)).daily.first)
        #expect(none.runs == 0 && none.precipChance == nil)
    }

    /// Outside a regional model's grid the server sends no `hourly` at all: no runs, not an error.
    @Test func noHourlyAtAllIsAModelThatDoesNotCoverThePlace() throws {
        let body = Data(#"{"latitude": 35.7, "longitude": 139.6, "utc_offset_seconds": 0, "timezone": "GMT"}"#.utf8)
        #expect(try EnsembleDecoder.decode(body, model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0)) == nil)
        let half = Data(#"{"hourly_units": {"time": "unixtime"}}"#.utf8)
        #expect(throws: ForecastError.self) { try EnsembleDecoder.decode(half, model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0)) }
    }

    /// Where the real server finds no grid point its answer is not JSON (open-meteo
    /// `JsonWriter.swift` prints the reader-less `.nan` coordinates unquoted): that exact start
    /// is no cover; any other `nan` is still not JSON.
    @Test func theServersNanAnswerIsAModelThatDoesNotCoverThePlace() throws {
        let real = Data(#"{"latitude":nan,"longitude":nan,"generationtime_ms":0.0319480895996094,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT"}"#.utf8)
        #expect(try EnsembleDecoder.decode(real, model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0)) == nil)
        for other in [#"{"latitude":nan}"#, #"{"latitude":52.5,"longitude":nan,"hourly":{}}"#, #"{"latitude": nan, "longitude": nan}"#] {
            #expect(throws: ForecastError.self, "\(other)") {
                try EnsembleDecoder.decode(Data(other.utf8), model: .iconD2, units: .si, now: Date(timeIntervalSince1970: 0))
            }
        }
    }

    /// The regional grids as open-meteo `Icon.swift` (`grid`) defines them and
    /// `RegularGrid.swift` (`findPointXy`) finds a point: the nearest cell must be inside, so
    /// the border reaches half a cell past the first and last points.
    @Test func aRegionalModelCoversItsGridOnly() {
        func covers(_ model: EnsembleModel, _ latitude: Double, _ longitude: Double) -> Bool {
            model.covers(Coordinate(latitude: latitude, longitude: longitude))
        }
        // ICON-D2-EPS: 745 rows from 43.18°N, 1214 columns from 3.94°W, 0.02° apart.
        #expect(covers(.iconD2, 52.52, 13.405) && !covers(.iconD2, 35.68, 139.65))
        #expect(covers(.iconD2, 58.069, 10) && !covers(.iconD2, 58.071, 10), "the last row 58.06°N")
        #expect(covers(.iconD2, 43.171, 10) && !covers(.iconD2, 43.169, 10), "the first row 43.18°N")
        #expect(covers(.iconD2, 50, 20.329) && !covers(.iconD2, 50, 20.331), "the last column 20.32°E")
        #expect(covers(.iconD2, 50, -3.949) && !covers(.iconD2, 50, -3.951), "the first column 3.94°W")
        #expect(!covers(.iconD2, 40.42, -3.70) && !covers(.iconD2, 59.33, 18.07), "Madrid, Stockholm")
        // ICON-EU-EPS: 329 rows from 29.5°N, 689 columns from 23.5°W, 0.125° apart.
        #expect(covers(.iconEU, 59.33, 18.07) && covers(.iconEU, 70.56, 25) && !covers(.iconEU, 70.57, 25))
        #expect(covers(.iconEU, 40, 62.56) && !covers(.iconEU, 40, 62.57) && !covers(.iconEU, 29.43, 0))
        #expect(!covers(.iconEU, 35.68, 139.65) && !covers(.iconEU, 40.71, -74.01), "Tokyo, New York")
        for global in [EnsembleModel.iconSeamless, .iconGlobal, .gfsSeamless, .gfs025, .ecmwfIFS025] {
            #expect(covers(global, -77.85, 166.67) && covers(global, 35.68, 139.65), "\(global)")
        }
    }

    @Test func theModelFollowsThePlace() {
        #expect(EnsembleModel.choice(nil, for: Coordinate(latitude: 52.52, longitude: 13.405)) == .iconSeamless)
        #expect(EnsembleModel.choice(nil, for: Coordinate(latitude: 35.68, longitude: 139.65)) == .gfsSeamless)
        #expect(EnsembleModel.choice(.ecmwfIFS025, for: Coordinate(latitude: 52.52, longitude: 13.405)) == .ecmwfIFS025)
        #expect(EnsembleService.queryWeight(.iconSeamless).calls == 8)
    }
}
