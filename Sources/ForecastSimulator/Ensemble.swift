import Foundation

/// Open-Meteo's Ensemble API, `/v1/ensemble`, as open-meteo/open-meteo serves it:
/// - `Sources/App/Controllers/ForecastapiController.swift`: the route (`type: .ensemble`,
///   default model `ncep_gefs_seamless`), `forecast_days` 0...36 (default 7; `case .ensemble:
///   forecastDaysMax = 36`; `ForecastapiQuery.swift`'s `forecastTimeRange2` names the maximum,
///   not the value, as "Given"), the query errors
///   of the forecast API (`OpenMeteo.error`); `remappedToEnsembleApi` for the model names.
/// - `Sources/App/Helper/ForecastapiQuery.swift`, `getTimerange2`: the hours are the daily range
///   (`forecastTimeRange2`), from 00:00 of today in `timezone` (GMT unless given; `auto` the
///   point's zone, as for the forecast: `OpenMeteo.askedZone`)
///   back `past_days` days (0...93: `historyStartDate = currentTimeHour0.subtract(days: 93)`),
///   to `forecast_days` days after today's start.
/// - `Sources/App/Helper/Writer/ForecastApiResult.swift`, `toApiSectionString`: one column per
///   member, the control run `temperature_2m`, the others `temperature_2m_member01`...
///   (two digits), each with its unit in `hourly_units`.
/// - `Sources/App/Icon/DownloadIconCommand.swift` and `Sources/App/Gfs/GfsDomain.swift`,
///   `countEnsembleMember`: ICON-EPS 40, ICON-D2-EPS 20, GEFS 31; ECMWF IFS ENS 51.
/// - `Sources/App/Icon/Icon.swift`, `grid`: ICON-EU-EPS covers 29.5...70.5°N, 23.5°W...62.5°E,
///   ICON-D2-EPS 43.18...58.06°N, 3.94°W...20.32°E (`RegularGrid(nx: 1214, ny: 745, latMin:
///   43.18, lonMin: -3.94, dx: 0.02, dy: 0.02)`), a point in it as `Domains/RegularGrid.swift`
///   `findPointXy` finds one (`Grid`). Outside a regional model's grid the reader is nil
///   (`Helper/Reader/GenericReader.swift`, `init` returns nil where `findPoint` finds none),
///   so `MultiDomainsReader` (`ForecastapiController.swift`) has no `hourly` and its
///   `latitude` and `longitude` are `.nan`, no `elevation`; `Helper/Writer/JsonWriter.swift`
///   writes them as Swift prints a Float: a 200 whose body is not JSON,
///   `{"latitude":nan,"longitude":nan,"generationtime_ms":...,"timezone_abbreviation":"GMT"}`.
/// - precipitation is the preceding hour's sum in mm (the forecast API's convention), of
///   models whose steps grow with lead time (`stepHours`): each hour of a step gets an even
///   share of the step's sum, rounded to 0.1 mm (`Sources/App/Helper/InterpolationInplace.swift`,
///   `interpolateInplaceBackwards(isSummation: true)`, the variable's scale factor 10), so the
///   step's hours are equal and a 3-hour step under 0.15 mm reads as three dry hours.
/// The members are the simulator's forecast (`WeatherModel`) plus a deterministic error per
/// member that grows with lead time, so the runs agree today and disagree next week.
enum EnsembleAPI {
    static let path = "/v1/ensemble"
    static let members: [String: Int] = [
        "icon_seamless": 40, "icon_global": 40, "icon_eu": 40, "icon_d2": 20,
        "gfs_seamless": 31, "gfs025": 31, "gfs05": 31, "ecmwf_ifs025": 51,
    ]
    static let variables: Set<String> = ["temperature_2m", "precipitation"]
    /// Hours in `model`'s step ending at or after `lead` hours into its run (each boundary a
    /// multiple of the steps on both sides):
    /// - ICON-EU-EPS and ICON-EPS, `Sources/App/Icon/Icon.swift`, `getDownloadForecastSteps`:
    ///   hourly to 48 h, 3-hourly to 72 h, 6-hourly to 120 h, ICON-EPS 12-hourly to 180 h;
    ///   `icon_seamless` is both (`ForecastapiController.swift`, `icon_seamless_eps`).
    /// - GEFS, `Sources/App/Gfs/GfsDomain.swift`, `forecastHours`: 3-hourly to 240 h.
    /// - ECMWF IFS ENS, `Sources/App/Ecmwf/EcmwfDomain.swift`, `getDownloadForecastSteps`:
    ///   3-hourly to 144 h, then `stride(from: 150, through: 360, by: 6)`.
    /// - ICON-D2-EPS hourly.
    static func stepHours(model: String, lead: Int) -> Int {
        switch model {
        case "icon_seamless", "icon_global", "icon_eu":
            return lead <= 48 ? 1 : lead <= 72 ? 3 : lead <= 120 ? 6 : 12
        case "gfs_seamless", "gfs025", "gfs05": return 3
        case "ecmwf_ifs025": return lead <= 144 ? 3 : 6
        default: return 1
        }
    }

