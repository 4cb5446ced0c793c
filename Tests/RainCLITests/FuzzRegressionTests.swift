import Foundation
import Testing
import RainFuzzing

/// Inputs `make fuzz` found troublesome (and a few hostile ones written by hand), replayed
/// through the same entry points the fuzzers use (`FuzzEntry`): each must be read or refused
/// without a crash.
@Suite struct FuzzRegressionTests {
    struct Input: Sendable, CustomTestStringConvertible {
        var target: String
        var name: String
        var testDescription: String { "\(target)/\(name)" }

        var bytes: [UInt8] { Array(FileManager.default.contents(atPath: "\(FuzzRegressionTests.folder)/\(target)/\(name)") ?? Data()) }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions").path

    static let inputs: [Input] = FuzzEntry.targets.flatMap { target in
        ((try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(target)")) ?? []).sorted().map { Input(target: target, name: $0) }
    }

    @Test func everyFuzzTargetHasInputs() {
        #expect(Set(Self.inputs.map(\.target)) == Set(FuzzEntry.targets))
    }

    @Test(arguments: inputs)
    func isReadOrRefusedWithoutACrash(_ input: Input) throws {
        let bytes = input.bytes
        try #require(!bytes.isEmpty)
        FuzzEntry.run(input.target, bytes)
    }
}
