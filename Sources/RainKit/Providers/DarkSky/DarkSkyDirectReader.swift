import FoundationEssentials

/// `DarkSkyDecoder`'s usual path: the body read straight into a `Forecast` in one pass, with no
/// tree of JSON values built, hashed and freed on the way. It gives up (nil) at anything it is
/// not sure of: a syntax error, a field of the wrong type or out of range, a duplicate key, a key
/// with an escape or non-ASCII letters. The decoder then reads the body again through
/// `JSONValueNode`, which names the problem. So this reader accepts only what that path accepts
/// and makes the same forecast of it; `DarkSkyDirectReaderTests` compares the two.
struct DarkSkyDirectReader {
    private struct GiveUp: Error {}

    private var parser: JSONParser
    /// The keys rain does not read, of the objects being read (innermost last), as ranges of
    /// the body: a key met twice is still a duplicate.
    private var otherKeys: [Range<Int>] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        parser = JSONParser(bytes)
    }

    static func forecast(from body: UnsafeBufferPointer<UInt8>, requestedUnits: UnitSystem) -> Forecast? {
        var reader = DarkSkyDirectReader(body)
        return try? reader.document(requestedUnits: requestedUnits)
    }

    // MARK: The document

    private mutating func document(requestedUnits: UnitSystem) throws(GiveUp) -> Forecast {
        parser.skipWhitespace()
        var latitude: Double?, longitude: Double?, timeZone: String?, units: UnitSystem?
        var current: Forecast.Conditions?, nextHour: Forecast.NextHour?
        var hourlySummary: String?, hourly: [Forecast.Hour] = []
        var dailySummary: String?, daily: [Forecast.Day] = []
        var alerts: [Forecast.Alert] = []
        try object(Self.documentFields) { reader, field throws(GiveUp) in
            switch field {
            case .latitude: latitude = try reader.number()
            case .longitude: longitude = try reader.number()
            case .timezone: timeZone = try reader.string()
            case .flags: units = try reader.units()
            case .currently: current = try reader.nullOr { reader throws(GiveUp) in try reader.conditions() }
            case .minutely:
                nextHour = try reader.nullOr { reader throws(GiveUp) in
                    var block = Forecast.NextHour()
                    try reader.block { reader throws(GiveUp) in block.summary = try reader.string() } data: { reader throws(GiveUp) in
                        block.minutes = try reader.array { reader throws(GiveUp) in try reader.minute() }
                    }
                    return block
                }
            case .hourly:
                try reader.block { reader throws(GiveUp) in hourlySummary = try reader.string() } data: { reader throws(GiveUp) in
                    hourly = try reader.array { reader throws(GiveUp) in try reader.hour() }
                }
            case .daily:
                try reader.block { reader throws(GiveUp) in dailySummary = try reader.string() } data: { reader throws(GiveUp) in
                    daily = try reader.array { reader throws(GiveUp) in try reader.day() }
                }
            case .alerts: alerts = try reader.array { reader throws(GiveUp) in try reader.alert() }
            default: try reader.skipValue()
            }
        }
        parser.skipWhitespace()
        guard parser.offset == parser.bytes.count else { throw GiveUp() }
        guard let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude),
              let timeZone, !timeZone.trimmingSpaces.isEmpty else { throw GiveUp() }
        return Forecast(
            coordinate: Coordinate(latitude: latitude, longitude: longitude), timeZone: timeZone,
            units: units ?? requestedUnits, current: current, nextHour: nextHour,
            hourlySummary: hourlySummary, hourly: hourly, dailySummary: dailySummary, daily: daily, alerts: alerts
        )
    }

    /// `flags`: only its `units` is read.
    private mutating func units() throws(GiveUp) -> UnitSystem? {
        try nullOr { reader throws(GiveUp) -> UnitSystem? in
            var units: UnitSystem?
            try reader.object(Self.flagsFields) { reader, field throws(GiveUp) in
                guard field == .units else { return try reader.skipValue() }
                guard let name = try reader.string() else { return }
                guard let known = UnitSystem(rawValue: name) else { throw GiveUp() }
                units = known
            }
            return units
        } ?? nil
    }

    /// A block of `minutely`, `hourly` or `daily`: a summary and a list of data points.
    private mutating func block(
        summary: (inout Self) throws(GiveUp) -> Void, data: (inout Self) throws(GiveUp) -> Void
    ) throws(GiveUp) {
        _ = try nullOr { reader throws(GiveUp) in
            try reader.object(Self.blockFields) { reader, field throws(GiveUp) in
                switch field {
                case .summary: try summary(&reader)
                case .data: try data(&reader)
                default: try reader.skipValue()
                }
            }
        }
    }

    // MARK: Data points

    private mutating func conditions() throws(GiveUp) -> Forecast.Conditions {
        var time: Date?
        var conditions = Forecast.Conditions(time: Date(timeIntervalSince1970: 0))
        try object(Self.conditionsFields) { reader, field throws(GiveUp) in
            switch field {
            case .time: time = try reader.date()
            case .summary: conditions.summary = try reader.string()
            case .icon: conditions.icon = try reader.string()
            case .temperature: conditions.temperature = try reader.number()
            case .apparentTemperature: conditions.apparentTemperature = try reader.number()
            case .humidity: conditions.humidity = try reader.number()
            case .windSpeed: conditions.windSpeed = try reader.number()
            case .windGust: conditions.windGust = try reader.number()
            case .windBearing: conditions.windBearing = try reader.number()
            case .precipProbability: conditions.precipProbability = try reader.number()
            case .precipIntensity: conditions.precipIntensity = try reader.number()
            case .precipType: conditions.precipType = try reader.precipType()
            case .uvIndex: conditions.uvIndex = try reader.number()
            case .pressure: conditions.pressure = try reader.number()
            case .visibility: conditions.visibility = try reader.number()
            case .cloudCover: conditions.cloudCover = try reader.number()
            case .dewPoint: conditions.dewPoint = try reader.number()
            default: try reader.skipValue()
            }
        }
        guard let time else { throw GiveUp() }
        conditions.time = time
        return conditions
    }

    private mutating func minute() throws(GiveUp) -> Forecast.NextHour.Minute {
        var time: Date?
        var minute = Forecast.NextHour.Minute(time: Date(timeIntervalSince1970: 0))
        try object(Self.minuteFields) { reader, field throws(GiveUp) in
            switch field {
            case .time: time = try reader.date()
            case .precipIntensity: minute.precipIntensity = try reader.number()
            case .precipProbability: minute.precipProbability = try reader.number()
            case .precipType: minute.precipType = try reader.precipType()
            default: try reader.skipValue()
            }
        }
        guard let time else { throw GiveUp() }
        minute.time = time
        return minute
    }

    private mutating func hour() throws(GiveUp) -> Forecast.Hour {
        var time: Date?
        var hour = Forecast.Hour(time: Date(timeIntervalSince1970: 0))
        try object(Self.hourFields) { reader, field throws(GiveUp) in
            switch field {
            case .time: time = try reader.date()
            case .summary: hour.summary = try reader.string()
            case .icon: hour.icon = try reader.string()
            case .temperature: hour.temperature = try reader.number()
            case .apparentTemperature: hour.apparentTemperature = try reader.number()
            case .precipProbability: hour.precipProbability = try reader.number()
            case .precipIntensity: hour.precipIntensity = try reader.number()
            case .precipType: hour.precipType = try reader.precipType()
            case .windSpeed: hour.windSpeed = try reader.number()
            case .windBearing: hour.windBearing = try reader.number()
            case .humidity: hour.humidity = try reader.number()
            case .uvIndex: hour.uvIndex = try reader.number()
            default: try reader.skipValue()
            }
        }
        guard let time else { throw GiveUp() }
        hour.time = time
        return hour
    }

    private mutating func day() throws(GiveUp) -> Forecast.Day {
        var time: Date?
        var low: Double?, minimum: Double?, high: Double?, maximum: Double?, total: Double?, liquid: Double?
        var day = Forecast.Day(time: Date(timeIntervalSince1970: 0))
        try object(Self.dayFields) { reader, field throws(GiveUp) in
            switch field {
            case .time: time = try reader.date()
            case .summary: day.summary = try reader.string()
            case .icon: day.icon = try reader.string()
            case .temperatureLow: low = try reader.number()
            case .temperatureMin: minimum = try reader.number()
            case .temperatureHigh: high = try reader.number()
            case .temperatureMax: maximum = try reader.number()
            case .precipProbability: day.precipProbability = try reader.number()
            case .precipAccumulation: total = try reader.number()
            case .liquidAccumulation: liquid = try reader.number()
            case .snowAccumulation: day.snowAccumulation = try reader.number()
            case .precipType: day.precipType = try reader.precipType()
            case .windSpeed: day.windSpeed = try reader.number()
            case .uvIndex: day.uvIndex = try reader.number()
            case .sunriseTime: day.sunrise = try reader.date()
            case .sunsetTime: day.sunset = try reader.date()
            default: try reader.skipValue()
            }
        }
        guard let time else { throw GiveUp() }
        day.time = time
        day.temperatureLow = minimum ?? low
        day.temperatureHigh = maximum ?? high
        day.precipAccumulation = liquid ?? total
        day.settlePolarDaylight()
        return day
    }

    private mutating func alert() throws(GiveUp) -> Forecast.Alert {
        var title: String?
        var alert = Forecast.Alert(title: "")
        try object(Self.alertFields) { reader, field throws(GiveUp) in
            switch field {
            case .title: title = try reader.string()
            case .severity: alert.severity = try reader.string()
            case .regions:
                alert.regions = try reader.array { reader throws(GiveUp) in
                    guard let region = try reader.string() else { throw GiveUp() }
                    return region
                }
            case .time: alert.time = try reader.date()
            case .expires: alert.expires = try reader.date()
            case .description: alert.description = try reader.string()
            case .uri: alert.uri = try reader.string()
            default: try reader.skipValue()
            }
        }
        alert.title = title ?? "Weather alert"
        return alert
    }

    // MARK: Values (the reader stands at the first byte of one)

    /// A number, nil for null or Pirate Weather's "no value"; JSONValueNode's range applies.
    private mutating func number() throws(GiveUp) -> Double? {
        guard !(try null()) else { return nil }
        let number: Double
        do { number = try parser.number() } catch { throw GiveUp() }
        if number == DarkSkyDecoder.missingValue { return nil }
        guard abs(number) <= JSONValueNode.largestMagnitude else { throw GiveUp() }
        return number
    }

    private mutating func date() throws(GiveUp) -> Date? {
        guard let seconds = try number() else { return nil }
        guard JSONValueNode.plausibleUnixTimes.contains(seconds) else { throw GiveUp() }
        return Date(timeIntervalSince1970: seconds)
    }

    private mutating func string() throws(GiveUp) -> String? {
        guard !(try null()) else { return nil }
        guard parser.peek(UInt8(ascii: "\"")) else { throw GiveUp() }
        do { return JSONValueNode.limited(try parser.string()) } catch { throw GiveUp() }
    }

    /// "none" is how Pirate Weather says there is no precipitation type.
    private mutating func precipType() throws(GiveUp) -> String? {
        guard let type = try string(), !type.isEmpty, type != "none" else { return nil }
        return type
    }

    private mutating func skipValue() throws(GiveUp) {
        do { _ = try parser.value() } catch { throw GiveUp() }
    }

    /// True, past it, when the value is `null`.
    private mutating func null() throws(GiveUp) -> Bool {
        guard parser.peek(UInt8(ascii: "n")) else { return false }
        try skipValue()
        return true
    }

    /// `read` of the value, or nil when it is null.
    private mutating func nullOr<Value>(_ read: (inout Self) throws(GiveUp) -> Value) throws(GiveUp) -> Value? {
        if try null() { return nil }
        return try read(&self)
    }

    // MARK: Containers

    /// An array read with `element`; null is an empty one.
    private mutating func array<Element>(_ element: (inout Self) throws(GiveUp) -> Element) throws(GiveUp) -> [Element] {
        if try null() { return [] }
        guard parser.peek(UInt8(ascii: "[")) else { throw GiveUp() }
        try enter()
        var elements: [Element] = []
        parser.skipWhitespace()
        if parser.peek(UInt8(ascii: "]")) {
            parser.offset += 1
        } else {
            while true {
                parser.skipWhitespace()
                elements.append(try element(&self))
                parser.skipWhitespace()
                if parser.peek(UInt8(ascii: ",")) {
                    parser.offset += 1
                } else if parser.peek(UInt8(ascii: "]")) {
                    parser.offset += 1
                    break
                } else {
                    throw GiveUp()
                }
            }
        }
        parser.depth -= 1
        return elements
    }

    /// An object whose members named in `fields` are read by `member` (which reads the value);
    /// the rest are checked and skipped. Not null: the caller decides what null means.
    private mutating func object(_ fields: [Field], _ member: (inout Self, Field) throws(GiveUp) -> Void) throws(GiveUp) {
        guard parser.peek(UInt8(ascii: "{")) else { throw GiveUp() }
        try enter()
        let firstOtherKey = otherKeys.count
        var seen: UInt64 = 0
        parser.skipWhitespace()
        if parser.peek(UInt8(ascii: "}")) {
            parser.offset += 1
        } else {
            while true {
                parser.skipWhitespace()
                let key = try key()
                if let field = Self.field(named: key, among: fields, in: parser.bytes) {
                    let bit: UInt64 = 1 << field.rawValue
                    guard seen & bit == 0 else { throw GiveUp() }
                    seen |= bit
                    try colon()
                    try member(&self, field)
                } else {
                    for other in otherKeys[firstOtherKey...] where Self.equal(other, key, in: parser.bytes) { throw GiveUp() }
                    otherKeys.append(key)
                    try colon()
                    try skipValue()
                }
                parser.skipWhitespace()
                if parser.peek(UInt8(ascii: ",")) {
                    parser.offset += 1
                } else if parser.peek(UInt8(ascii: "}")) {
                    parser.offset += 1
                    break
                } else {
                    throw GiveUp()
                }
            }
        }
        otherKeys.removeSubrange(firstOtherKey...)
        parser.depth -= 1
    }

    /// Counts a container the way the parser does, so a skipped value nested too deep is
    /// refused here as there.
    private mutating func enter() throws(GiveUp) {
        parser.depth += 1
        guard parser.depth <= JSONParser.maximumDepth else { throw GiveUp() }
        parser.offset += 1
    }

    /// A key of plain ASCII letters, without its quotes; anything else is left to the parser.
    private mutating func key() throws(GiveUp) -> Range<Int> {
        guard parser.peek(UInt8(ascii: "\"")) else { throw GiveUp() }
        let start = parser.offset + 1
        var end = start
        let bytes = parser.bytes
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            guard bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\\") else { throw GiveUp() }
            end += 1
        }
        guard end < bytes.count else { throw GiveUp() }
        parser.offset = end + 1
        return start..<end
    }

    private mutating func colon() throws(GiveUp) {
        parser.skipWhitespace()
        guard parser.peek(UInt8(ascii: ":")) else { throw GiveUp() }
        parser.offset += 1
        parser.skipWhitespace()
    }

    private static func equal(_ first: Range<Int>, _ second: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        first.count == second.count && bytes[first].elementsEqual(bytes[second])
    }

    // MARK: Field names

    /// Every member rain reads from a Dark Sky document.
    enum Field: Int {
        case latitude, longitude, timezone, flags, units, currently, minutely, hourly, daily, alerts
        case summary, data, time, icon, temperature, apparentTemperature, humidity, windSpeed, windGust
        case windBearing, precipProbability, precipIntensity, precipType, uvIndex, pressure, visibility
        case cloudCover, dewPoint, temperatureLow, temperatureMin, temperatureHigh, temperatureMax
        case precipAccumulation, liquidAccumulation, snowAccumulation, sunriseTime, sunsetTime
        case title, severity, regions, expires, description, uri

        var name: StaticString {
            switch self {
            case .latitude: "latitude"
            case .longitude: "longitude"
            case .timezone: "timezone"
            case .flags: "flags"
            case .units: "units"
            case .currently: "currently"
            case .minutely: "minutely"
            case .hourly: "hourly"
            case .daily: "daily"
            case .alerts: "alerts"
            case .summary: "summary"
            case .data: "data"
            case .time: "time"
            case .icon: "icon"
            case .temperature: "temperature"
            case .apparentTemperature: "apparentTemperature"
            case .humidity: "humidity"
            case .windSpeed: "windSpeed"
            case .windGust: "windGust"
            case .windBearing: "windBearing"
            case .precipProbability: "precipProbability"
            case .precipIntensity: "precipIntensity"
            case .precipType: "precipType"
            case .uvIndex: "uvIndex"
            case .pressure: "pressure"
            case .visibility: "visibility"
            case .cloudCover: "cloudCover"
            case .dewPoint: "dewPoint"
            case .temperatureLow: "temperatureLow"
            case .temperatureMin: "temperatureMin"
            case .temperatureHigh: "temperatureHigh"
            case .temperatureMax: "temperatureMax"
            case .precipAccumulation: "precipAccumulation"
            case .liquidAccumulation: "liquidAccumulation"
            case .snowAccumulation: "snowAccumulation"
            case .sunriseTime: "sunriseTime"
            case .sunsetTime: "sunsetTime"
            case .title: "title"
            case .severity: "severity"
            case .regions: "regions"
            case .expires: "expires"
            case .description: "description"
            case .uri: "uri"
            }
        }
    }

    private static func field(named key: Range<Int>, among fields: [Field], in bytes: UnsafeBufferPointer<UInt8>) -> Field? {
        for field in fields {
            let name = field.name
            guard name.utf8CodeUnitCount == key.count else { continue }
            let letters = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            if letters.elementsEqual(bytes[key]) { return field }
        }
        return nil
    }

    private static let documentFields: [Field] = [.latitude, .longitude, .timezone, .flags, .currently, .minutely, .hourly, .daily, .alerts]
    private static let flagsFields: [Field] = [.units]
    private static let blockFields: [Field] = [.summary, .data]
    private static let conditionsFields: [Field] = [
        .time, .summary, .icon, .temperature, .apparentTemperature, .humidity, .windSpeed, .windGust, .windBearing,
        .precipProbability, .precipIntensity, .precipType, .uvIndex, .pressure, .visibility, .cloudCover, .dewPoint,
    ]
    private static let minuteFields: [Field] = [.time, .precipIntensity, .precipProbability, .precipType]
    private static let hourFields: [Field] = [
        .time, .summary, .icon, .temperature, .apparentTemperature, .precipProbability, .precipIntensity, .precipType,
        .windSpeed, .windBearing, .humidity, .uvIndex,
    ]
    private static let dayFields: [Field] = [
        .time, .summary, .icon, .temperatureLow, .temperatureMin, .temperatureHigh, .temperatureMax, .precipProbability,
        .precipAccumulation, .liquidAccumulation, .snowAccumulation, .precipType, .windSpeed, .uvIndex,
        .sunriseTime, .sunsetTime,
    ]
    private static let alertFields: [Field] = [.title, .severity, .regions, .time, .expires, .description, .uri]
}
