import Foundation

/// Open-Meteo's forecast answer (`GET /v1/forecast`), from the same weather model as the
/// Dark Sky documents. Supports `current`, `hourly`, `daily` variable lists, `timezone`
/// (`auto`, an IANA name, or GMT by default), `timeformat` (`unixtime` or `iso8601`),
/// `forecast_days`, `temperature_unit`, `wind_speed_unit` and `precipitation_unit`.
/// The last hourly point has `null` values (Open-Meteo sends nulls; clients must cope).
enum OpenMeteo {
    static func error(_ status: Int, _ reason: String) -> HTTPResponse {
        .json(status, .object([("error", .bool(true)), ("reason", .string(reason))]))
    }

    static func forecast(_ request: HTTPRequest, now: Double) -> HTTPResponse {
        guard let latitudeText = request.queryValue("latitude"), let longitudeText = request.queryValue("longitude") else {
            return error(400, "Parameter 'latitude' and 'longitude' must be set")
        }
        guard case .success(let place) = Coordinates.parse(latitudeText + "," + longitudeText) else {
            return error(400, "Latitude must be in range of -90 to 90°. Longitude must be in range of -180 to 180°.")
        }
        let days = Int(request.queryValue("forecast_days") ?? "7") ?? -1
        guard (1...16).contains(days) else {
            return error(400, "Forecast days is invalid. Allowed range 0 to 16.")
        }
        let units = OpenMeteoUnits(
            fahrenheit: request.queryValue("temperature_unit") == "fahrenheit",
            windSpeed: request.queryValue("wind_speed_unit") ?? "kmh",
            inches: request.queryValue("precipitation_unit") == "inch"
        )
        guard ["kmh", "ms", "mph", "kn"].contains(units.windSpeed) else {
            return error(400, "Cannot initialize WindspeedUnit from invalid String value \(units.windSpeed).")
        }
        let unixTime = (request.queryValue("timeformat") ?? "iso8601") == "unixtime"
        let model = WeatherModel(latitude: place.latitude, longitude: place.longitude)
        let zoneName: String
        switch request.queryValue("timezone") {
        case nil, "", "GMT", "UTC": zoneName = "GMT"
        case "auto": zoneName = TimeZoneTable.lookup(latitude: place.latitude, longitude: place.longitude).zone
        case let name?:
            guard TimeZone(identifier: name) != nil else { return error(400, "Invalid timezone") }
            zoneName = name
        }
        let timeZone = zoneName == "GMT" ? TimeZone(secondsFromGMT: 0)! : TimeZoneTable.timeZone(identifier: zoneName, longitude: place.longitude)
        let clock = OpenMeteoClock(timeZone: timeZone, unixTime: unixTime)

        var members: [(String, JSONValue)] = [
            ("latitude", .rounded(place.latitude, places: 4)),
            ("longitude", .rounded(place.longitude, places: 4)),
            ("generationtime_ms", .number(0.1)),
            ("utc_offset_seconds", .integer(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: now)))),
            ("timezone", .string(zoneName)),
            ("timezone_abbreviation", .string(timeZone.abbreviation(for: Date(timeIntervalSince1970: now)) ?? "GMT")),
            ("elevation", .number(model.elevation)),
        ]

        let lists = ["current", "hourly", "daily"].map { name in
            (name, (request.queryValue(name) ?? "").split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty })
        }
        for (section, variables) in lists {
            let known: Set<String> = section == "daily" ? Set(OpenMeteoVariables.daily.keys) : Set(OpenMeteoVariables.instant.keys)
            if let unknown = variables.first(where: { !known.contains($0) }) {
                let kind = section == "daily" ? "Daily" : "Surface"
                return error(400, "Cannot initialize \(kind)VariableWithoutUnit from invalid String value \(unknown).")
            }
        }
        let start = clock.startOfDay(now)
        if !lists[0].1.isEmpty {
            let time = (now / 900).rounded(.down) * 900
            let conditions = model.conditions(at: time)
            var units_: [(String, JSONValue)] = [("time", .string(unixTime ? "unixtime" : "iso8601")), ("interval", .string("seconds"))]
            var values: [(String, JSONValue)] = [("time", clock.time(time)), ("interval", .integer(900))]
            for name in lists[0].1 {
                let variable = OpenMeteoVariables.instant[name]!
                units_.append((name, .string(variable.unit(units))))
                values.append((name, variable.value(conditions, units, 0.25)))
            }
            members += [("current_units", .object(units_)), ("current", .object(values))]
        }
        if !lists[1].1.isEmpty {
            let times = (0..<(days * 24)).map { start + Double($0) * 3600 }
            let samples = times.map { model.conditions(at: $0) }
            var units_: [(String, JSONValue)] = [("time", .string(unixTime ? "unixtime" : "iso8601"))]
            var values: [(String, JSONValue)] = [("time", .array(times.map(clock.time)))]
            for name in lists[1].1 {
                let variable = OpenMeteoVariables.instant[name]!
                units_.append((name, .string(variable.unit(units))))
                var column = samples.map { variable.value($0, units, 1) }
                column[column.count - 1] = .null
                values.append((name, .array(column)))
            }
            members += [("hourly_units", .object(units_)), ("hourly", .object(values))]
        }
        if !lists[2].1.isEmpty {
            var midnights: [Double] = []
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let today = Date(timeIntervalSince1970: start)
            for day in 0...(days + 1) {
                midnights.append(calendar.date(byAdding: .day, value: day, to: today)!.timeIntervalSince1970)
            }
            let summaries = (0..<days).map { DailySummary(model: model, start: midnights[$0], end: midnights[$0 + 1], nextEnd: midnights[$0 + 2]) }
            var units_: [(String, JSONValue)] = [("time", .string(unixTime ? "unixtime" : "iso8601"))]
            var values: [(String, JSONValue)] = [("time", .array(midnights.prefix(days).map { clock.day($0) }))]
            for name in lists[2].1 {
                let variable = OpenMeteoVariables.daily[name]!
                let isTime = name == "sunrise" || name == "sunset"
                units_.append((name, .string(isTime ? (unixTime ? "unixtime" : "iso8601") : variable.unit(units))))
                values.append((name, .array(summaries.map { variable.value($0, units, clock) })))
            }
            members += [("daily_units", .object(units_)), ("daily", .object(values))]
        }
        return .json(200, .object(members))
    }
}

