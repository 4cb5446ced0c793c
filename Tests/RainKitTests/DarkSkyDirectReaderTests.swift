import Foundation
@testable import ForecastSimulator
@testable import RainKit
import RainTestSupport
import Testing

/// The one-pass reader must accept only what the careful (tree) reader accepts and make the same
/// forecast of it; where the careful reader accepts a document with plain keys, so must it (else
/// every refresh would quietly pay for both).
@Suite struct DarkSkyDirectReaderTests {
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

    @Test func theSampleAndTheSharedFixtureAreReadInOnePassAndAlike() throws {
        for body in [Data(Self.sample.utf8), try ForecastFixtures.berlinBody()] {
            let direct = try #require(DarkSkyDecoder.readDirectly(body, units: .us))
            #expect(direct == (try DarkSkyDecoder.readThroughTree(body, units: .us)))
        }
        let sample = try #require(DarkSkyDecoder.readDirectly(Data(Self.sample.utf8), units: .us))
        #expect(sample.units == .si)
        #expect(sample.current?.windGust == nil, "-999 is no value")
        #expect(sample.nextHour?.minutes.count == 2)
        #expect(sample.hourly.map(\.temperature) == [4, nil])
        #expect(sample.daily.map(\.temperatureLow) == [-2, -3], "the calendar day's minimum, temperatureMin")
        #expect(sample.alerts.map(\.title) == ["Wind", "Weather alert"])
    }

    @Test(arguments: [(52.52, 13.405), (40.71, -74.0), (-33.87, 151.21), (64.13, -21.9), (35.68, 139.69), (-22.9, -43.2), (0, 0), (78.2, 15.6)])
    func simulatorDocumentsAreReadInOnePassAndAlike(latitude: Double, longitude: Double) throws {
        for (hostile, extended) in [(false, false), (true, false), (false, true)] {
            var document = DarkSkyDocument(latitude: latitude, longitude: longitude, now: 1_787_229_420)
            document.hostileText = hostile
            document.extendHourly = extended
            let body = Data(document.make().serialized().utf8)
            let direct = try #require(DarkSkyDecoder.readDirectly(body, units: .si))
            #expect(direct == (try DarkSkyDecoder.readThroughTree(body, units: .si)))
        }
    }

    @Test func everyCutOfTheSampleIsRefusedByBoth() {
        let bytes = Array(Self.sample.utf8)
        for end in 0..<bytes.count {
            expectAgreement(Array(bytes[..<end]))
        }
    }

    /// Each byte replaced by one of these in turn; the second pass shifts which goes where.
    static let replacements: [UInt8] = [
        UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"),
        UInt8(ascii: "n"), UInt8(ascii: "\\"), UInt8(ascii: "0"), UInt8(ascii: " "), 0xC3, UInt8(ascii: "{"),
    ]

    @Test(arguments: [0, 5])
    func everyByteReplacedGivesTheSameAnswer(shift: Int) {
        let bytes = Array(Self.sample.utf8)
        for index in bytes.indices {
            let replacement = Self.replacements[(index + shift) % Self.replacements.count]
            guard bytes[index] != replacement else { continue }
            var changed = bytes
            changed[index] = replacement
            expectAgreement(changed)
        }
    }

