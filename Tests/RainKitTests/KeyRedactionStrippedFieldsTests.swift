import Foundation
import Testing
@testable import RainKit
import RainTestSupport

/// The class behind two leaks of issue 42 (an alert's texts in a notification, a place's
/// name in the lookups' cache): a key split by escape sequences between its characters was
/// whole only once a decoded text was stripped, after the body's redaction. The rule that
/// closes it: the body's redaction reads each escape sequence as the decoder and the sanitiser
/// do (`\u0007` is a BEL), so no text read from a redacted body holds the key, stripped or not.
///
/// Each string field of each source's answer in turn (Dark Sky, Open-Meteo, the MET and NWS
/// alert feeds, the geocoder, the IP service, the air and the ensemble) is given the key with
/// an OSC between every two characters; the body is redacted as `ForecastClient` does, and
/// then every string of what the decoder returns (found by reflection: a field added later is
/// walked too), of the cache file written from it, or of the error it throws is stripped and
/// must not hold the key.
@Suite struct KeyRedactionStrippedFieldsTests {
    private static let key = "Kx7QpZ2mW9vL4tR8sN3b"
    private static let redaction = KeyRedaction(APIKey(key))!
    private static let now = Date(timeIntervalSince1970: 1_790_000_000)

    struct Source: Sendable, CustomTestStringConvertible {
        let name: String
        let body: @Sendable () throws -> Data
        let decode: @Sendable (Data) throws -> [Any]
        var testDescription: String { name }
    }

    static func feed(_ name: String, filePath: String = #filePath) throws -> Data {
        let root = URL(filePath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: root.appending(path: "Fuzz/seeds/feeds/\(name)"))
    }

    /// The first hour of an Open-Meteo body's `hourly.time`: the air and the ensemble keep
    /// the hours from now on.
    static func firstHour(_ body: Data) -> Date {
        guard case .object(let root)? = try? JSONValue.parse(Array(body)), case .object(let hourly)? = root["hourly"],
              case .array(let times)? = hourly["time"], case .number(let first)? = times.first else { return now }
        return Date(timeIntervalSince1970: first)
    }

