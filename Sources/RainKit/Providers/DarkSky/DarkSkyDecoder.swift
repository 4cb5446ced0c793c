import FoundationEssentials

/// Reads a Dark Sky-compatible response (Pirate Weather): `currently`, `minutely`, `hourly`,
/// `daily`, `alerts`, `flags`. Pirate Weather's -999 means "no value" and becomes nil; absent
/// blocks are fine; a value of the wrong type is an error that names its path.
public struct DarkSkyDecoder: ForecastDecoder {
    public init() {}

    /// The number Pirate Weather sends for a value it does not have.
    public static let missingValue: Double = -999

    public func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast {
        if let forecast = Self.readDirectly(body, units: units) { return forecast }
        return try Self.readThroughTree(body, units: units)
    }

    /// The one-pass reader; nil when it is not sure of the body.
    static func readDirectly(_ body: Data, units: UnitSystem) -> Forecast? {
        body.withUnsafeBytes { bytes in
            DarkSkyDirectReader.forecast(from: bytes.bindMemory(to: UInt8.self), requestedUnits: units)
        }
    }

    /// The careful reader, which names what is wrong.
    static func readThroughTree(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast {
        try ForecastError.decoding(body, missingMarkers: [Self.missingValue]) { root throws(JSONValueError) in
            try Self.forecast(from: root, requestedUnits: units)
        }
    }

    static func forecast(from root: JSONValueNode, requestedUnits: UnitSystem) throws(JSONValueError) -> Forecast {
        guard case .object = root.value else {
            throw JSONValueError(reason: "expected an object at the top level, found \(root.value.kindDescription)", path: nil)
        }
        let timeZone = try root.requiredString("timezone")
        guard !timeZone.trimmingSpaces.isEmpty else {
            throw JSONValueError(reason: "expected a time zone name, found an empty string", path: "timezone")
        }
        let coordinate = try Self.coordinate(from: root)
        var forecast = Forecast(coordinate: coordinate, timeZone: timeZone, units: try Self.units(from: root) ?? requestedUnits)
        if let block = try root.member("currently") {
            forecast.current = try Self.conditions(from: block)
        }
        if let block = try root.member("minutely") {
            forecast.nextHour = Forecast.NextHour(
                summary: try block.string("summary"),
                minutes: try Self.data(of: block).map(Self.minute)
            )
        }
        if let block = try root.member("hourly") {
            forecast.hourlySummary = try block.string("summary")
            forecast.hourly = try Self.data(of: block).map(Self.hour)
        }
        if let block = try root.member("daily") {
            forecast.dailySummary = try block.string("summary")
            forecast.daily = try Self.data(of: block).map(Self.day)
        }
        if let block = try root.member("alerts") {
            forecast.alerts = try block.elements().map(Self.alert)
        }
        return forecast
    }

    private static func coordinate(from root: JSONValueNode) throws(JSONValueError) -> Coordinate {
        let latitude = try root.requiredNumber("latitude")
        let longitude = try root.requiredNumber("longitude")
        guard (-90...90).contains(latitude) else {
            throw JSONValueError(reason: "expected a latitude between -90 and 90, found \(latitude)", path: "latitude")
        }
        guard (-180...180).contains(longitude) else {
            throw JSONValueError(reason: "expected a longitude between -180 and 180, found \(longitude)", path: "longitude")
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func units(from root: JSONValueNode) throws(JSONValueError) -> UnitSystem? {
        guard let flags = try root.member("flags"), let node = try flags.member("units") else { return nil }
        let name = try node.string()
        guard let units = UnitSystem(rawValue: name) else {
            let known = UnitSystem.allCases.map(\.rawValue).joined(separator: ", ")
            throw JSONValueError(reason: "expected one of \(known), found \"\(name.strippingControlCharacters.prefix(20))\"", path: node.path)
        }
        return units
    }

    /// The `data` array of a block; an absent `data` is an empty list.
    private static func data(of block: JSONValueNode) throws(JSONValueError) -> [JSONValueNode] {
        try block.member("data")?.elements() ?? []
    }

    /// "none" is how Pirate Weather says there is no precipitation type.
    private static func precipType(_ node: JSONValueNode) throws(JSONValueError) -> String? {
        guard let type = try node.string("precipType"), !type.isEmpty, type != "none" else { return nil }
        return type
    }

    static func conditions(from node: JSONValueNode) throws(JSONValueError) -> Forecast.Conditions {
        var conditions = Forecast.Conditions(time: try node.requiredDate("time"))
        conditions.summary = try node.string("summary")
        conditions.icon = try node.string("icon")
        conditions.temperature = try node.number("temperature")
        conditions.apparentTemperature = try node.number("apparentTemperature")
        conditions.humidity = try node.number("humidity")
        conditions.windSpeed = try node.number("windSpeed")
        conditions.windGust = try node.number("windGust")
        conditions.windBearing = try node.number("windBearing")
        conditions.precipProbability = try node.number("precipProbability")
        conditions.precipIntensity = try node.number("precipIntensity")
        conditions.precipType = try precipType(node)
        conditions.uvIndex = try node.number("uvIndex")
        conditions.pressure = try node.number("pressure")
        conditions.visibility = try node.number("visibility")
        conditions.cloudCover = try node.number("cloudCover")
        conditions.dewPoint = try node.number("dewPoint")
        return conditions
    }

    static func minute(from node: JSONValueNode) throws(JSONValueError) -> Forecast.NextHour.Minute {
        Forecast.NextHour.Minute(
            time: try node.requiredDate("time"),
            precipIntensity: try node.number("precipIntensity"),
            precipProbability: try node.number("precipProbability"),
            precipType: try precipType(node)
        )
    }

    static func hour(from node: JSONValueNode) throws(JSONValueError) -> Forecast.Hour {
        var hour = Forecast.Hour(time: try node.requiredDate("time"))
        hour.summary = try node.string("summary")
        hour.icon = try node.string("icon")
        hour.temperature = try node.number("temperature")
        hour.apparentTemperature = try node.number("apparentTemperature")
        hour.precipProbability = try node.number("precipProbability")
        hour.precipIntensity = try node.number("precipIntensity")
        hour.precipType = try precipType(node)
        hour.windSpeed = try node.number("windSpeed")
        hour.windBearing = try node.number("windBearing")
        hour.humidity = try node.number("humidity")
        hour.uvIndex = try node.number("uvIndex")
        return hour
    }

    /// A day as rain reads both providers: the calendar day's minimum and maximum (Pirate
    /// Weather's `temperatureMin`/`Max`; `temperatureLow`/`High` are the overnight low and the
    /// daytime high, used only when the others are absent), liquid precipitation
    /// (`liquidAccumulation`; its `precipAccumulation` adds snow depth and ice) and snow apart.
    static func day(from node: JSONValueNode) throws(JSONValueError) -> Forecast.Day {
        var day = Forecast.Day(time: try node.requiredDate("time"))
        day.summary = try node.string("summary")
        day.icon = try node.string("icon")
        let low = try node.number("temperatureLow"), minimum = try node.number("temperatureMin")
        let high = try node.number("temperatureHigh"), maximum = try node.number("temperatureMax")
        day.temperatureLow = minimum ?? low
        day.temperatureHigh = maximum ?? high
        day.precipProbability = try node.number("precipProbability")
        let total = try node.number("precipAccumulation"), liquid = try node.number("liquidAccumulation")
        day.precipAccumulation = liquid ?? total
        day.snowAccumulation = try node.number("snowAccumulation")
        day.precipType = try precipType(node)
        day.windSpeed = try node.number("windSpeed")
        day.uvIndex = try node.number("uvIndex")
        day.sunrise = try node.date("sunriseTime")
        day.sunset = try node.date("sunsetTime")
        day.settlePolarDaylight()
        return day
    }

    static func alert(from node: JSONValueNode) throws(JSONValueError) -> Forecast.Alert {
        Forecast.Alert(
            title: try node.string("title") ?? "Weather alert",
            severity: try node.string("severity"),
            regions: try node.member("regions")?.elements().map { item throws(JSONValueError) in try item.string() } ?? [],
            time: try node.date("time"),
            expires: try node.date("expires"),
            description: try node.string("description"),
            uri: try node.string("uri")
        )
    }
}
