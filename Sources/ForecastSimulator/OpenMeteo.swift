import Foundation

/// Open-Meteo's forecast answer (`GET /v1/forecast`, and the model endpoints `/v1/gem`,
/// `/v1/jma`, `/v1/metno`), from the same weather model as the Dark Sky documents, laid out
/// the way open-meteo/open-meteo writes it:
///
/// - the time grid of Sources/App/Helper/ForecastapiQuery.swift, getTimerange2 and
///   forecastTimeRange2 (one offset, the one in force now; see `TimeGrid`);
/// - sums and gusts (the strongest, `Gusts`) over the PRECEDING interval (hourly: the hour
///   before the time, minutely_15: the quarter hour before, current: the interval before
///   `current.time`);
/// - quarter hours of their own only in the areas of the 15-minute models (ICON-D2,
///   AROME-France, HRRR: `QuarterHourAreas`), elsewhere the hour's sum spread over its four;
/// - `"undefined"` units with nulls for what a model lacks
///   (Sources/App/Controllers/ForecastapiController.swift, MultiDomainsReader.hourly/daily/
///   minutely15/current: `unit: .undefined` with NaN values, written as null);
/// - the JSON of Sources/App/Helper/Writer/JsonWriter.swift, streamJsonResponse.
///
/// Supports `current`, `minutely_15`, `hourly`, `daily`, `timezone` (`auto`, an IANA name, or
/// GMT by default), `timeformat` (`unixtime` or `iso8601`), `forecast_days`, `past_days`,
/// `forecast_hours`, `past_hours`, `forecast_minutely_15`, `past_minutely_15`,
/// `temperature_unit`, `wind_speed_unit`/`windspeed_unit`, `precipitation_unit`, `length_unit`.
enum OpenMeteo {
    /// One `/v1/...` forecast endpoint: what its model offers.
    struct Endpoint: Sendable {
        var path: String
        /// open-meteo/open-meteo Sources/App/Controllers/ForecastapiController.swift, boot:
        /// `has15minutely` (false: no `minutely_15` section at all, `current` on the hour with
        /// `interval` 3600).
        var has15Minutely: Bool
        /// Hourly/current/minutely_15 variables the model lacks (undefined + nulls).
        var lacks: Set<String>
        /// Daily variables the model lacks.
        var lacksDaily: Set<String>
    }

    /// The variables each model lacks come from its variable enum in open-meteo/open-meteo:
    /// Sources/App/Gem/GemVariable.swift (GemSurfaceVariable: no visibility, no UV),
    /// Sources/App/JMA/JmaDownloader.swift (JmaSurfaceVariable: no gusts, visibility, UV),
    /// Sources/App/MetNo/MetNoDomain.swift (MetNoVariable: no visibility, UV, probability).
    static let endpoints: [String: Endpoint] = [
        "forecast": Endpoint(path: "forecast", has15Minutely: true, lacks: [], lacksDaily: []),
        "gem": Endpoint(path: "gem", has15Minutely: false, lacks: ["visibility", "uv_index"], lacksDaily: ["uv_index_max"]),
        "jma": Endpoint(
            path: "jma", has15Minutely: false,
            lacks: ["visibility", "uv_index", "wind_gusts_10m", "precipitation_probability"],
            lacksDaily: ["uv_index_max", "wind_gusts_10m_max", "precipitation_probability_max"]),
        "metno": Endpoint(
            path: "metno", has15Minutely: false,
            lacks: ["visibility", "uv_index", "precipitation_probability"],
            lacksDaily: ["uv_index_max", "precipitation_probability_max"]),
    ]

    static func error(_ status: Int, _ reason: String) -> ServerResponse {
        .json(status, .object([("error", .bool(true)), ("reason", .string(reason))]))
    }

