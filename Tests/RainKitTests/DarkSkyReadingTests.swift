import Foundation
@testable import ForecastSimulator
@testable import RainKit
import RainTestSupport
import Testing

/// The Dark Sky reader, driven by `ForecastFields`, reads what the document says: each field it
/// declares is the value the whole document's tree holds under that key; whatever a hostile or
/// broken body does, the answer is a forecast or a ForecastError, never a crash.
@Suite struct DarkSkyReadingTests {
    /// Every block and field rain reads, unknown members at each level (one nested), -999s and
    /// the temperatureLow/Min pair.
    static let sample = """
        {"latitude":52.52,"longitude":13.405,"timezone":"Europe/Berlin","offset":1,"extra":{"a":[1,{"b":null}],"c":"d"},
        "currently":{"time":1787229420,"summary":"Clear","icon":"clear-day","temperature":4.5,"apparentTemperature":2.1,
        "humidity":0.8,"windSpeed":3.2,"windGust":-999,"windBearing":250,"precipProbability":0,"precipIntensity":0,
        "precipType":"none","uvIndex":1,"pressure":1014.6,"visibility":16,"cloudCover":0.1,"dewPoint":1.5,"ozone":300},
        "minutely":{"summary":"Rain soon.","icon":"rain","data":[{"time":1787229420,"precipIntensity":0,"precipProbability":0.1,"precipType":"rain"},
        {"time":1787229480,"precipIntensity":0.4,"precipProbability":0.5,"precipIntensityError":0.1}]},
        "hourly":{"summary":"Rain this evening.","data":[{"time":1787229000,"summary":"Cloudy","icon":"cloudy","temperature":4,
        "apparentTemperature":1,"precipProbability":0.2,"precipIntensity":0.1,"precipType":"rain","windSpeed":3,"windBearing":240,
        "humidity":0.7,"uvIndex":0,"cloudCover":0.9},{"time":1787232600,"temperature":-999,"summary":null}]},
        "daily":{"summary":"Rain all week.","data":[{"time":1787176800,"summary":"Rain.","icon":"rain","temperatureLow":-1,
        "temperatureMin":-2,"temperatureHigh":6,"temperatureMax":7,"precipProbability":0.7,"precipAccumulation":1.2,
        "precipType":"snow","windSpeed":4,"uvIndex":2,"sunriseTime":1787200000,"sunsetTime":1787240000,"moonPhase":0.5},
        {"time":1787263200,"temperatureMin":-3,"temperatureMax":5}]},
        "alerts":[{"title":"Wind","severity":"warning","regions":["Berlin","Brandenburg"],"time":1787229420,"expires":1787260000,
        "description":"Strong wind.","uri":"https://example.invalid/a"},{"severity":"advisory"}],
        "flags":{"sources":["gfs"],"units":"si","version":"2.0"}}
        """

    private static func decode(_ bytes: [UInt8]) throws -> Forecast {
        try DarkSkyDecoder().decode(Data(bytes), units: .si)
    }

    @Test func theSampleIsReadAsItSays() throws {
        let sample = try DarkSkyDecoder().decode(Data(Self.sample.utf8), units: .us)
        #expect(sample.units == .si)
        #expect(sample.current?.windGust == nil, "-999 is no value")
        #expect(sample.current?.precipType == nil, "none is no type")
        #expect(sample.nextHour?.minutes.count == 2)
        #expect(sample.nextHour?.summary == "Rain soon.")
        #expect(sample.hourly.map(\.temperature) == [4, nil])
        #expect(sample.daily.map(\.temperatureLow) == [-2, -3], "the calendar day's minimum, temperatureMin")
        #expect(sample.daily.map(\.temperatureHigh) == [7, 5])
        #expect(sample.alerts.map(\.title) == ["Wind", "Weather alert"])
        #expect(sample.alerts.first?.regions == ["Berlin", "Brandenburg"])
    }

