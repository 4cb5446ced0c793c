import Foundation
@testable import RainCLI
@testable import RainKit
import RainTerminal

/// What each `make fuzz` target puts an input through (the `rain-fuzz` executable, built by
/// SwiftPM with libFuzzer), and what FuzzRegressionTests replays: an input is read or refused,
/// never a crash.
public enum FuzzEntry {
    public static let targets = ["json", "forecast", "cache", "store", "arguments"]

    public static func run(_ target: String, _ bytes: [UInt8]) {
        switch target {
        case "json": json(bytes)
        case "forecast": forecast(bytes)
        case "cache": cache(bytes)
        case "store": store(bytes)
        case "arguments": arguments(bytes)
        default: preconditionFailure("no fuzz target \(target)")
        }
    }

    /// The scanner and its map: every entry is reached by walking the map and has a path;
    /// what it reads, rain's writer writes back as the same value.
    static func json(_ bytes: [UInt8]) {
        guard let map = try? JSONMap.scan(bytes) else { return }
        var entry = 0
        var count = 0
        while entry < map.entries.count {  // every value, in document order, each once
            _ = map.path(to: entry)
            entry += 2
            count += 1
        }
        precondition(map.next(after: 0) == map.entries.count, "the root does not span the map")
        guard let value = try? JSONNode(map).value() else { return }
        precondition((try? JSONValue.parse(Array(value.serialized().utf8))) == value, "the round trip changed the value")
    }

    /// A forecast document as the cache holds it: what reads must write back and read the same.
    static func cache(_ bytes: [UInt8]) {
        guard let cached = try? ForecastCache.decode(bytes, path: "fuzz.json") else { return }
        precondition((try? ForecastCache.decode(ForecastCache.encode(cached), path: "fuzz.json")) == cached, "the cache round trip changed the forecast")
    }

    /// A response body of each provider; what decodes must be drawable, and kept by the cache as it is.
    static func forecast(_ bytes: [UInt8]) {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for provider in Provider.allCases {
            guard let forecast = try? provider.unit.decode(Data(bytes), units: .si) else { continue }
            let cached = CachedForecast(location: Location(name: "Fuzz", coordinate: forecast.coordinate),
                                        fetchedAt: Date(timeIntervalSince1970: 1_790_000_000), source: provider.rawValue, forecast: forecast)
            precondition((try? ForecastCache.decode(ForecastCache.encode(cached), path: "fuzz.json")) == cached, "the cache does not keep what \(provider) read")
            _ = ForecastView(width: 80, usesColor: true, now: now).render(
                CachedForecast(location: Location(name: "Fuzz", coordinate: forecast.coordinate), fetchedAt: now,
                               source: provider.rawValue, forecast: forecast))
        }
    }

    /// `defaults.json`, the saved places.
    static func store(_ bytes: [UInt8]) {
        let store = LocationsStore(file: DefaultsFile(path: "/nonexistent/defaults.json"))
        guard let contents = try? store.contents(of: bytes) else { return }
        let list = contents.list
        for location in list.locations { _ = try? list.resolve(location.shortID) }
        let written = contents.serialized()
        let again = try? store.contents(of: written)
        let same = again.map { $0.list == list && $0.list.locations.elementsEqual(list.locations) { $0.hasSameContent(as: $1) } } ?? false
        precondition(same && again?.isSavedForm == true && again?.serialized() == written, "the store round trip changed the places")
    }

    /// The first byte picks a width, the rest split at NUL into command-line arguments, parsed
    /// as rain parses them, with the help or the error report rendered (and, for an error, the
    /// misspelt command looked for); nothing runs.
    static func arguments(_ bytes: [UInt8]) {
        let width = Int(bytes.first ?? 80) % 200
        let arguments = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let parser = CommandParser(root: RainCommand.self)
        do {
            switch try parser.parse(arguments) {
            case .version: break
            case .help(let path): _ = HelpGenerator(path: path, width: width).help
            case .run(let type, let values, let path):
                do { _ = try type.init(parsed: values) } catch { _ = ErrorReport(error, command: path).text }
            }
        } catch {
            _ = ErrorReport(error.error, command: error.path).text
            if let misspelt = parser.misspeltCommand(in: arguments) {
                _ = ErrorReport(ParseError.notACommand(misspelt.word, suggestion: misspelt.suggestion), command: misspelt.path).text
            }
        }
    }
}