    /// open-meteo/open-meteo Sources/App/Helper/ForecastapiQuery.swift, TimeZone.initWithFallback:
    /// names the server's Foundation does not know are answered with a stand-in.
    /// America/Ciudad_Juarez, Asia/Almaty and Asia/Qostanay are unknown to the deployed
    /// server's time zone data, so they always become America/Mexico_City and Asia/Qyzylorda;
    /// Europe/Kyiv and America/Nuuk become Europe/Kiev and America/Godthab only where the zone
    /// data lacks the new name (as on the server).
    /// The zone `timezone` asks for: GMT without one, the point's own for `auto`; nil for a
    /// name the server does not know ("Invalid timezone").
    static func askedZone(_ request: ServerRequest, latitude: Double, longitude: Double) -> TimeZone? {
        switch request.queryValue("timezone") {
        case nil: return TimeZone(identifier: "GMT")
        case "auto": return serverTimeZone(TimeZoneTable.lookup(latitude: latitude, longitude: longitude).zone)
        case let name?: return serverTimeZone(name)
        }
    }

    static func serverTimeZone(_ identifier: String) -> TimeZone? {
        switch identifier {
        case "America/Ciudad_Juarez": return TimeZone(identifier: "America/Mexico_City")
        case "Asia/Almaty", "Asia/Qostanay": return TimeZone(identifier: "Asia/Qyzylorda")
        default: break
        }
        if let zone = TimeZone(identifier: identifier) { return zone }
        if identifier == "Europe/Kyiv" { return TimeZone(identifier: "Europe/Kiev") }
        if identifier == "America/Nuuk" { return TimeZone(identifier: "America/Godthab") }
        return nil
    }

    /// `hours`: that many hourly rows from the grid's first hour on, the values of the hours
    /// asked for over and over (`Behaviour.openMeteoHours`).
    /// The coordinate a request asks for, or the server's refusal, the same in each of its APIs
    /// (ForecastapiQuery.swift, getCoordinates and CoordinatesAndElevation.init).
    enum AskedCoordinate {
        case coordinate(latitude: Double, longitude: Double)
        case refused(ServerResponse)
    }

    static func askedCoordinate(_ request: ServerRequest) -> AskedCoordinate {
        guard let latitudeText = request.queryValue("latitude"), let longitudeText = request.queryValue("longitude"),
              let latitude = Double(latitudeText.trimmingSpaces()), let longitude = Double(longitudeText.trimmingSpaces()) else {
            return .refused(error(400, "Parameter 'latitude' and 'longitude' must have the same number of elements"))
        }
        guard (-90...90).contains(latitude) else {
            return .refused(error(400, "Latitude must be in range of -90 to 90°. Given: \(Float(latitude))."))
        }
        guard (-180...180).contains(longitude) else {
            return .refused(error(400, "Longitude must be in range of -180 to 180°. Given: \(Float(longitude))."))
        }
        return .coordinate(latitude: latitude, longitude: longitude)
    }