    /// Each value of a member rain reads swapped for another kind or an edge of its range: the
    /// careful reader's verdict stands, and what it accepts is read in one pass too.
    @Test(arguments: ["null", "-999", "\"x\"", "\"\"", "\"none\"", "\"us\"", "1e13", "-1", "40000000000", "[]", "{}", "[null]", "[\"a\"]", "true", "[{}]"])
    func everyValueSwappedGivesTheSameAnswer(replacement: String) throws {
        let bytes = Array(Self.sample.utf8)
        var acceptedByBoth = 0
        for value in try Self.memberValues(in: bytes) {
            let changed = Array(bytes[..<value.lowerBound]) + Array(replacement.utf8) + Array(bytes[value.upperBound...])
            if expectAgreement(changed, acceptsWhatTheTreeAccepts: true) { acceptedByBoth += 1 }
        }
        if ["null", "-999"].contains(replacement) { #expect(acceptedByBoth > 40) }
    }

    @Test func aKeyTwiceAnywhereIsRefusedByBoth() throws {
        let bytes = Array(Self.sample.utf8)
        for value in try Self.memberValues(in: bytes) {
            let keyStart = bytes[..<value.lowerBound].lastIndex(of: UInt8(ascii: ","))
                ?? bytes[..<value.lowerBound].lastIndex(of: UInt8(ascii: "{"))!
            let member = Array(bytes[(keyStart + 1)..<value.upperBound])
            let changed = Array(bytes[...keyStart]) + member + [UInt8(ascii: ",")] + Array(bytes[(keyStart + 1)...])
            #expect(DarkSkyDecoder.readDirectly(Data(changed), units: .si) == nil)
            #expect(throws: ForecastError.self) { try DarkSkyDecoder.readThroughTree(Data(changed), units: .si) }
        }
    }

    @Test(arguments: ["\"offset\":1,", "\"ozone\":300", "\"moonPhase\":0.5", "\"a\":[1,{\"b\":null}],", "\"version\":\"2.0\""])
    func aKeyRainDoesNotReadTwiceIsRefusedByBoth(member: String) throws {
        let separated = member.hasSuffix(",") ? member : "," + member
        let text = Self.sample.replacingOccurrences(of: member, with: member.hasSuffix(",") ? member + member : member + separated)
        #expect(text != Self.sample)
        #expect(DarkSkyDecoder.readDirectly(Data(text.utf8), units: .si) == nil)
        #expect(throws: ForecastError.self) { try DarkSkyDecoder.readThroughTree(Data(text.utf8), units: .si) }
    }

    @Test func escapedKeysAreLeftToTheTreeWhichReadsThemTheSame() throws {
        let escaped = Self.sample.replacingOccurrences(of: "\"temperature\"", with: "\"temp\\u0065rature\"")
        #expect(DarkSkyDecoder.readDirectly(Data(escaped.utf8), units: .si) == nil)
        let decoded = try DarkSkyDecoder().decode(Data(escaped.utf8), units: .si)
        #expect(decoded == (try DarkSkyDecoder().decode(Data(Self.sample.utf8), units: .si)))
    }

    @Test func nestingIsCountedAsTheParserCountsIt() throws {
        // An unknown member inside an hourly point: document, hourly, data, point are 4 levels.
        for depth in [JSONParser.maximumDepth - 4, JSONParser.maximumDepth - 3] {
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let text = Self.sample.replacingOccurrences(of: "\"cloudCover\":0.9}", with: "\"cloudCover\":0.9,\"deep\":\(deep)}")
            let accepted = expectAgreement(Array(text.utf8), acceptsWhatTheTreeAccepts: true)
            #expect(accepted == (depth == JSONParser.maximumDepth - 4))
        }
    }

    /// The careful reader's verdict; the one-pass reader, when it answers, agrees. Returns
    /// whether both accepted the document.
    @discardableResult
    private func expectAgreement(_ bytes: [UInt8], acceptsWhatTheTreeAccepts: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let body = Data(bytes)
        let careful = try? DarkSkyDecoder.readThroughTree(body, units: .si)
        let direct = DarkSkyDecoder.readDirectly(body, units: .si)
        if let direct {
            #expect(careful == direct, "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        }
        if acceptsWhatTheTreeAccepts, careful != nil {
            #expect(direct != nil, "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        }
        return careful != nil && direct != nil
    }

    /// Where each member's value is, for every member named like a field rain reads.
    private static func memberValues(in bytes: [UInt8]) throws -> [Range<Int>] {
        let names: Set<String> = [
            "latitude", "longitude", "timezone", "flags", "units", "currently", "minutely", "hourly", "daily", "alerts",
            "summary", "data", "time", "icon", "temperature", "apparentTemperature", "humidity", "windSpeed", "windGust",
            "windBearing", "precipProbability", "precipIntensity", "precipType", "uvIndex", "pressure", "visibility",
            "cloudCover", "dewPoint", "temperatureLow", "temperatureMin", "temperatureHigh", "temperatureMax",
            "precipAccumulation", "sunriseTime", "sunsetTime", "title", "severity", "regions", "expires", "description", "uri",
        ]
        var ranges: [Range<Int>] = []
        try bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while let quote = buffer[index...].firstIndex(of: UInt8(ascii: "\"")) {
                let end = buffer[(quote + 1)...].firstIndex(of: UInt8(ascii: "\""))!
                index = end + 1
                guard buffer[index] == UInt8(ascii: ":"),
                      names.contains(String(decoding: buffer[(quote + 1)..<end], as: UTF8.self)) else { continue }
                var parser = JSONParser(buffer)
                parser.offset = index + 1
                _ = try parser.value()
                ranges.append((index + 1)..<parser.offset)
            }
        }
        #expect(ranges.count > 80)
        return ranges
    }
}
