import Foundation
@testable import RainCLI
@testable import RainKit
import Testing

/// Inputs `make fuzz` found troublesome (and a few hostile ones written by hand), replayed
/// through the same entry points the fuzzers use (`Fuzz/*.swift`): each must be refused or
/// read without a crash.
@Suite struct FuzzRegressionTests {
    struct Input: Sendable, CustomTestStringConvertible {
        var target: String
        var name: String
        var testDescription: String { "\(target)/\(name)" }

        var bytes: [UInt8] { Array(FileManager.default.contents(atPath: "\(FuzzRegressionTests.folder)/\(target)/\(name)") ?? Data()) }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions").path

    static let inputs: [Input] = ["json", "forecast", "cache", "store", "arguments"].flatMap { target in
        ((try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(target)")) ?? []).sorted().map { Input(target: target, name: $0) }
    }

    @Test func everyFuzzTargetHasInputs() {
        #expect(Set(Self.inputs.map(\.target)) == ["json", "forecast", "cache", "store", "arguments"])
    }

    @Test(arguments: inputs)
    func isReadOrRefusedWithoutACrash(_ input: Input) throws {
        let bytes = input.bytes
        try #require(!bytes.isEmpty || input.target == "arguments")
        switch input.target {
        case "json":
            if let value = try? JSONValue.parse(bytes) {
                #expect(try JSONValue.parse(Array(value.serialized().utf8)) == value)
            }
        case "forecast":
            for provider in Provider.allCases {
                guard let forecast = try? provider.decoder.decode(Data(bytes), units: .si) else { continue }
                _ = ForecastView(width: 80, usesColor: true, now: Date(timeIntervalSince1970: 1_790_000_000)).render(
                    CachedForecast(location: Location(name: "Fuzz", coordinate: forecast.coordinate),
                                   fetchedAt: Date(timeIntervalSince1970: 1_790_000_000), source: provider.rawValue, forecast: forecast))
            }
        case "cache":
            if let cached = try? ForecastCache.decode(bytes, path: "fuzz.json") { _ = ForecastCache.encode(cached) }
        case "store":
            if let list = try? LocationsStore(file: DefaultsFile(path: "/nonexistent/defaults.json")).list(decoding: bytes) {
                for location in list.locations { _ = try? list.resolve(location.shortID) }
            }
        default:
            let width = Int(bytes.first ?? 80) % 200
            let arguments = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            do {
                switch try CommandParser(root: RainCommand.self).parse(arguments) {
                case .version: break
                case .help(let path): _ = HelpGenerator(path: path, width: width).help
                case .run(let type, let values, let path):
                    do { _ = try type.init(parsed: values) } catch { _ = HelpGenerator(path: path, width: width).errorMessage("\(error)") }
                }
            } catch {
                _ = HelpGenerator(path: error.path, width: width).errorMessage("\(error.error)")
            }
        }
    }
}