    /// `fixed`: that variable (hourly, current or daily, by its name) that value everywhere
    /// (`Behaviour.openMeteoValue`).
    /// `zoneNamed`: the name `timezone` gives the zone instead of its own (`Behaviour.zoneNamed`).
    static func forecast(_ request: ServerRequest, endpoint: Endpoint, now: Double, hours: Int? = nil,
                         fixed: (name: String, value: Double)? = nil, zoneNamed: String? = nil) -> ServerResponse {
        let (latitude, longitude): (Double, Double)
        switch askedCoordinate(request) {
        case .refused(let refusal): return refusal
        case .coordinate(let lat, let lon): (latitude, longitude) = (lat, lon)
        }
        let windSpeed = request.queryValue("wind_speed_unit") ?? request.queryValue("windspeed_unit") ?? "kmh"
        guard ["kmh", "ms", "mph", "kn"].contains(windSpeed) else {
            return error(400, "Cannot initialize WindspeedUnit from invalid String value \(windSpeed)")
        }
        let precipitationUnit = request.queryValue("precipitation_unit")
        let units = OpenMeteoUnits(
            fahrenheit: request.queryValue("temperature_unit") == "fahrenheit",
            windSpeed: windSpeed,
            inches: precipitationUnit == "inch" || (precipitationUnit == nil && request.queryValue("length_unit") == "imperial")
        )
        let unixTime = (request.queryValue("timeformat") ?? "iso8601") == "unixtime"

        guard let timeZone = askedZone(request, latitude: latitude, longitude: longitude) else { return error(400, "Invalid timezone") }
        let zoneName = timeZone.identifier
        let moment = Date(timeIntervalSince1970: now)
        let actualOffset = timeZone.secondsFromGMT(for: moment)

        let grid: TimeGrid
        switch TimeGrid.make(request, now: now, actualOffset: actualOffset) {
        case .success(let made): grid = made
        case .failure(let problem): return error(400, problem.reason)
        }

        var lists: [String: [String]] = [:]
        for section in ["current", "minutely_15", "hourly", "daily"] {
            let names = (request.queryValue(section) ?? "").split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            let known: Set<String> = section == "daily" ? Set(OpenMeteoVariables.daily.keys) : Set(OpenMeteoVariables.instant.keys)
            if let unknown = names.first(where: { !known.contains($0) }) {
                let kind = section == "daily" ? "Daily" : "Surface"
                return error(400, "Cannot initialize \(kind)VariableWithoutUnit from invalid String value \(unknown).")
            }
            lists[section] = names
        }
        // ForecastapiController.swift: `minutely_15` is only read where the endpoint has it.
        if !endpoint.has15Minutely { lists["minutely_15"] = [] }

        let model = WeatherModel(latitude: latitude, longitude: longitude)
        let precipitation = Precipitation(model: model, now: now)
        let clock = OpenMeteoClock(offset: actualOffset, unixTime: unixTime)
        let timeUnit = JSONValue.string(unixTime ? "unixtime" : "iso8601")

        var members: [(String, JSONValue)] = [
            ("latitude", .rounded(latitude, places: 4)),
            ("longitude", .rounded(longitude, places: 4)),
            ("generationtime_ms", .number(0.1)),
            ("utc_offset_seconds", .integer(actualOffset)),
            ("timezone", .string(zoneNamed ?? zoneName)),
            ("timezone_abbreviation", .string(zoneName == "GMT" ? "GMT" : timeZone.abbreviation(for: moment) ?? "")),
            ("elevation", .number(model.elevation)),
        ]

        let gusts = Gusts(model: model, now: now)

        func sample(at time: Double, interval: Double) -> OpenMeteoSample {
            var conditions = precipitation.conditions(at: time, over: time - interval, time)
            conditions.windGust = gusts.strongest(from: time - interval, to: time)
            return OpenMeteoSample(
                conditions: conditions,
                amount: precipitation.amount(from: time - interval, to: time),
                probability: precipitation.probability(from: time - interval, to: time),
                interval: interval)
        }

        // Quarter hours are the model's own only where a 15-minute model covers the place
        // (`QuarterHourAreas`); elsewhere the server derives them from the hour:
        // Sources/App/Helper/Interpolation.swift, backwardsSum (the sum stamped at the end of
        // the hour the quarter lies in, times 900/3600, to the variable's 0.1 mm).
        let nativeQuarters = QuarterHourAreas.areNative(latitude: latitude, longitude: longitude)
        func quarter(at time: Double) -> OpenMeteoSample {
            var quarter = sample(at: time, interval: 900)
            guard !nativeQuarters else { return quarter }
            let hour = sample(at: (time / 3600).rounded(.up) * 3600, interval: 3600)
            quarter.amount = hour.amount.quarterOfHour
            quarter.probability = hour.probability
            quarter.conditions.setPrecipitation(intensity: quarter.amount.total * 4, probability: hour.probability)
            return quarter
        }

        func columns(_ names: [String], _ samples: [OpenMeteoSample]) -> (units: [(String, JSONValue)], values: [(String, JSONValue)]) {
            var unitMembers: [(String, JSONValue)] = []
            var valueMembers: [(String, JSONValue)] = []
            for name in names {
                if endpoint.lacks.contains(name) {
                    unitMembers.append((name, .string("undefined")))
                    valueMembers.append((name, .array(samples.map { _ in .null })))
                } else {
                    let variable = OpenMeteoVariables.instant[name]!
                    unitMembers.append((name, .string(variable.unit(units))))
                    valueMembers.append((name, .array(samples.map { name == fixed?.name ? .number(fixed!.value) : variable.value($0, units) })))
                }
            }
            return (unitMembers, valueMembers)
        }

        // ForecastapiController.swift, MultiDomainsReader.current: the interval is 900 s where
        // the endpoint has 15-minute data, else 3600; `time` is now floored to it in UTC (not
        // on the local grid) and the values describe the interval before it.
        if let names = lists["current"], !names.isEmpty {
            let interval = endpoint.has15Minutely ? 900.0 : 3600.0
            let time = (now / interval).rounded(.down) * interval
            let (unitMembers, valueMembers) = columns(names, [interval == 900 ? quarter(at: time) : sample(at: time, interval: interval)])
            members.append(("current_units", .object([("time", timeUnit), ("interval", .string("seconds"))] + unitMembers)))
            members.append(("current", .object([("time", clock.time(time)), ("interval", .integer(Int(interval)))]
                + valueMembers.map { ($0.0, $0.1.firstElement) })))
        }
        if let names = lists["minutely_15"], !names.isEmpty {
            let samples = grid.minutely15.map(quarter(at:))
            let (unitMembers, valueMembers) = columns(names, samples)
            members.append(("minutely_15_units", .object([("time", timeUnit)] + unitMembers)))
            members.append(("minutely_15", .object([("time", .array(grid.minutely15.map(clock.time)))] + valueMembers)))
        }
        if let names = lists["hourly"], !names.isEmpty {
            var samples = grid.hourlyRead.map { sample(at: $0, interval: 3600) }
            var times = grid.hourlyDisplay
            if let hours, let first = times.first {
                // The hours asked for, again and again: quick to make however many.
                samples = (0..<hours).map { samples[$0 % samples.count] }
                times = (0..<hours).map { first + Double($0) * 3600 }
            }
            var (unitMembers, valueMembers) = columns(names, samples)
            // The last hour of the range has not been computed yet: Open-Meteo sends nulls
            // where a model's run ends; clients must cope.
            valueMembers = valueMembers.map { name, column in
                guard case .array(var values) = column, !values.isEmpty else { return (name, column) }
                values[values.count - 1] = .null
                return (name, .array(values))
            }
            members.append(("hourly_units", .object([("time", timeUnit)] + unitMembers)))
            members.append(("hourly", .object([("time", .array(times.map(clock.time)))] + valueMembers)))
        }
        if let names = lists["daily"], !names.isEmpty {
            let days = zip(grid.dailyDisplay, grid.dailyRead).map { display, read in
                OpenMeteoDay(
                    display: display,
                    hours: (0..<24).map { sample(at: read + Double($0) * 3600, interval: 3600) },
                    sun: model.sun,
                    actualOffset: actualOffset)
            }
            var unitMembers: [(String, JSONValue)] = [("time", timeUnit)]
            var valueMembers: [(String, JSONValue)] = [("time", .array(grid.dailyDisplay.map(clock.day)))]
            for name in names {
                if endpoint.lacksDaily.contains(name) {
                    unitMembers.append((name, .string("undefined")))
                    valueMembers.append((name, .array(days.map { _ in .null })))
                    continue
                }
                let variable = OpenMeteoVariables.daily[name]!
                let isTime = name == "sunrise" || name == "sunset"
                unitMembers.append((name, isTime ? timeUnit : .string(variable.unit(units))))
                valueMembers.append((name, .array(days.map { name == fixed?.name ? .number(fixed!.value) : variable.value($0, units, clock) })))
            }
            members.append(("daily_units", .object(unitMembers)))
            members.append(("daily", .object(valueMembers)))
        }
        return .json(200, .object(members))
    }
}