    /// Pirate Weather's freezing rain ("ice", version 2) is freezing rain, named as itself;
    /// its mixed precipitation ("mixed") is sleet, as Dark Sky named it: not rain.
    @Test(arguments: [("ice", "freezing_rain"), ("mixed", "sleet")])
    func freezingRainIsItselfAndMixedPrecipitationSleet(type: String, read: String) throws {
        let body = Self.sample.replacingOccurrences(of: #""precipType":"rain","windSpeed":3"#, with: #""precipType":"\#(type)","windSpeed":3"#)
            .replacingOccurrences(of: #""precipType":"snow""#, with: #""precipType":"\#(type)""#)
        #expect(body.components(separatedBy: type).count == 3)
        let forecast = try DarkSkyDecoder().decode(Data(body.utf8), units: .si)
        #expect(forecast.hourly.first?.precipType == read)
        #expect(forecast.daily.first?.precipType == read)
    }

    /// Every field a table declares, read from the fixture and the simulator's documents, is
    /// the number or text the document's tree holds under its Dark Sky key.
    @Test(arguments: [(52.52, 13.405), (40.71, -74.0), (-33.87, 151.21), (64.13, -21.9), (0, 0), (78.2, 15.6)])
    func everyDeclaredFieldIsWhatTheTreeHolds(latitude: Double, longitude: Double) throws {
        var document = DarkSkyDocument(latitude: latitude, longitude: longitude, now: 1_787_229_420)
        document.hostileText = latitude == 0
        for body in [Data(document.make().serialized().utf8), try ForecastFixtures.berlinBody(), Data(Self.sample.utf8)] {
            let forecast = try DarkSkyDecoder().decode(body, units: .si)
            guard case .object(let root) = try RainKit.JSONValue.parse(Array(body)) else { Issue.record("not an object"); return }
            func points(_ block: String) -> [[String: RainKit.JSONValue]] {
                guard case .object(let members)? = root[block], case .array(let data)? = members["data"] else { return [] }
                return data.compactMap { if case .object(let point) = $0 { point } else { nil } }
            }
            compare(forecast.hourly, points("hourly"), ForecastFields.hour)
            compare(forecast.nextHour?.minutes ?? [], points("minutely"), ForecastFields.minute)
            if case .object(let current)? = root["currently"], let conditions = forecast.current {
                compare([conditions], [current], ForecastFields.conditions)
            }
            #expect(forecast.hourly.count == points("hourly").count)
            #expect(forecast.daily.count == points("daily").count)
        }
    }

    private func compare<Model>(_ models: [Model], _ points: [[String: RainKit.JSONValue]], _ fields: [JSONField<Model>],
                                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(models.count == points.count, sourceLocation: sourceLocation)
        for (model, point) in zip(models, points) {
            for field in fields {
                let key = try! #require(JSONNaming.darkSky.keys(field.key).first, "\(field.key) is read from a Dark Sky answer")
                switch (field.value.written(model), point[key]) {
                case (.number(let read)?, .number(let held)?): #expect(read == held, "\(key)", sourceLocation: sourceLocation)
                case (.text(let read)?, .string(let held)?): #expect(read == held, "\(key)", sourceLocation: sourceLocation)
                case (.text(let read)?, .number(let held)?):
                    #expect(UTCTimestamp.date(read) == Date(timeIntervalSince1970: held), "\(key)", sourceLocation: sourceLocation)
                case (nil, nil), (nil, .null?), (nil, .number(DarkSkyDecoder.missingValue)?), (nil, .string("none")?), (nil, .string("")?):
                    break
                case (let read, let held):
                    Issue.record("\(key): read \(String(describing: read)), the document holds \(String(describing: held))", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func everyCutOfTheSampleIsRefused() {
        let bytes = Array(Self.sample.utf8)
        for end in 0..<bytes.count {
            #expect(throws: ForecastError.self) { try Self.decode(Array(bytes[..<end])) }
        }
    }

    /// Each byte replaced by one of these in turn; the second pass shifts which goes where.
    static let replacements: [UInt8] = [
        UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"),
        UInt8(ascii: "n"), UInt8(ascii: "\\"), UInt8(ascii: "0"), UInt8(ascii: " "), 0xC3, UInt8(ascii: "{"),
    ]

    /// A damaged body is refused or read, never a crash; what is read is the same document
    /// written back through the cache.
    @Test(arguments: [0, 5])
    func everyByteReplacedIsReadOrRefused(shift: Int) {
        let bytes = Array(Self.sample.utf8)
        for index in bytes.indices {
            let replacement = Self.replacements[(index + shift) % Self.replacements.count]
            guard bytes[index] != replacement else { continue }
            var changed = bytes
            changed[index] = replacement
            expectReadOrRefused(changed)
        }
    }

    /// Each value of a member rain reads swapped for another kind or an edge of its range.
    @Test(arguments: ["null", "-999", "\"x\"", "\"\"", "\"none\"", "\"us\"", "1e13", "-1", "40000000000", "[]", "{}", "[null]", "[\"a\"]", "true", "[{}]"])
    func everyValueSwappedIsReadOrRefused(replacement: String) throws {
        let bytes = Array(Self.sample.utf8)
        var accepted = 0
        for value in Self.memberValues(in: bytes) {
            let changed = Array(bytes[..<value.lowerBound]) + Array(replacement.utf8) + Array(bytes[value.upperBound...])
            if expectReadOrRefused(changed) { accepted += 1 }
        }
        if ["null", "-999"].contains(replacement) { #expect(accepted > 35) }
    }

    @Test func aKeyTwiceAnywhereIsRefused() throws {
        let bytes = Array(Self.sample.utf8)
        for value in Self.memberValues(in: bytes) {
            let keyStart = max(bytes[..<value.lowerBound].lastIndex(of: UInt8(ascii: ",")) ?? 0,
                               bytes[..<value.lowerBound].lastIndex(of: UInt8(ascii: "{")) ?? 0)
            let member = Array(bytes[(keyStart + 1)..<value.upperBound])
            let changed = Array(bytes[...keyStart]) + member + [UInt8(ascii: ",")] + Array(bytes[(keyStart + 1)...])
            let error = try #require(throws: ForecastError.self) { try Self.decode(changed) }
            #expect("\(error)".contains("appears twice"))
        }
    }

    @Test(arguments: ["\"offset\":1,", "\"ozone\":300", "\"moonPhase\":0.5", "\"a\":[1,{\"b\":null}],", "\"version\":\"2.0\""])
    func aKeyRainDoesNotReadTwiceIsRefused(member: String) throws {
        let separated = member.hasSuffix(",") ? member : "," + member
        let text = Self.sample.replacingOccurrences(of: member, with: member.hasSuffix(",") ? member + member : member + separated)
        #expect(text != Self.sample)
        #expect(throws: ForecastError.self) { try Self.decode(Array(text.utf8)) }
    }

    /// `offset` is the zone's current one: from 12 hours behind UTC (Baker Island) to 14
    /// ahead (Kiritimati). Beyond, no zone has it: a bad answer, as a latitude off the globe.
    @Test(arguments: [("-12", true), ("14", true), ("5.75", true), ("-12.5", false), ("14.25", false), ("99", false),
                      ("1000000000", false), ("1000000000000", false)])
    func anOffsetNoZoneHasIsABadAnswer(_ hours: String, _ accepted: Bool) throws {
        let text = Self.sample.replacingOccurrences(of: "\"offset\":1,", with: "\"offset\":\(hours),")
        #expect(text != Self.sample)
        if accepted {
            #expect(try Self.decode(Array(text.utf8)).utcOffset == Int((Double(hours)! * 3600).rounded()))
        } else {
            let error = try #require(throws: ForecastError.self) { try Self.decode(Array(text.utf8)) }
            // The field is named once, its hours as the server wrote them ("99", not "99.0").
            #expect("\(error)" == "the API sent UTC offset \(hours) h (not -12..+14 h)", "\(error)")
        }
    }

    /// Beyond the reader's bound (1e12) the offset is quoted as the server wrote it, a long
    /// number cut (hostile trial 14, N7: it had been the reader's "... is out of range").
    @Test(arguments: [("1e300", "1e300"), ("-1E+300", "-1E+300"),
                      ("1" + String(repeating: "0", count: 299), "1" + String(repeating: "0", count: 39) + "…")])
    func anOffsetBeyondTheReadersBoundIsQuotedAsWritten(_ hours: String, _ quoted: String) throws {
        let text = Self.sample.replacingOccurrences(of: "\"offset\":1,", with: "\"offset\":\(hours),")
        #expect(text != Self.sample)
        let error = try #require(throws: ForecastError.self) { try Self.decode(Array(text.utf8)) }
        #expect("\(error)" == "the API sent UTC offset \(quoted) h (not -12..+14 h)", "\(error)")
    }

    @Test func escapedKeysAreReadTheSame() throws {
        let escaped = Self.sample.replacingOccurrences(of: "\"temperature\"", with: "\"temp\\u0065rature\"")
        #expect(escaped != Self.sample)
        #expect(try Self.decode(Array(escaped.utf8)) == (try Self.decode(Array(Self.sample.utf8))))
    }

    @Test func nestingIsCountedFromTheDocument() throws {
        // An unknown member inside an hourly point: document, hourly, data, point are 4 levels.
        for depth in [JSONScanner.maximumDepth - 4, JSONScanner.maximumDepth - 3] {
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let text = Self.sample.replacingOccurrences(of: "\"cloudCover\":0.9}", with: "\"cloudCover\":0.9,\"deep\":\(deep)}")
            #expect((try? Self.decode(Array(text.utf8))) != nil || depth != JSONScanner.maximumDepth - 4)
            #expect((try? Self.decode(Array(text.utf8))) == nil || depth != JSONScanner.maximumDepth - 3)
        }
    }

    /// Whether `bytes` were read; what is read survives the cache's round trip.
    @discardableResult
    private func expectReadOrRefused(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let forecast = try? Self.decode(bytes) else { return false }
        let cached = CachedForecast(location: Location(name: "X", coordinate: forecast.coordinate),
                                    fetchedAt: Date(timeIntervalSince1970: 1_787_229_420), source: "darksky", forecast: forecast)
        #expect((try? ForecastCache.decode(ForecastCache.encode(cached), path: "x")) == cached, sourceLocation: sourceLocation)
        return true
    }

    /// Where each member's value is, for every member named like a field rain reads.
    private static func memberValues(in bytes: [UInt8]) -> [Range<Int>] {
        let names: Set<String> = [
            "latitude", "longitude", "timezone", "flags", "units", "currently", "minutely", "hourly", "daily", "alerts",
            "summary", "data", "time", "icon", "temperature", "apparentTemperature", "humidity", "windSpeed", "windGust",
            "windBearing", "precipProbability", "precipIntensity", "precipType", "uvIndex", "pressure", "visibility",
            "cloudCover", "dewPoint", "temperatureLow", "temperatureMin", "temperatureHigh", "temperatureMax",
            "precipAccumulation", "title", "severity", "regions", "expires", "description", "uri",
        ]
        var ranges: [Range<Int>] = []
        var index = 0
        while let quote = bytes[index...].firstIndex(of: UInt8(ascii: "\"")) {
            let end = bytes[(quote + 1)...].firstIndex(of: UInt8(ascii: "\""))!
            index = end + 1
            guard bytes[index] == UInt8(ascii: ":"), names.contains(String(decoding: bytes[(quote + 1)..<end], as: UTF8.self)) else { continue }
            ranges.append((index + 1)..<valueEnd(in: bytes, from: index + 1))
        }
        #expect(ranges.count > 75)
        return ranges
    }

    /// Where the value starting at `start` ends (the sample has no brackets or quotes inside strings).
    private static func valueEnd(in bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\"") { inString = false; if depth == 0 { return index + 1 } }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { return index }
                depth -= 1
                if depth == 0 { return index + 1 }
            } else if depth == 0, byte == UInt8(ascii: ",") {
                return index
            }
            index += 1
        }
        return index
    }
}
