import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 22, item 5: an exported `COLUMNS` is the width of a listing that is not on a terminal
/// (a shell sets it without exporting it, so a pipe otherwise gets whole lines); at 50 columns
/// the least important columns give way first, whole.
@Suite struct NarrowOutputEndToEndTests {
    @Test func anExportedColumnsFitsTheListingsOfAPipe() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 60}"#)
            _ = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Llanfairpwllgwyngyll", coordinate: Coordinate(latitude: 53.2, longitude: -4.2))
            _ = try await world.rain(["refresh", "--all"])
            for arguments in [["locations"], ["show", "--all"]] {
                let narrow = try await world.rain(arguments, environment: ["COLUMNS": "50"])
                #expect(narrow.status == 0, "\(narrow)")
                let lines = narrow.output.split(separator: "\n").map(String.init)
                #expect(lines.allSatisfy { $0.displayWidth <= 50 }, "\(arguments): \(narrow.output)")
                #expect(lines.contains { $0.contains("Tokyo") }, "\(narrow.output)")
                let whole = try await world.rain(arguments)
                #expect(whole.output.split(separator: "\n").contains { String($0).displayWidth > 50 }, "without COLUMNS a pipe gets whole lines: \(whole.output)")
            }
            let listed = try await world.rain(["locations"], environment: ["COLUMNS": "50"])
            #expect(listed.output.contains("Llanfairpwllgwyngyll") && !listed.output.contains("LATITUDE"), "the coordinates go whole, the name stays: \(listed.output)")
        }
    }
}

/// A `watch` whose output nobody reads any more ends instead of asking the API on and on
/// (the hostile retrial of issue 23): a reader that left, a standard output that is closed.
@Suite(.timeLimit(.minutes(2))) struct WatchWithoutAReaderTests {
    @Test func watchEndsWhenItsReaderLeavesOrItsOutputIsClosed() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 60}"#)
            let variables = world.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
            let rain = "env \(variables) \(shellQuoted(BuiltProduct.path("rain"))) watch --every 1s"
            let piped = try await BuiltProduct.runSystem("/bin/sh", ["-c", "\(rain) | head -1; echo \"watch: done\""])
            #expect(piped.output.contains("refreshed Berlin") && piped.output.hasSuffix("watch: done\n"), "\(piped)")
            let closed = try await BuiltProduct.runSystem("/bin/sh", ["-c", "\(rain) >&-; echo \"status $?\""])
            #expect(closed.output == "status 74\n", "\(closed)")
            #expect(closed.error.contains("rain: error: standard output: it is closed"), "\(closed)")
        }
    }

    /// It ends at the line it could not write, not at its next event: with an hour between
    /// refreshes that is the reachability check, a minute later, far past this test's bound
    /// (the line fails within a second).
    @Test func watchEndsAtTheLineItCouldNotWriteNotAtItsNextEvent() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 60}"#)
            let variables = world.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
            let rain = "env \(variables) \(shellQuoted(BuiltProduct.path("rain"))) watch --every 1h"
            func run(_ script: String) async throws -> ProcessResult {
                try await BuiltProduct.startSystem("/bin/sh", ["-c", script]).finish(limit: .seconds(30))
            }
            let closed = try await run("\(rain) >&-; echo \"status $?\"")
            #expect(closed.output == "status 74\n", "\(closed)")
            // A reader that leaves before the first line: the line fails, watch ends quietly.
            let left = try await run("{ \(rain); echo \"status $?\" >&2; } | true")
            #expect(left.error == "status 0\n", "\(left)")
            #expect(world.simulator.requestCount == 2, "one refresh each: \(world.requestedPaths)")
        }
    }
}