/// The time axes of one answer. open-meteo/open-meteo Sources/App/Helper/ForecastapiQuery.swift,
/// getTimerange2 and forecastTimeRange2: the grid is built in "local" time with the offset in
/// force now floored to whole hours (`(actualUtcOffset / 3600) * 3600`); the DISPLAYED times
/// subtract the actual offset, the data is READ at the grid minus the floored offset. So
/// across a DST change a day still starts at the old offset's midnight (23:00 or 01:00 local),
/// and in a half-hour zone the hourly times fall on local whole hours while the values are
/// those of the UTC whole hours 30 minutes later.
struct TimeGrid: Sendable {
    struct Problem: Error { var reason: String }

    var dailyDisplay: [Double]
    var dailyRead: [Double]
    var hourlyDisplay: [Double]
    var hourlyRead: [Double]
    /// Displayed and read at the same times.
    var minutely15: [Double]

    /// One API's ranges (ForecastapiController.swift, `query`: `forecastDaysMax`,
    /// `forecastDayDefault`, and `pastDaysMax` from its `historyStartDate`).
    struct Limits: Sendable {
        var forecastDaysMaximum: Int
        var forecastDaysDefault: Int
        var pastDaysMaximum: Int

        /// `/v1/forecast`: 16 days, 7 by default, 93 past days.
        static let forecast = Limits(forecastDaysMaximum: 16, forecastDaysDefault: 7, pastDaysMaximum: 93)