    static func answer(_ request: ServerRequest, now: Double, quirk: ForecastSimulator.EnsembleQuirk? = nil) -> ServerResponse {
        let (latitude, longitude): (Double, Double)
        switch OpenMeteo.askedCoordinate(request) {
        case .refused(let refusal): return refusal
        case .coordinate(let lat, let lon): (latitude, longitude) = (lat, lon)
        }
        let names = (request.queryValue("hourly") ?? "").split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        if let unknown = names.first(where: { !variables.contains($0) }) {
            return OpenMeteo.error(400, "Cannot initialize EnsembleVariableWithoutUnit from invalid String value \(unknown).")
        }
        let modelName = request.queryValue("models") ?? "gfs_seamless"
        guard let memberCount = members[modelName] else {
            return OpenMeteo.error(400, "Cannot initialize MultiDomains from invalid String value \(modelName).")
        }
        let days: Int
        if let text = request.queryValue("forecast_days") {
            guard let value = Int(text) else { return OpenMeteo.error(400, "Value of type 'Int' required for key 'forecast_days'.") }
            days = value
        } else {
            days = 7
        }
        guard (0...36).contains(days) else {
            return OpenMeteo.error(400, "Forecast days is invalid. Allowed range 0 to 36. Given 36.")
        }
        let pastDays: Int
        if let text = request.queryValue("past_days") {
            guard let value = Int(text) else { return OpenMeteo.error(400, "Value of type 'Int' required for key 'past_days'.") }
            pastDays = value
        } else {
            pastDays = 0
        }
        guard (0...93).contains(pastDays) else {
            return OpenMeteo.error(400, "Past days is invalid. Allowed range 0 to 93. Given \(pastDays).")
        }
        let fahrenheit = request.queryValue("temperature_unit") == "fahrenheit"
        let unixTime = request.queryValue("timeformat") == "unixtime"
        if let grid = Grid.regional[modelName], !grid.contains(latitude, longitude) {
            return .text(200, contentType: "application/json; charset=utf-8",
                         #"{"latitude":nan,"longitude":nan,"generationtime_ms":0.1,"utc_offset_seconds":0,"#
                         + #""timezone":"GMT","timezone_abbreviation":"GMT"}"#)
        }
        guard let timeZone = OpenMeteo.askedZone(request, latitude: latitude, longitude: longitude) else {
            return OpenMeteo.error(400, "Invalid timezone")
        }
        let moment = Date(timeIntervalSince1970: now)
        let offset = timeZone.secondsFromGMT(for: moment)
        let today = (now / 86400).rounded(.down) * 86400
        // The hours run from 00:00 of today in the zone asked (`getTimerange2`).
        let localToday = ((now + Double(offset)) / 86400).rounded(.down) * 86400 - Double(offset)
        let clock = OpenMeteoClock(offset: offset, unixTime: unixTime)
        let start = localToday - Double(pastDays) * 86400
        let asked = (days + pastDays) * 24
        var hours = asked
        if case .hours(let count) = quirk { hours = count }
        let times = (0..<hours).map { start + Double($0) * 3600 }
        // The runs are taken as issued at today's 00:00 UTC; the past days' hours are theirs too.
        let runs = Runs(latitude: latitude, longitude: longitude, issued: today, now: now, model: modelName)

        var units: [(String, JSONValue)] = [("time", .string(unixTime ? "unixtime" : "iso8601"))]
        var columns: [(String, JSONValue)] = [("time", .array(times.map(clock.time)))]
        for name in names where !(quirk == .noPrecipitation && name == "precipitation") {
            for member in (quirk == .controlRunWithoutTemperature && name == "temperature_2m" ? 1 : 0)..<(quirk == .controlRunOnly ? 1 : memberCount) {
                let key = member == 0 ? name : name + String(format: "_member%02d", member)
                units.append((key, .string(name == "temperature_2m" ? (fahrenheit ? "°F" : "°C") : "mm")))
                let served: [JSONValue] = times.prefix(asked).map { time in
                    if name == "precipitation" { return .number(runs.precipitation(member: member, endingAt: time)) }
                    let celsius = runs.temperature(member: member, at: time)
                    return .number(((fahrenheit ? celsius * 9 / 5 + 32 : celsius) * 10).rounded() / 10)
                }
                // Hours past the days asked (`EnsembleQuirk.hours`) repeat the asked ones.
                columns.append((key, .array(times.indices.map { served.isEmpty ? .null : served[$0 % served.count] })))
            }
        }
        var body: [(String, JSONValue)] = [
            ("latitude", .rounded(latitude, places: 4)), ("longitude", .rounded(longitude, places: 4)),
            ("generationtime_ms", .number(0.1)), ("utc_offset_seconds", .integer(offset)),
            ("timezone", .string(timeZone.identifier)),
            ("timezone_abbreviation", .string(timeZone.identifier == "GMT" ? "GMT" : timeZone.abbreviation(for: moment) ?? "")),
            ("elevation", .number(38)),
        ]
        if quirk == .descendingTimes {
            columns = columns.map { key, column in
                guard case .array(let values) = column else { return (key, column) }
                return (key, .array(values.reversed()))
            }
        }
        if !names.isEmpty {
            body.append(("hourly_units", .object(units)))
            body.append(("hourly", .object(columns)))
        }
        return .json(200, .object(body))
    }

    /// A regional model's regular grid (`Sources/App/Domains/RegularGrid.swift`): a place is in
    /// it where its nearest column and row (`roundf` in `Float`) are.
    struct Grid {
        let nx: Int, ny: Int, latMin: Float, lonMin: Float, dx: Float, dy: Float

        /// `Sources/App/Icon/Icon.swift`, `grid`: `.iconEuEps`, `.iconD2Eps`.
        static let regional: [String: Grid] = [
            "icon_eu": Grid(nx: 689, ny: 329, latMin: 29.5, lonMin: -23.5, dx: 0.125, dy: 0.125),
            "icon_d2": Grid(nx: 1214, ny: 745, latMin: 43.18, lonMin: -3.94, dx: 0.02, dy: 0.02),
        ]

        func contains(_ latitude: Double, _ longitude: Double) -> Bool {
            let x = Int(roundf((Float(longitude) - lonMin) / dx)), y = Int(roundf((Float(latitude) - latMin) / dy))
            return x >= 0 && x < nx && y >= 0 && y < ny
        }
    }

    /// The runs at one place: the simulator's forecast, each member off it by an error that
    /// grows with the hours since the run was issued (about ±0.5 °C on the first day, ±4 °C
    /// after a week), and rain that each member moves in time and scales. The control run's
    /// rain is the forecast's own (`Precipitation`, the hourly sums of `/v1/forecast`).
    struct Runs {
        let model: WeatherModel
        let rain: Precipitation
        let seed: Seed
        let issued: Double
        /// The ensemble model's name, for its steps.
        let modelName: String

        init(latitude: Double, longitude: Double, issued: Double, now: Double, model modelName: String = "icon_d2") {
            model = WeatherModel(latitude: latitude, longitude: longitude)
            rain = Precipitation(model: model, now: now)
            seed = Seed(latitude: latitude, longitude: longitude)
            self.issued = issued
            self.modelName = modelName
        }

        func spread(at time: Double) -> Double { 0.3 + 0.55 * max(0, time - issued) / 86400 }

        func temperature(member: Int, at time: Double) -> Double {
            let base = model.conditions(at: time).temperature
            guard member > 0 else { return base }
            let salt = 0xE5 &+ UInt64(member) &* 0x101
            return base + spread(at: time) * 1.6 * seed.smooth(salt, at: time / 3600, period: 30)
        }

        /// mm in the hour ending at `time`, to one decimal: the hour's own, or where the
        /// model's step is longer, an even share of the step's (the step ending on the first
        /// multiple of its length from `time` on, counted from when the run was issued).
        /// Hours before the run (`past_days`) are earlier runs' first hours, stored over each
        /// other as runs come in: their steps are the model's shortest (ICON's hourly, GFS's
        /// and ECMWF's 3-hourly: `getDownloadForecastSteps` in `Icon.swift` and
        /// `EcmwfDomain.swift`, `forecastHours` in `GfsDomain.swift`), on the same UTC grid
        /// (the runs start at 00, 06, 12 and 18 UTC).
        func precipitation(member: Int, endingAt time: Double) -> Double {
            let lead = Int(((time - issued) / 3600).rounded(.up))
            let hours = EnsembleAPI.stepHours(model: modelName, lead: max(lead, 1))
            let step = Double(hours) * 3600
            let end = issued + (Double(lead) / Double(hours)).rounded(.up) * step
            let shift = member == 0 ? 0 : (seed.unit(0xE7, Int64(member)) * 2 - 1) * spread(at: end) * 3 * 3600
            let scale = member == 0 ? 1 : 0.4 + 1.2 * seed.unit(0xE9, Int64(member))
            let amount = rain.amount(from: end - step + shift, to: end + shift).total
            return (amount * scale * 3600 / step * 10).rounded() / 10
        }
    }
}
