import FoundationEssentials

/// Reads a Dark Sky-compatible response (Pirate Weather): `currently`, `minutely`, `hourly`,
/// `daily`, `alerts`, `flags`, with the fields `ForecastFields` declares. Pirate Weather's -999
/// means "no value" and becomes nil; absent blocks are fine; a value of the wrong type is an
/// error that names its path.
public struct DarkSkyDecoder: ForecastDecoder {
    public init() {}

    /// The number Pirate Weather sends for a value it does not have.
    public static let missingValue: Double = -999

    public func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast {
        let read = try ForecastError.decoding(body, missingValue: Self.missingValue) { root throws(JSONError) in
            (forecast: try Self.forecast(from: root, requestedUnits: units), offset: try root.member("offset")?.writtenNumber())
        }
        var forecast = read.forecast
        if let offset = read.offset { forecast.utcOffset = try Self.utcOffset(hours: offset.value, written: offset.text) }
        return forecast
    }

    /// `offset`: hours east of UTC (5.5 in India), "the current timezone offset in hours"
    /// (Pirate-Weather/pirateweather `docs/API.md`), in seconds. It stands in for a zone whose
    /// name this machine does not know (`Forecast.zone`); one no zone has (every zone is from
    /// 12 hours behind UTC to 14 ahead) is a bad answer, as a latitude off the globe is: one
    /// line that says so ("found 99.0 at offset" had named the field as if it were a position).
    /// However large the hours, this is the line: the reader's own bound
    /// (`JSONNode.largestMagnitude`) is not asked first, or its "out of range" would be.
    static func utcOffset(hours: Double, written: String) throws(ForecastError) -> Int {
        guard (-12...14).contains(hours) else {
            // As the server wrote them ("1e300"), but a zero fraction dropped ("99", not "99.0").
            let isWholeNumber = written.firstIndex(of: ".").map { written[$0...].dropFirst().allSatisfy { $0 == "0" } } ?? false
            let number = isWholeNumber ? String(written.prefix { $0 != "." }) : written
            throw .implausible(LocalizedText(N_("the API sent UTC offset {hours} h (not -12..+14 h)"), ["hours": .verbatim(number)]))
        }
        return Int((hours * 3600).rounded())
    }

    static func forecast(from root: JSONNode, requestedUnits: UnitSystem) throws(JSONError) -> Forecast {
        let fields = ForecastFields.Tables.darkSky
        let coordinate = try fields.coordinate.read(root, startingFrom: Coordinate(latitude: 0, longitude: 0))
        let timeZone = try root.requiredString("timezone")
        guard !timeZone.trimmingSpaces.isEmpty else {
            throw try root.requiredMember("timezone").error(N_("expected a time zone name, found an empty string"))
        }
        guard (-90...90).contains(coordinate.latitude) else {
            throw try root.requiredMember("latitude").error(N_("expected a latitude between -90 and 90, found {number}"), ["number": .verbatim("\(coordinate.latitude)")])
        }
        guard (-180...180).contains(coordinate.longitude) else {
            throw try root.requiredMember("longitude").error(N_("expected a longitude between -180 and 180, found {number}"), ["number": .verbatim("\(coordinate.longitude)")])
        }
        let units = try root.member("flags")?.member("units")?.name(of: UnitSystem.self)
        var forecast = Forecast(coordinate: coordinate, timeZone: timeZone, units: units ?? requestedUnits)
        if let block = try root.member("currently") {
            forecast.current = try fields.conditions.read(block, startingFrom: .blank)
        }
        if let block = try root.member("minutely") {
            let sources = try root.member("flags")?.member("sources")?.elements { node throws(JSONError) in try node.string() }
            forecast.nextHour = Forecast.NextHour(summary: try block.string("summary"),
                                                  minutes: try data(of: block, fields.minute, .blank),
                                                  precision: minutesPrecision(sources: sources ?? []))
        }
        if let block = try root.member("hourly") {
            forecast.hourlySummary = try block.string("summary")
            forecast.hourly = try data(of: block, fields.hour, .blank)
        }
        if let block = try root.member("daily") {
            forecast.dailySummary = try block.string("summary")
            forecast.daily = try data(of: block, fields.day, .blank)
        }
        forecast.alerts = try root.member("alerts")?.elements { node throws(JSONError) in
            try fields.alert.read(node, startingFrom: Forecast.Alert(title: "Weather alert"))
        } ?? []
        return forecast
    }

    /// How closely Pirate Weather's minutes tell the time. They are a model's own only from
    /// HRRR's sub-hourly run, which `flags.sources` names "hrrrsubh" where the place lies in
    /// HRRR's grid (the continental US): Pirate-Weather/pirate-weather-code
    /// `API/forecast_sources.py`, `build_source_metadata`; `API/minutely/builder.py` takes
    /// the minutes from it first. Elsewhere they are `np.interp` of an hourly or 3-hourly
    /// model's points (NBM, DWD MOSMIX, ECMWF, GFS, GEFS), which know the hour, not the minute:
    /// `.hour`, as Open-Meteo's quarter hours spread from their hour.
    static func minutesPrecision(sources: [String?]) -> Forecast.NextHour.Precision? {
        sources.contains("hrrrsubh") ? nil : .hour
    }

    /// The points of a block's `data`; an absent `data` is an empty list.
    private static func data<Model>(of block: JSONNode, _ fields: JSONFields<Model>, _ blank: Model) throws(JSONError) -> [Model] {
        try block.member("data")?.elements { node throws(JSONError) in try fields.read(node, startingFrom: blank) } ?? []
    }
}
