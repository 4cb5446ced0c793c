import Foundation

/// Open-Meteo's Air Quality API, `/v1/air-quality`, as open-meteo/open-meteo serves it:
/// - `Sources/App/Controllers/ForecastapiController.swift`: the route (`type: .airQuality`, no
///   15-minute data, so `current` is the hour, floored in UTC), `forecast_days` 0...7 (default
///   5), `past_days` back to 2013-01-01; the query errors of the forecast API (`OpenMeteo.error`).
/// - `Sources/App/Helper/ForecastapiQuery.swift`, `getTimerange2`: `past_hours` and
///   `forecast_hours` (0...168) count hours from the current one, as the forecast's do
///   (`TimeGrid`, with the air's limits).
/// - `Sources/App/Cams/CamsDomain.swift`: units (`μg/m³`, pollen `grains/m³`); CAMS Europe's
///   grid (`RegularGrid(nx: 700, ny: 420, ...)`: 30.05...71.95°N, 24.95°W...44.95°E), the only
///   domain with pollen.
/// - `Sources/App/Helper/Reader/GenericReaderMixerRaw.swift`, `get(variable:)`: outside that
///   grid pollen is all NaN in its own unit, written as nulls under `grains/m³`.
/// - `Sources/App/Cams/CamsReader.swift` and `Sources/App/Helper/AirQuality.swift`: the indices
///   (units `EAQI`, `USAQI`), each the highest of its pollutants' sub-indices; the European
///   from hourly values, the US from 24-hour means (PM, SO₂), 8-hour means (CO, ozone) and
///   hourly values (NO₂, ozone, SO₂), in ppb/ppm converted from μg/m³.
/// The concentrations are the simulator's own, smooth and a pure function of place and hour.
enum AirQualityAPI {
    static let path = "/v1/air-quality"
    static let pollutants = ["pm10", "pm2_5", "carbon_monoxide", "nitrogen_dioxide", "sulphur_dioxide", "ozone", "dust"]
    static let pollens = ["alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen"]
    static let variables = Set(pollutants + pollens + ["european_aqi", "us_aqi"])

    /// CAMS Europe's grid: `RegularGrid.findPointXy` (`Sources/App/Domains/RegularGrid.swift`)
    /// takes the nearest of its cells (`roundf`), and none past the last, so a place up to half
    /// a cell (0.05°) beyond the outer cells' centres is in: 30 to 72°N, 25°W to 45°E, those
    /// edges out.
    static func inEurope(_ latitude: Double, _ longitude: Double) -> Bool {
        latitude > 30 && latitude < 72 && longitude > -25 && longitude < 45
    }

