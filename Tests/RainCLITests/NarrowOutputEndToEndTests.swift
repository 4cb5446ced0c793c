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
