import Foundation

/// Builds a Dark Sky-compatible forecast (Pirate Weather's shape) for one place and instant.
struct DarkSkyDocument: Sendable {
    var latitude: Double
    var longitude: Double
    var units: UnitSystem = .si
    /// Block names to leave out (`exclude=`).
    var excludedBlocks: Set<String> = []
    /// 168 hourly points instead of 48 (`extend=hourly`).
    var extendHourly = false
    /// Summaries and alert texts carry ANSI escapes and control characters.
    var hostileText = false
    /// Appended to summaries and alert texts (an echoed key); every place then has an alert.
    var echoedText: String?
    /// The regions of an alert every place then has, instead of the alert's own (`keyInRegions`).
    var alertRegions: [String]?
    /// The current conditions', the next hour's and the first hour's summaries, in turn,
    /// instead of their own (`keyInSummaries`); the rest are left out.
    var summaryPieces: [String] = []
    /// The name `timezone` gives the place's zone instead of its own (`Behaviour.zoneNamed`).
    var zoneNamed: String?
    /// The `offset` given instead of the zone's own (`Behaviour.offsetHours`).
    var offsetHours: Double?
    /// The first alert three times, or those of them `sending` says (`Behaviour.alertThrice`).
    var alertThrice: AlertThrice?
    /// Beside the copies of MET's messages, an alert of the provider's own
    /// (`Behaviour.providersOwnAlertInMETsArea`).
    var ownAlertInMETsArea = false
    /// The request time (unix seconds); `currently.time`.
    var now: Double
    /// `version=` (2 adds Pirate Weather's own fields such as `liquidAccumulation`).
    var version: Int = 1

    static let hostilePrefix = "\u{1B}[31m\u{1B}]0;pwned\u{07}"
    static let hostileSuffix = "\u{1B}[0m\u{07}\u{9B}2J\u{7F}"