    /// `hours`: that many hourly rows whatever was asked (`Behaviour.airQualityHours`);
    /// `index`: both indices that at every hour (`Behaviour.airQualityIndex`); `value`: one
    /// variable that at every hour (`Behaviour.airQualityValue`).
    static func answer(_ request: ServerRequest, now: Double, hours: Int? = nil, index: Double? = nil,
                       value fixed: (name: String, value: Double)? = nil) -> ServerResponse {
        let (latitude, longitude): (Double, Double)
        switch OpenMeteo.askedCoordinate(request) {
        case .refused(let refusal): return refusal
        case .coordinate(let lat, let lon): (latitude, longitude) = (lat, lon)
        }
        var lists: [String: [String]] = [:]
        for section in ["current", "hourly"] {
            let names = (request.queryValue(section) ?? "").split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            if let unknown = names.first(where: { !variables.contains($0) }) {
                return OpenMeteo.error(400, "Cannot initialize SurfaceVariableWithoutUnit from invalid String value \(unknown).")
            }
            lists[section] = names
        }
        // The forecast API's ranges with the air's limits (`TimeGrid`): `past_days` and
        // `forecast_days` from today's midnight, or `past_hours` and `forecast_hours` from the
        // current hour (`forecast_hours` 168 where only `past_hours` is given), in GMT.
        let grid: TimeGrid
        switch TimeGrid.make(request, now: now, actualOffset: 0, limits: .airQuality(now: now)) {
        case .failure(let problem): return OpenMeteo.error(400, problem.reason)
        case .success(let made): grid = made
        }
        let unixTime = request.queryValue("timeformat") == "unixtime"
        let clock = OpenMeteoClock(offset: 0, unixTime: unixTime)
        let timeUnit = JSONValue.string(unixTime ? "unixtime" : "iso8601")
        let air = Air(latitude: latitude, longitude: longitude)

        var members: [(String, JSONValue)] = [
            ("latitude", .rounded(latitude, places: 4)), ("longitude", .rounded(longitude, places: 4)),
            ("generationtime_ms", .number(0.1)), ("utc_offset_seconds", .integer(0)),
            ("timezone", .string("GMT")), ("timezone_abbreviation", .string("GMT")), ("elevation", .number(38)),
        ]
        func columns(_ names: [String], _ times: [Double]) -> (units: [(String, JSONValue)], values: [(String, JSONValue)]) {
            (names.map { ($0, .string(unit(of: $0))) }, names.map { name in
                (name, .array(times.map { time in
                    if let index, name.hasSuffix("_aqi") { return JSONValue.number(index) }
                    if let fixed, name == fixed.name { return JSONValue.number(fixed.value) }
                    return air.value(name, at: time)
                }))
            })
        }
        if let names = lists["current"], !names.isEmpty {
            let time = (now / 3600).rounded(.down) * 3600
            let (units, values) = columns(names, [time])
            members.append(("current_units", .object([("time", timeUnit), ("interval", .string("seconds"))] + units)))
            members.append(("current", .object([("time", clock.time(time)), ("interval", .integer(3600))]
                + values.map { ($0.0, $0.1.firstElement) })))
        }
        if let names = lists["hourly"], !names.isEmpty {
            let start = grid.hourlyDisplay.first ?? (now / 3600).rounded(.down) * 3600
            let times = hours.map { count in (0..<count).map { start + Double($0) * 3600 } } ?? grid.hourlyDisplay
            let (units, values) = columns(names, times)
            members.append(("hourly_units", .object([("time", timeUnit)] + units)))
            members.append(("hourly", .object([("time", .array(times.map(clock.time)))] + values)))
        }
        return .json(200, .object(members))
    }

    static func unit(of name: String) -> String {
        switch name {
        case "european_aqi": return "EAQI"
        case "us_aqi": return "USAQI"
        default: return pollens.contains(name) ? "grains/m³" : "μg/m³"
        }
    }

    /// The air at one place, hour by hour.
    struct Air {
        let seed: Seed
        let europe: Bool
        /// How polluted the place is on the whole: 0.3...2.3.
        let level: Double

        init(latitude: Double, longitude: Double) {
            seed = Seed(latitude: latitude, longitude: longitude)
            europe = AirQualityAPI.inEurope(latitude, longitude)
            level = 0.3 + 2 * seed.unit(0xA1)
        }

        /// μg/m³ of a pollutant at an hour (rounded as the server writes: one decimal).
        func concentration(_ name: String, at time: Double) -> Double {
            let base: Double
            switch name {
            case "pm2_5": base = 9
            case "pm10": base = 16
            case "carbon_monoxide": base = 220
            case "nitrogen_dioxide": base = 18
            case "sulphur_dioxide": base = 4
            case "ozone": base = 60
            default: base = 3   // dust
            }
            let salt = UInt64(AirQualityAPI.pollutants.firstIndex(of: name)! + 1) &* 0x51
            let swing = 1 + 0.7 * seed.smooth(salt, at: time / 3600, period: 7)
            return ((base * level * swing) * 10).rounded() / 10
        }

        /// Grains/m³ of a pollen at an hour: in Europe only, in its plant's season (the
        /// simulator's), 0 out of it.
        func pollen(_ name: String, at time: Double) -> Double? {
            guard europe else { return nil }
            let month = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(secondsFromGMT: 0)!,
                                                                         from: Date(timeIntervalSince1970: time)).month ?? 1
            let seasons: [String: ClosedRange<Int>] = [
                "alder_pollen": 1...4, "birch_pollen": 3...5, "grass_pollen": 5...8,
                "mugwort_pollen": 7...9, "olive_pollen": 4...6, "ragweed_pollen": 8...10,
            ]
            guard seasons[name]!.contains(month) else { return 0 }
            let salt = UInt64(AirQualityAPI.pollens.firstIndex(of: name)! + 1) &* 0x77
            return ((60 * level * (1 + seed.smooth(salt, at: time / 3600, period: 11))) * 10).rounded() / 10
        }

        func value(_ name: String, at time: Double) -> JSONValue {
            switch name {
            case "european_aqi": return .number(europeanIndex(at: time).rounded())
            case "us_aqi": return .number(usIndex(at: time).rounded())
            default:
                if AirQualityAPI.pollens.contains(name) { return pollen(name, at: time).map { .number($0) } ?? .null }
                return .number(concentration(name, at: time))
            }
        }