    static let sources: [Source] = [
        Source(name: "Dark Sky", body: { try ForecastFixtures.berlinBody() }) { body in
            let forecast = try DarkSkyDecoder().decode(body, units: .si)
            return [forecast, cacheFile(forecast, source: "darksky")]
        },
        Source(name: "Open-Meteo", body: { try ForecastFixtures.openMeteoBerlinBody() }) { body in
            let forecast = try OpenMeteoDecoder().decode(body, units: .ca)
            return [forecast, cacheFile(forecast, source: "openmeteo")]
        },
        Source(name: "MET alerts", body: { try feed("metalerts-tromso.json") }) { [try MetAlertsDecoder.decode($0)] },
        Source(name: "NWS alerts", body: { try feed("nws-new-york.json") }) { [try NWSAlertDecoder.decode($0)] },
        Source(name: "geocoder", body: { try ForecastFixtures.geocodingParisBody() }) { [try GeocodingDecoder.decode($0)] },
        Source(name: "geocoder, the simulator's", body: { try feed("geocoding-berlin.json") }) { [try GeocodingDecoder.decode($0)] },
        Source(name: "IP service", body: {
            Data(#"{"ip":"8.8.8.8","country":"Germany","country_iso":"DE","region_name":"Berlin","city":"Berlin","latitude":52.52,"longitude":13.4,"time_zone":"Europe/Berlin","asn":"AS1","asn_org":"Org"}"#.utf8)
        }) { [try IPLocationDecoder.decode($0, host: "ifconfig.co")] },
        Source(name: "air", body: { try feed("air-berlin.json") }) { body in [try AirQualityDecoder.decode(body, now: firstHour(body))] },
        Source(name: "ensemble", body: { try feed("ensemble-gfs.json") }) { body in
            [try EnsembleDecoder.decode(body, model: .gfsSeamless, units: .si, now: firstHour(body)) as Any]
        },
    ]

    /// The cache file a refresh writes from `forecast`, as the strings a reader of it finds.
    static func cacheFile(_ forecast: Forecast, source: String) -> [String] {
        let cached = CachedForecast(location: ForecastFixtures.berlin, fetchedAt: now, source: source, forecast: forecast)
        guard let document = try? JSONValue.parse(ForecastCache.encode(cached)) else { return ["the cache file is no JSON"] }
        return strings(in: document)
    }

    /// Every string in `value`: a JSON document's strings and member names, or every stored
    /// string of a model, however deep (reflection: optionals, arrays, dictionaries, enums).
    static func strings(in value: Any) -> [String] {
        if let text = value as? String { return [text] }
        if let text = value as? Substring { return [String(text)] }
        if let json = value as? JSONValue {
            switch json {
            case .string(let text): return [text]
            case .array(let items): return items.flatMap { strings(in: $0) }
            case .object(let members): return members.flatMap { [$0.key] + strings(in: $0.value) }
            default: return []
            }
        }
        return Mirror(reflecting: value).children.flatMap { strings(in: $0.value) }
    }

    /// Each string leaf of `value`, the path to it, once for each field (the first element of
    /// an array stands for the others: they are the same field).
    static func stringPaths(in value: JSONValue, at path: [JSONPathStep] = []) -> [[JSONPathStep]] {
        switch value {
        case .string: return [path]
        case .array(let items): return items.first.map { stringPaths(in: $0, at: path + [.index(0)]) } ?? []
        case .object(let members): return members.keys.sorted().flatMap { stringPaths(in: members[$0]!, at: path + [.member($0)]) }
        default: return []
        }
    }

    enum JSONPathStep { case index(Int), member(String) }

    static func replacing(_ path: ArraySlice<JSONPathStep>, in value: JSONValue, with text: String) -> JSONValue {
        guard let step = path.first else { return .string(text) }
        switch (step, value) {
        case (.index(let index), .array(var items)):
            items[index] = replacing(path.dropFirst(), in: items[index], with: text)
            return .array(items)
        case (.member(let name), .object(var members)):
            members[name] = replacing(path.dropFirst(), in: members[name]!, with: text)
            return .object(members)
        default: return value
        }
    }

    @Test(arguments: sources)
    func noStringFieldHoldsTheKeyOnceStripped(_ source: Source) throws {
        let original = try JSONValue.parse(Array(try source.body()))
        let paths = Self.stringPaths(in: original)
        #expect(!paths.isEmpty)
        let disguise = Self.key.map(String.init).joined(separator: "\u{1B}]0;x\u{07}")
        var read = 0
        for path in paths {
            let body = Data(Self.replacing(path[...], in: original, with: "key " + disguise + " echoed").serializedBytes())
            #expect(!String(decoding: body, as: UTF8.self).contains(Self.key), "the disguise is no copy until stripped")
            let texts: [String]
            do {
                texts = Self.strings(in: try source.decode(Self.redaction.scrubbing(body)))
                read += 1
            } catch {
                texts = [String(describing: error)]
            }
            for text in texts where Self.redaction.holdsKey(text.strippingControlCharacters) {
                Issue.record("\(source.name) \(path): \(text.strippingControlCharacters)")
            }
        }
        #expect(read > 0, "some answers are read")
    }

    /// The test's own walk finds the key where a decoder leaves it: unredacted, each field
    /// that reaches a model or error holds it once stripped.
    @Test func theWalkFindsAnUnredactedKey() throws {
        let original = try JSONValue.parse(Array(try ForecastFixtures.berlinBody()))
        let disguise = Self.key.map(String.init).joined(separator: "\u{1B}]0;x\u{07}")
        let path: [JSONPathStep] = [.member("hourly"), .member("data"), .index(0), .member("summary")]
        let body = Data(Self.replacing(path[...], in: original, with: disguise).serializedBytes())
        let texts = Self.strings(in: [try DarkSkyDecoder().decode(body, units: .si)] as [Any])
        #expect(texts.contains { Self.redaction.holdsKey($0.strippingControlCharacters) })
    }
}