/// Open-Meteo's unit options.
struct OpenMeteoUnits: Sendable {
    var fahrenheit: Bool
    var windSpeed: String
    var inches: Bool

    var temperatureUnit: String { fahrenheit ? "°F" : "°C" }
    var windSpeedUnit: String { ["kmh": "km/h", "ms": "m/s", "mph": "mp/h", "kn": "kn"][windSpeed] ?? "km/h" }
    var precipitationUnit: String { inches ? "inch" : "mm" }

    func temperature(_ celsius: Double) -> JSONValue { .rounded(fahrenheit ? celsius * 9 / 5 + 32 : celsius, places: 1) }

    func speed(_ metresPerSecond: Double) -> JSONValue {
        let factors: [String: Double] = ["kmh": 3.6, "ms": 1, "mph": 2.236_936, "kn": 1.943_844]
        let factor = factors[windSpeed] ?? 3.6
        return .rounded(metresPerSecond * factor, places: 1)
    }

    func precipitation(_ millimetres: Double) -> JSONValue {
        inches ? .rounded(millimetres / 25.4, places: 3) : .rounded(millimetres, places: 1)
    }
}

/// Formats times as unix seconds or local ISO 8601 ("2026-08-20T14:00", "2026-08-20").
struct OpenMeteoClock: Sendable {
    var timeZone: TimeZone
    var unixTime: Bool

    func startOfDay(_ time: Double) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.startOfDay(for: Date(timeIntervalSince1970: time)).timeIntervalSince1970
    }

    func time(_ time: Double) -> JSONValue {
        unixTime ? .integer(Int(time)) : .string(format(time, withTime: true))
    }

    func day(_ time: Double) -> JSONValue {
        unixTime ? .integer(Int(time)) : .string(format(time, withTime: false))
    }

    func format(_ time: Double, withTime: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: time))
        let date = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        return withTime ? date + String(format: "T%02d:%02d", parts.hour ?? 0, parts.minute ?? 0) : date
    }
}