        func europeanIndex(at time: Double) -> Double {
            let bands: [(String, [Double])] = [
                ("nitrogen_dioxide", [0, 10, 25, 60, 100, 150]), ("ozone", [0, 60, 100, 120, 160, 180]),
                ("sulphur_dioxide", [0, 20, 40, 125, 190, 275]), ("pm2_5", [0, 5, 15, 50, 90, 140]),
                ("pm10", [0, 15, 45, 120, 195, 270]),
            ]
            return bands.map { position(concentration($0.0, at: time), $0.1) * 20 }.max()!
        }

        /// `Sources/App/Cams/CamsReader.swift`, `us_aqi`: the highest sub-index; PM's 24-hour
        /// and CO's and ozone's 8-hour means are of the hours before the hour, without it
        /// (`time.with(start: -24 h)`, `slidingAverageDroppingFirstDt`; ozone's hour itself is
        /// `o3.dropFirst(8)`); `Helper/AirQuality.swift`, `UnitedStatesAirQuality`: NaN
        /// thresholds, so the 8-hour ozone table ends at 200 ppb and SO₂ takes its 24-hour
        /// mean from 305 ppb. A sub-index with no position (NaN) is left out.
        func usIndex(at time: Double) -> Double {
            func mean(_ name: String, hours: Int) -> Double {
                (1...hours).map { concentration(name, at: time - Double($0) * 3600) }.reduce(0, +) / Double(hours)
            }
            let nan = Double.nan
            func scaled(_ value: Double) -> Double { value <= 4 ? value * 50 : value * 100 - 200 }
            let pm2_5 = scaled(extrapolated(mean("pm2_5", hours: 24), [0, 9, 35.5, 55.5, 125.5, 225.5, 325.5, 500]))
            let pm10 = scaled(extrapolated(mean("pm10", hours: 24), [0, 55, 155, 255, 355, 425, 505, 605]))
            let co = scaled(extrapolated(mean("carbon_monoxide", hours: 8) / 1.15 / 1000, [0, 4.5, 9.5, 12.5, 15.5, 30.5, 40.5, 50.5]))
            let no2 = scaled(extrapolated(concentration("nitrogen_dioxide", at: time) / 1.88, [0, 54, 100, 360, 650, 1250, 1650, 2050]))
            let so2Hour = extrapolated(concentration("sulphur_dioxide", at: time) / 2.62, [0, 35, 75, 185, 305, nan, nan, nan])
            let so2 = scaled(so2Hour.isNaN ? extrapolated(mean("sulphur_dioxide", hours: 24) / 2.62, [nan, nan, nan, nan, 305, 605, 805, 1005]) : so2Hour)
            let o3Hour = extrapolated(concentration("ozone", at: time) / 1.96, [nan, nan, 125, 165, 205, 405, 505, 605])
            let o3Eight = extrapolated(mean("ozone", hours: 8) / 1.96, [0, 55, 70, 85, 105, 200, nan, nan])
            let o3 = scaled(o3Hour.isNaN ? o3Eight : o3Eight.isNaN ? o3Hour : max(o3Hour, o3Eight))
            return [pm2_5, pm10, co, no2, so2, o3].filter { !$0.isNaN }.max() ?? 0
        }

        /// Helper/AirQuality.swift, `positionExtrapolated`, to the letter (NaN thresholds and all).
        func extrapolated(_ value: Double, _ thresholds: [Double]) -> Double {
            var previous = Double.nan, slope = Double.nan
            for (i, threshold) in thresholds.enumerated() {
                slope = threshold - previous
                if value < threshold { return Double(i - 1) + (value - previous) / slope }
                previous = threshold
            }
            return Double(thresholds.count - 1) + (value - previous) / slope
        }

        /// Helper/AirQuality.swift, `positionExtrapolated`.
        func position(_ value: Double, _ thresholds: [Double]) -> Double {
            guard value > thresholds[0] else { return 0 }
            for i in 1..<thresholds.count where value < thresholds[i] {
                return Double(i - 1) + (value - thresholds[i - 1]) / (thresholds[i] - thresholds[i - 1])
            }
            let n = thresholds.count
            return Double(n - 2) + (value - thresholds[n - 2]) / (thresholds[n - 1] - thresholds[n - 2])
        }
    }
}