        /// `/v1/air-quality`: 7 days, 5 by default, past days back to 2013-01-01.
        static func airQuality(now: Double) -> Limits {
            Limits(forecastDaysMaximum: 7, forecastDaysDefault: 5, pastDaysMaximum: Int((now - 1_356_998_400) / 86400))
        }
    }

    /// minutely_15 defaults to 3 days.
    static let minutely15DaysDefault = 3

    static func make(_ request: ServerRequest, now: Double, actualOffset: Int, limits: Limits = .forecast) -> Result<TimeGrid, Problem> {
        let (forecastDaysMaximum, forecastDaysDefault, pastDaysMaximum) = (limits.forecastDaysMaximum, limits.forecastDaysDefault, limits.pastDaysMaximum)
        func integer(_ name: String) -> Result<Int?, Problem> {
            guard let text = request.queryValue(name) else { return .success(nil) }
            guard let value = Int(text) else {
                return .failure(Problem(reason: "Value of type 'Int' required for key '\(name)'."))
            }
            return .success(value)
        }
        let utcOffset = (actualOffset / 3600) * 3600
        let values: [Int?]
        do throws(Problem) {
            values = try ["past_days", "forecast_days", "past_hours", "forecast_hours", "past_minutely_15", "forecast_minutely_15"]
                .map { name throws(Problem) in try integer(name).get() }
        } catch {
            return .failure(error)
        }
        let (pastDays, forecastDays, pastHours, forecastHours, pastQuarters, forecastQuarters) =
            (values[0], values[1], values[2], values[3], values[4], values[5])

        // forecastTimeRange2: start = ((now + utcOffset) / dt) * dt; the range is
        // [start - past * dt, start + forecast * dt).
        func range(past: Int, forecast: Int, dt: Int) -> [Double] {
            let local = Int((now + Double(utcOffset)).rounded(.down))
            let start = Int((Double(local) / Double(dt)).rounded(.down)) * dt
            return stride(from: start - past * dt, to: start + forecast * dt, by: dt).map(Double.init)
        }
        // The range checks, with the server's texts (its `forecastDaysInvalid` reports the
        // maximum as the given value).
        func checked(past: Int?, forecast: Int?, pastMaximum: Int, forecastMaximum: Int, forecastDefault: Int, dt: Int) -> Result<[Double]?, Problem> {
            if past == nil && forecast == nil { return .success(nil) }
            let pastSteps = past ?? 0
            let forecastSteps = forecast ?? forecastDefault
            if forecastSteps < 0 || forecastSteps > forecastMaximum {
                return .failure(Problem(reason: "Forecast days is invalid. Allowed range 0 to \(forecastMaximum). Given \(forecastMaximum)."))
            }
            if pastSteps < 0 || pastSteps > pastMaximum {
                return .failure(Problem(reason: "Past days is invalid. Allowed range 0 to \(pastMaximum). Given \(pastSteps)."))
            }
            return .success(range(past: pastSteps, forecast: forecastSteps, dt: dt))
        }

        let dailyGrid: [Double]
        let hourlyGrid: [Double]
        let quarterGrid: [Double]
        do throws(Problem) {
            dailyGrid = try checked(past: pastDays, forecast: forecastDays, pastMaximum: pastDaysMaximum,
                                    forecastMaximum: forecastDaysMaximum, forecastDefault: forecastDaysDefault, dt: 86400).get()
                ?? range(past: 0, forecast: forecastDaysDefault, dt: 86400)
            hourlyGrid = try checked(past: pastHours, forecast: forecastHours, pastMaximum: pastDaysMaximum * 24,
                                     forecastMaximum: forecastDaysMaximum * 24, forecastDefault: forecastDaysMaximum * 24, dt: 3600).get()
                ?? dailyGrid.flatMap { day in (0..<24).map { day + Double($0) * 3600 } }
            quarterGrid = try checked(past: pastQuarters, forecast: forecastQuarters, pastMaximum: pastDaysMaximum * 96,
                                      forecastMaximum: forecastDaysMaximum * 96, forecastDefault: minutely15DaysDefault * 96, dt: 900).get()
                ?? range(past: pastDays ?? 0, forecast: forecastDays ?? minutely15DaysDefault, dt: 86400)
                    .flatMap { day in (0..<96).map { day + Double($0) * 900 } }
        } catch {
            return .failure(error)
        }
        let actual = Double(actualOffset)
        let floored = Double(utcOffset)
        return .success(TimeGrid(
            dailyDisplay: dailyGrid.map { $0 - actual },
            dailyRead: dailyGrid.map { $0 - floored },
            hourlyDisplay: hourlyGrid.map { $0 - actual },
            hourlyRead: hourlyGrid.map { $0 - floored },
            minutely15: quarterGrid.map { $0 - actual }))
    }
}