    func make() -> JSONValue {
        let model = WeatherModel(latitude: latitude, longitude: longitude)
        let scenario = ForecastSimulator.scenario(latitude: latitude, longitude: longitude)
        let (zoneIdentifier, regionName) = TimeZoneTable.lookup(latitude: latitude, longitude: longitude)
        let timeZone = TimeZoneTable.timeZone(identifier: zoneIdentifier, longitude: longitude)
        let offsetHours = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: now))) / 3600
        let precipitation = Precipitation(model: model, now: now)

        var current = model.conditions(at: now)
        let rateNow = precipitation.rate(at: now).rate
        if scenario.minutesUntilPrecipitation != nil {
            current.setPrecipitation(intensity: 0, probability: 0.35)
        } else if scenario.minutesUntilPrecipitationStops != nil {
            current.setPrecipitation(intensity: rateNow, probability: max(current.precipProbability, 0.8))
        } else {
            current.setPrecipitation(intensity: rateNow, probability: current.precipProbability)
        }

        var members: [(String, JSONValue)] = [
            ("latitude", .number(latitude)),
            ("longitude", .number(longitude)),
            ("timezone", .string(zoneNamed ?? zoneIdentifier)),
            ("offset", .number(self.offsetHours ?? offsetHours)),
            ("elevation", .integer(Int(units.elevation(model.elevation).rounded()))),
        ]
        if !excludedBlocks.contains("currently") {
            members.append(("currently", currently(current, model: model)))
        }
        if !excludedBlocks.contains("minutely") {
            members.append(("minutely", minutely(current: current, scenario: scenario, model: model, precipitation: precipitation)))
        }
        let hourlyConditions = hourly(precipitation: precipitation, timeZone: timeZone)
        if !excludedBlocks.contains("hourly") {
            members.append(("hourly", hourlyBlock(hourlyConditions, precipitation: precipitation)))
        }
        if !excludedBlocks.contains("daily") {
            members.append(("daily", daily(model: model, precipitation: precipitation, timeZone: timeZone)))
        }
        if !excludedBlocks.contains("alerts") {
            var alerts = alerts(scenario: scenario, region: regionName, current: current)
            if let alertThrice, let first = alerts.first {
                alerts = alertThrice.copies { alertThrice.darkSkyCopy(of: first, $0) } + alerts.dropFirst()
            }
            members.append(("alerts", .array(alerts)))
        }
        if !excludedBlocks.contains("flags") {
            members.append(("flags", flags()))
        }
        return .object(members)
    }

    // MARK: - Blocks

    private func currently(_ conditions: Conditions, model: WeatherModel) -> JSONValue {
        let seed = model.seed
        let stormDistance = conditions.precipIntensity > 0 ? 0 : 5 + 140 * seed.unit(60, Int64(now / 3600))
        var point: [(String, JSONValue)] = [
            ("time", .integer(Int(now))),
            ("summary", .string(summaryPieces.first ?? text(conditions.summary))),
            ("icon", .string(conditions.icon)),
            ("nearestStormDistance", .rounded(units.distance(stormDistance))),
            ("nearestStormBearing", .integer(Int(seed.unit(61, Int64(now / 3600)) * 360) % 360)),
        ]
        point += measurements(conditions)
        return .object(point)
    }

    private func minutely(current: Conditions, scenario: ForecastSimulator.Scenario, model: WeatherModel, precipitation: Precipitation) -> JSONValue {
        let start = (now / 60).rounded(.down) * 60
        var data: [JSONValue] = []
        let precipType = current.temperature <= 0 ? "snow" : current.temperature <= 2 ? "sleet" : "rain"
        let hrrr = PirateWeatherMinutes.areHRRRs(latitude: latitude, longitude: longitude)
        let intensities = (0...60).map { minute in
            let time = start + Double(60 * minute)
            return hrrr ? precipitation.rate(at: time).rate : PirateWeatherMinutes.interpolatedRate(at: time, precipitation)
        }
        for minute in 0...60 {
            let time = start + Double(60 * minute)
            let intensity = intensities[minute]
            let wet = intensity > 0
            let probability = wet ? 0.7 + 0.25 * model.seed.unit(63, Int64(minute)) : 0.02 + 0.08 * model.seed.unit(64, Int64(minute))
            data.append(.object([
                ("time", .integer(Int(time))),
                ("precipIntensity", .rounded(units.intensity(intensity), places: 4)),
                ("precipProbability", .rounded(probability)),
                ("precipIntensityError", .rounded(units.intensity(intensity * 0.3), places: 4)),
                ("precipType", .string(wet ? PirateWeatherPrecipType.hour(precipType, temperature: current.temperature, version: version) : "none")),
            ]))
        }
        // The summary is worked out from the minutes (`API/PirateMinutelyText.py`), whatever
        // they are: interpolated ones move the start and the end towards the hour.
        let firstWet = intensities.firstIndex { $0 > 0 }
        let firstDry = intensities.firstIndex { $0 == 0 }
        let summary: String
        let icon: String
        if !hrrr, let firstWet, firstWet > 0 {
            summary = "Light \(precipType) starting in \(firstWet) min."
            icon = precipType
        } else if !hrrr, firstWet == 0, let firstDry {
            summary = "Light \(precipType) stopping in \(firstDry) min."
            icon = precipType
        } else if !hrrr {
            summary = firstWet == nil ? "\(current.summary) for the hour." : "Light \(precipType) for the hour."
            icon = firstWet == nil ? current.icon : precipType
        } else if let begins = scenario.minutesUntilPrecipitation {
            summary = "Light \(precipType) starting in \(begins) min."
            icon = precipType
        } else if let ends = scenario.minutesUntilPrecipitationStops {
            summary = "Light \(precipType) stopping in \(ends) min."
            icon = precipType
        } else {
            summary = "\(current.summary) for the hour."
            icon = current.icon
        }
        return .object([("summary", .string(summaryPieces.dropFirst().first ?? text(summary))), ("icon", .string(icon)), ("data", .array(data))])
    }

    private func hourly(precipitation: Precipitation, timeZone: TimeZone) -> [Conditions] {
        // Hours start on the local hour (zones like Asia/Kolkata are offset by 30 minutes);
        // each point carries the precipitation of the hour it starts (Dark Sky's meaning).
        let offset = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: now)))
        let start = ((now + offset) / 3600).rounded(.down) * 3600 - offset
        return (0..<(extendHourly ? 168 : 48)).map { index in
            let time = start + Double(index) * 3600
            return precipitation.conditions(at: time, over: time, time + 3600)
        }
    }

    private func hourlyBlock(_ hours: [Conditions], precipitation: Precipitation) -> JSONValue {
        let data = hours.enumerated().map { hour, conditions -> JSONValue in
            let amount = precipitation.amount(from: conditions.time, to: conditions.time + 3600)
            return .object([
                ("time", .integer(Int(conditions.time))),
                ("summary", .string(hour == 0 && summaryPieces.count > 2 ? summaryPieces[2] : text(conditions.summary))),
                ("icon", .string(conditions.icon)),
            ] + measurements(conditions, amount: amount))
        }
        let summary = Self.blockSummary(hours.prefix(24))
        return .object([("summary", .string(text(summary.text))), ("icon", .string(summary.icon)), ("data", .array(data))])
    }

    private func daily(model: WeatherModel, precipitation: Precipitation, timeZone: TimeZone) -> JSONValue {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: Date(timeIntervalSince1970: now))
        // Pirate-Weather/pirate-weather-code API/utils/time_indexing.py, _build_day_array: each
        // day's 00:00, 06:00 and 18:00 are local wall-clock times (DST-aware).
        func local(day: Int, hour: Int) -> Double {
            var parts = calendar.dateComponents([.year, .month, .day], from: today)
            parts.day = (parts.day ?? 1) + day
            parts.hour = hour
            return (calendar.date(from: parts) ?? today.addingTimeInterval(Double(day * 86400 + hour * 3600))).timeIntervalSince1970
        }
        let forecastMonth = calendar.component(.month, from: today)
        let offset = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: now)))
        let hourUnderWay = ((now + offset) / 3600).rounded(.down) * 3600 - offset
        var days: [DailySummary] = []
        for day in 0..<8 {
            days.append(DailySummary(
                model: model, precipitation: precipitation,
                start: local(day: day, hour: 0), end: local(day: day + 1, hour: 0),
                sixAM: local(day: day, hour: 6), sixPM: local(day: day, hour: 18), nextSixAM: local(day: day + 1, hour: 6),
                forecastMonth: forecastMonth, counted: day == 0 ? hourUnderWay : nil))
        }
        let data = days.map { $0.json(units: units, version: version, text: text) }
        let rainyDays = days.filter { $0.precipitationMillimetres > 1 }.count
        let high = days.map(\.maximum.temperature).max() ?? 0
        let highText = "\(Int(units.temperature(high).rounded()))\(units.temperatureSymbol)"
        let summary = rainyDays == 0
            ? "No precipitation throughout the week, with highs up to \(highText)."
            : "Precipitation on \(rainyDays) day\(rainyDays == 1 ? "" : "s") this week, with highs up to \(highText)."
        let icon = rainyDays > 0 ? (days.first { $0.precipitationMillimetres > 1 }?.icon ?? "rain") : "partly-cloudy-day"
        return .object([("summary", .string(text(summary))), ("icon", .string(icon)), ("data", .array(data))])
    }

    private func alerts(scenario: ForecastSimulator.Scenario, region: String, current: Conditions) -> [JSONValue] {
        guard scenario.hasAlert || hostileText || echoedText != nil || alertRegions != nil else { return [] }
        if scenario.hasAlert, (-127 < longitude && longitude < -65) && (24 < latitude && latitude < 50) { return nwsCopies() }
        if scenario.hasAlert, AlertAreas.inNorway(latitude: latitude, longitude: longitude) {
            return metCopies() + (ownAlertInMETsArea ? [ownAlert()] : [])
        }
        let seed = Seed(latitude: latitude, longitude: longitude)
        var titles = ["Wind warning", "Thunderstorm warning", "Heavy rain warning"]
        titles.append(current.temperature > 28 ? "Heat advisory" : current.temperature < 0 ? "Frost warning" : "Fog advisory")
        let title = titles[Int(seed.unit(43) * Double(titles.count)) % titles.count]
        let severity = ["Minor", "Moderate", "Severe"][Int(seed.unit(44) * 3) % 3]
        let issued = (now / 3600).rounded(.down) * 3600 - 7200
        let description = "\(title) for \(region). Simulated by the forecast simulator; not a real warning."
        return [.object([
            ("title", .string(text(title))),
            ("regions", .array((alertRegions ?? [text(region)]).map { .string($0) })),
            ("severity", .string(severity)),
            ("time", .integer(Int(issued))),
            ("expires", .integer(Int(issued) + 14 * 3600)),
            ("description", .string(text(description))),
            ("uri", .string("https://alerts.forecast-simulator.invalid/\(seed.value % 100_000).xml")),
        ])]
    }

    /// Pirate Weather's alerts in the mainland US are the NWS's (Pirate-Weather/pirate-weather-code
    /// `API/alerts.py`, `_read_nws_alerts`, within `_in_us_bounds`): from the alert shapes it
    /// gathers (`API/NWS_Alerts_Local.py`) each alert at the point gives `title` its `event`,
    /// `regions` its `areaDesc` zones, `time` its `effective` and `expires` its expiration, and
    /// `uri` the forecast page of the point ("https://forecast.weather.gov/MapClick.php?lon=
    /// {lon}&lat={lat}", both rounded to 3 decimals), listed until that expiration: the
    /// simulator's NWS feed's alert in force (`NWSAlertInForce`) and its advisory that has
    /// ended but not expired.
    private func nwsCopies() -> [JSONValue] {
        let alert = OfficialAlert(latitude: latitude, longitude: longitude, now: now)
        let inForce = NWSAlertInForce(alert)
        let uri = "https://forecast.weather.gov/MapClick.php?lon=\((longitude * 1000).rounded() / 1000)&lat=\((latitude * 1000).rounded() / 1000)"
        let copies = [(inForce.event, alert.severity, inForce.sent, max(inForce.ends, alert.ends)),
                      ("Dense Fog Advisory", "Minor", alert.issued, alert.ends)]
        return copies.map { event, severity, effective, expires in
            .object([
                ("title", .string(text(event))),
                ("regions", .array(["\(alert.region) Lowlands", "\(alert.region) Foothills"].map { .string(text($0)) })),
                ("severity", .string(severity)),
                ("time", .integer(Int(effective))),
                ("expires", .integer(Int(expires))),
                ("description", .string(text("* WHAT...\(event). Simulated by the forecast simulator; not a real warning."))),
                ("uri", .string(uri)),
            ])
        }
    }

    /// Pirate Weather's alerts in Norway are MET's CAP messages, gathered through the WMO alert
    /// hub (Pirate-Weather/pirate-weather-code `API/WMO_Alerts_Local.py`): it leaves out only a
    /// message of urgency "Past" (MET's are "Future"), so MET's all-clears and cancels come
    /// through, severity Minor; the title is the CAP headline where there is a description too
    /// ("Mye regn, gult nivå, Vestland, START, END"), the times `effective` and `expires`,
    /// the link the CAP file's. It keeps "whatever language is first seen", and MET's CAP files
    /// have the Norwegian block first (metno/weatherapi-docs `doc/metalerts/CAP-v2-profile.md`:
    /// "one Norwegian and one English info block"), whatever `lang` asks; it keeps a sea area's
    /// messages too (it filters no domain, and its points are cells of a 0.0625° grid, which
    /// reach the sea off a coastal place). The messages are the simulator's MetAlerts answer for
    /// the place, in Norwegian.
    private func metCopies() -> [JSONValue] {
        let query = String(format: "lat=%.4f&lon=%.4f&lang=no", latitude, longitude)
        let request = ServerRequest(method: "GET", target: "/weatherapi/metalerts/2.0/current.json?" + query, version: "HTTP/1.1",
                                    headers: ["user-agent": "pirate-weather"], body: [])
        guard case .bytes(let bytes) = MetAlerts.answer(request, now: now).body,
              let document = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let features = document["features"] as? [[String: Any]] else { return [] }
        return features.compactMap { feature -> JSONValue? in
            guard let properties = feature["properties"] as? [String: Any],
                  let interval = (feature["when"] as? [String: Any])?["interval"] as? [String],
                  let start = Self.seconds(interval.first), let end = Self.seconds(interval.last) else { return nil }
            return .object([
                ("title", .string(text(properties["title"] as? String ?? ""))),
                ("regions", .array([.string(text(properties["area"] as? String ?? ""))])),
                ("severity", .string(properties["severity"] as? String ?? "Unknown")),
                ("time", .integer(Int(start))),
                ("expires", .integer(Int(end))),
                ("description", .string(text(properties["description"] as? String ?? ""))),
                ("uri", .string("https://api.met.no/weatherapi/metalerts/2.0/current.xml?cap=\(properties["id"] as? String ?? "")")),
            ])
        }
    }

    /// An alert of the provider's own, which no MET message says: an avalanche warning in force
    /// for the next 12 hours, linked to the provider's site.
    private func ownAlert() -> JSONValue {
        let issued = (now / 3600).rounded(.down) * 3600
        return .object([
            ("title", .string(text("Avalanche danger level 4"))),
            ("regions", .array([.string(text("Vestland"))])),
            ("severity", .string("Severe")),
            ("time", .integer(Int(issued))),
            ("expires", .integer(Int(issued) + 12 * 3600)),
            ("description", .string(text("Avalanche danger level 4. Simulated by the forecast simulator; not a real warning."))),
            ("uri", .string("https://alerts.forecast-simulator.invalid/avalanche.xml")),
        ])
    }

    /// An ISO 8601 time with an offset ("2026-08-20T12:00:00+02:00") as unix seconds.
    private static func seconds(_ text: String?) -> Double? {
        guard let text else { return nil }
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)?.timeIntervalSince1970
    }

    private func flags() -> JSONValue {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let run = Date(timeIntervalSince1970: (now / 21600).rounded(.down) * 21600)
        let parts = calendar.dateComponents([.year, .month, .day, .hour], from: run)
        let sources = PirateWeatherMinutes.sources(latitude: latitude, longitude: longitude)
        let sourceTime = String(format: "%04d-%02d-%02d %02dZ", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0)
        return .object([
            ("sources", .array(sources.map { .string($0) })),
            ("sourceTimes", .object(sources.filter { $0 != "ETOPO1" }.map { ($0, .string(sourceTime)) })),
            ("nearest-station", .number(0)),
            ("units", .string(units.rawValue)),
            ("version", .string("V2.9.7-simulator")),
        ])
    }

    // MARK: - Helpers

    /// `amount`: what falls in the hour the point starts (hourly points only).
    private func measurements(_ conditions: Conditions, amount: Precipitation.Amount? = nil) -> [(String, JSONValue)] {
        var values: [(String, JSONValue)] = [
            ("precipIntensity", .rounded(units.intensity(conditions.precipIntensity), places: 4)),
            ("precipProbability", .rounded(conditions.precipProbability)),
            ("precipIntensityError", .rounded(units.intensity(conditions.precipIntensity * 0.3), places: 4)),
        ]
        if let amount {
            // Pirate-Weather/pirate-weather-code API/hourly/block.py: precipAccumulation is the
            // sum of the liquid, snow (depth) and ice accumulations.
            let total = units.liquidAccumulation(amount.rain + amount.showers + amount.sleet) + units.snowAccumulation(amount.snow)
            values.append(("precipAccumulation", .rounded(total, places: 4)))
        }
        values += [
            ("precipType", .string(PirateWeatherPrecipType.hour(conditions.precipType, temperature: conditions.temperature, version: version))),
            ("temperature", .rounded(units.temperature(conditions.temperature))),
            ("apparentTemperature", .rounded(units.temperature(conditions.apparentTemperature))),
            ("dewPoint", .rounded(units.temperature(conditions.dewPoint))),
            ("humidity", .rounded(conditions.humidity)),
            ("pressure", .rounded(conditions.pressure, places: 1)),
            ("windSpeed", .rounded(units.speed(conditions.windSpeed))),
            ("windGust", .rounded(units.speed(conditions.windGust))),
            ("windBearing", .integer(conditions.windBearing)),
            ("cloudCover", .rounded(conditions.cloudCover)),
            ("uvIndex", .rounded(conditions.uvIndex, places: 1)),
            ("visibility", .rounded(units.distance(conditions.visibility))),
            ("ozone", .rounded(conditions.ozone, places: 1)),
        ]
        if let amount { values += DailySummary.accumulations(amount, units: units, version: version) }
        return values
    }

    private func text(_ string: String) -> String {
        let echoed = echoedText.map { string + " (key \($0))" } ?? string
        return hostileText ? Self.hostilePrefix + echoed + Self.hostileSuffix : echoed
    }

    static func blockSummary<C: Collection>(_ hours: C) -> (text: String, icon: String) where C.Element == Conditions {
        if let firstWet = hours.first(where: { $0.precipIntensity > 0 }) {
            let kind = firstWet.icon == "thunderstorm" ? "Thunderstorms" : firstWet.precipType.capitalized
            if firstWet.time == hours.first?.time {
                return ("\(kind) throughout the next hours.", firstWet.icon)
            }
            return ("\(kind) starting later today.", firstWet.icon)
        }
        let meanCloud = hours.map(\.cloudCover).reduce(0, +) / Double(max(1, hours.count))
        if meanCloud > 0.75 { return ("Overcast throughout the day.", "cloudy") }
        if meanCloud > 0.4 { return ("Partly cloudy throughout the day.", "partly-cloudy-day") }
        return ("Clear throughout the day.", "clear-day")
    }
}
