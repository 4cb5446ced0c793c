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
        case "cache": if let cached = try? ForecastCache.decode(bytes, path: "fuzz.json") { _ = ForecastCache.encode(cached) }
        case "store": store(bytes)
        case "arguments": arguments(bytes)
        default: preconditionFailure("no fuzz target \(target)")
        }
    }

    /// The strict parser; what it reads, rain's writer must write back as the same value.
    static func json(_ bytes: [UInt8]) {
        guard let value = try? JSONValue.parse(bytes) else { return }
        precondition((try? JSONValue.parse(Array(value.serialized().utf8))) == value, "the round trip changed the value")
    }

    /// A response body of each provider; what decodes must also be drawable.
    static func forecast(_ bytes: [UInt8]) {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        // Dark Sky's one-pass reader answers only as the tree reader would.
        if let direct = DarkSkyDecoder.readDirectly(Data(bytes), units: .si) {
            precondition(direct == (try? DarkSkyDecoder.readThroughTree(Data(bytes), units: .si)), "the one-pass reader disagrees")
        }
        for provider in Provider.allCases {
            guard let forecast = try? provider.unit.decode(Data(bytes), units: .si) else { continue }
            _ = ForecastView(width: 80, usesColor: true, now: now).render(
                CachedForecast(location: Location(name: "Fuzz", coordinate: forecast.coordinate), fetchedAt: now,
                               source: provider.rawValue, forecast: forecast))
        }
    }

    /// `defaults.json`, the saved places.
    static func store(_ bytes: [UInt8]) {
        guard let list = try? LocationsStore(file: DefaultsFile(path: "/nonexistent/defaults.json")).list(decoding: bytes) else { return }
        for location in list.locations { _ = try? list.resolve(location.shortID) }
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