/// One time step of an Open-Meteo section: the weather at the time and what fell in the
/// interval before it.
struct OpenMeteoSample: Sendable {
    /// Instant values at the time; precipitation fields are the interval's mean rate, the gust its strongest.
    var conditions: Conditions
    var amount: Precipitation.Amount
    var probability: Double
    /// Seconds (3600 hourly, 900 for minutely_15 and current).
    var interval: Double
}

/// One day of the `daily` section: the 24 hourly values read for it (each the hour before its
/// time), and the sun. open-meteo/open-meteo Sources/App/Helper/GenericDailyCalculator.swift:
/// sums, maxima and minima are over those 24 values; VariableDaily.swift: `weather_code` is
/// the hours' maximum, `precipitation_hours` counts hours with precipitation.
struct OpenMeteoDay: Sendable {
    /// The displayed time of the day (its fixed-offset local midnight).
    var display: Double
    var hours: [OpenMeteoSample]
    var sunrise: Double
    var sunset: Double
    var daylight: Double

    init(display: Double, hours: [OpenMeteoSample], sun: Sun, actualOffset: Int) {
        self.display = display
        self.hours = hours
        // open-meteo/open-meteo Sources/App/Helper/Solar/SunRiseSet.swift, calculateSunRiseSet:
        // in polar night sunrise == sunset == the day's time; in polar day sunrise is the
        // day's time and sunset the day's time + 24 h; never null.
        let utcMidnight = display + Double(actualOffset)
        switch sun.transit(utcMidnight: utcMidnight) {
        case .polarNight:
            sunrise = display
            sunset = display
        case .polarDay:
            sunrise = display
            sunset = display + 86400
        case .times(let rise, let set):
            sunrise = (utcMidnight + rise).rounded(.down)
            sunset = (utcMidnight + set).rounded(.down)
        }
        // Zensun.calculateDaylightDuration(localMidnight: dailyDisplay).
        daylight = sun.daylightDuration(localMidnight: display)
    }

