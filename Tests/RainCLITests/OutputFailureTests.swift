import Foundation
import RainTestSupport
import Testing

/// Output that cannot be written is a failure (exit 74, one line), as in coreutils; a reader
/// that goes away early (`rain | head`) is not.
@Suite struct OutputFailureTests {
    private func shell(_ script: String, home: String) async throws -> ProcessResult {
        try await BuiltProduct.runSystem("/bin/sh", ["-c", "RAIN_HOME=\(shellQuoted(home)); export RAIN_HOME; " + script])
    }

    @Test(arguments: [["--version"], ["--help"], ["locations", "--json"], ["completions", "bash"]])
    func aFullDiskIsAnIOError(_ arguments: [String]) async throws {
        try await withTemporaryDirectory { home in
            let rain = shellQuoted(BuiltProduct.path("rain"))
            _ = try await shell("\(rain) locations add Oslo --lat 59.9 --lon 10.7", home: home)
            let result = try await shell("\(rain) \(arguments.joined(separator: " ")) > /dev/full", home: home)
            #expect(result.status == 74, "\(result)")
            #expect(result.error == "rain: error: standard output: No space left on device\n", "\(result)")
        }
    }

    @Test func aReaderThatLeavesEarlyIsNoFailure() async throws {
        try await withTemporaryDirectory { home in
            let rain = shellQuoted(BuiltProduct.path("rain"))
            // The completion script is far longer than the pipe's reader takes before it leaves.
            let result = try await shell("{ \(rain) completions bash; echo \"status $?\" >&2; } | head -c 10 > /dev/null", home: home)
            #expect(result.error == "status 0\n", "\(result)")
        }
    }
}