    var amount: Precipitation.Amount { hours.map(\.amount).reduce(Precipitation.Amount(), +) }
}

/// Open-Meteo's unit options. open-meteo/open-meteo Sources/App/Helper/SiUnit.swift,
/// convertAndRound.
struct OpenMeteoUnits: Sendable {
    var fahrenheit: Bool
    var windSpeed: String
    var inches: Bool

    var temperatureUnit: String { fahrenheit ? "°F" : "°C" }
    var windSpeedUnit: String { ["kmh": "km/h", "ms": "m/s", "mph": "mp/h", "kn": "kn"][windSpeed] ?? "km/h" }
    var precipitationUnit: String { inches ? "inch" : "mm" }
    /// Snowfall is in cm; with `precipitation_unit=inch` in inches (cm / 2.54).
    var snowfallUnit: String { inches ? "inch" : "cm" }
    /// Metres become feet with `precipitation_unit=inch` (`visibility` included).
    var lengthUnit: String { inches ? "ft" : "m" }

    func temperature(_ celsius: Double) -> JSONValue { .rounded(fahrenheit ? celsius * 9 / 5 + 32 : celsius, places: 1) }

    func speed(_ metresPerSecond: Double) -> JSONValue {
        let factors: [String: Double] = ["kmh": 3.6, "ms": 1, "mph": 2.237, "kn": 1.94384]
        let factor = factors[windSpeed] ?? 3.6
        return .rounded(metresPerSecond * factor, places: 1)
    }

    func precipitation(_ millimetres: Double) -> JSONValue {
        inches ? .rounded(millimetres / 25.4, places: 3) : .rounded(millimetres, places: 2)
    }

    /// Snowfall from mm of water: Open-Meteo counts 0.7 cm of snow per mm.
    func snowfall(waterMillimetres: Double) -> JSONValue {
        let centimetres = waterMillimetres * 0.7
        return inches ? .rounded(centimetres / 2.54, places: 3) : .rounded(centimetres, places: 2)
    }

    func length(_ metres: Double) -> JSONValue {
        inches ? .rounded(metres * 3.280839895, places: 0) : .rounded(metres, places: 0)
    }
}

/// Formats times as the server does (Sources/App/Helper/Writer/ForecastApiResult.swift,
/// formated and iterateIso8601): unix seconds as they are, ISO 8601 as the time plus the ONE
/// `utc_offset_seconds` written as if UTC ("2026-10-25T23:00", days "2026-10-25").
struct OpenMeteoClock: Sendable {
    var offset: Int
    var unixTime: Bool

    func time(_ time: Double) -> JSONValue {
        unixTime ? .integer(Int(time)) : .string(Self.iso(Int(time) + offset, withTime: true))
    }

    func day(_ time: Double) -> JSONValue {
        unixTime ? .integer(Int(time)) : .string(Self.iso(Int(time) + offset, withTime: false))
    }

    /// A civil date from seconds since 1970 (the days-from-civil algorithm, inverted).
    static func iso(_ seconds: Int, withTime: Bool) -> String {
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let secondOfDay = seconds - days * 86400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let date = String(format: "%04d-%02d-%02d", year, month, day)
        return withTime ? date + String(format: "T%02d:%02d", secondOfDay / 3600, secondOfDay % 3600 / 60) : date
    }
}

extension JSONValue {
    /// The first element of an array (the `current` section has one value per column).
    var firstElement: JSONValue {
        if case .array(let values) = self, let first = values.first { return first }
        return .null
    }
}
