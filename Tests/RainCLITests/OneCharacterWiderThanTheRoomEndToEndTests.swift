import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// A place's name that is ONE character (grapheme cluster) wider than its column: a run of
/// Hangul leading consonants is one, two columns each (hostile trial 20, D20-2). The cut drops
/// that character for "…" where the name starts, and keeps the row's indent or `*` mark and
/// every column's separator; the other rows keep what fits.
@Suite struct OneCharacterWiderThanTheRoomEndToEndTests {
    /// 45 leading consonants: one character of 90 columns, which `locations add` accepts.
    static let jamo = String(repeating: "\u{1100}", count: 45)

    /// The world's places and the wide one, its forecast fetched at the world's fixed clock.
    private func world(_ home: String, wideIsCurrent: Bool) async throws -> (ForecastWorld, Location) {
        let world = try ForecastWorld(home: home, now: Date(timeIntervalSince1970: 1_765_000_000))
        let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
        let wide = try store.add(name: Self.jamo, coordinate: Coordinate(latitude: 14, longitude: 24)).location
        if wideIsCurrent { _ = try store.select(wide.idString) }
        let refreshed = try await world.rain(["refresh", "--all"])
        #expect(refreshed.status == 0, "\(refreshed)")
        return (world, wide)
    }

    /// The display column where the row's next column starts after its name (the first
    /// character after the name's run of spaces).
    private func nextColumn(_ row: String, afterName name: String) -> Int? {
        guard let range = row.range(of: name) else { return nil }
        let rest = row[range.upperBound...]
        guard let start = rest.firstIndex(where: { $0 != " " }) else { return nil }
        return String(row[..<start]).displayWidth
    }

    @Test(arguments: [false, true])
    func showAllOnATerminalKeepsTheIndentAndTheMark(wideIsCurrent: Bool) async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try await world(home, wideIsCurrent: wideIsCurrent)
            let (status, lines) = try await world.onPseudoTerminal(["--color", "never", "show", "--all", "--offline"], width: 80)
            #expect(status == 0, "\(lines)")
            #expect(lines.allSatisfy { $0.displayWidth <= 80 }, "\(lines)")
            let mark = wideIsCurrent ? "* " : "  "
            let wideRow = try #require(lines.first { $0.hasPrefix(mark + "…") }, "the mark or indent, then the cut: \(lines)")
            let berlinRow = try #require(lines.first { $0.contains("Berlin") }, "\(lines)")
            #expect(nextColumn(wideRow, afterName: "…") == nextColumn(berlinRow, afterName: "Berlin"), "\(lines)")
            withExtendedLifetime(world) {}
        }
    }

    /// `rain locations` cut to an exported COLUMNS: the gap after the ID stays before the "…".
    @Test func locationsKeepsTheSeparatorAfterTheID() async throws {
        try await withTemporaryDirectory { home in
            let (world, wide) = try await world(home, wideIsCurrent: false)
            let result = try await world.rain(["locations"], environment: ["COLUMNS": "40"])
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(result.status == 0 && lines.allSatisfy { $0.displayWidth <= 40 }, "\(result)")
            #expect(lines.contains("   3  \(wide.shortID)  …"), "\(lines)")
        }
    }

    @Test func watchAllKeepsTheIndent() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try await world(home, wideIsCurrent: false)
            let tmux = try world.terminal(["watch", "--all", "--every", "1h"], width: 80, height: 12)
            defer { tmux.kill() }
            try await waitUntil { try tmux.screen().contains("Tokyo") && tmux.screen().contains("q to quit") }
            let lines = try tmux.lines()
            let wideRow = try #require(lines.first { $0.hasPrefix("  …") }, "\(lines)")
            let tokyoRow = try #require(lines.first { $0.contains("Tokyo") }, "\(lines)")
            #expect(nextColumn(wideRow, afterName: "…") == nextColumn(tokyoRow, afterName: "Tokyo"), "\(lines)")
            try tmux.send("q")
            try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
        }
    }

    /// The pick list: the wide name is cut in its column after the number's gap, and it takes
    /// no other row's coordinates away.
    @Test func theSelectPickerCutsThatNameAloneAndKeepsTheOthersColumns() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try await world(home, wideIsCurrent: false)
            let tmux = try world.terminal(["locations", "select"], width: 80, height: 12)
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Choose the current location", limit: .seconds(90))
            let lines = try tmux.lines()
            let berlinRow = try #require(lines.first { $0.hasPrefix("1  Berlin") }, "\(lines)")
            #expect(berlinRow.contains("(52.52, 13.41)") || berlinRow.contains("(52.52, 13.40)"), "\(lines)")
            #expect(!berlinRow.contains("Berlin…"), "\(lines)")
            let wideRow = try #require(lines.first { $0.hasPrefix("3  …") }, "the number's gap kept: \(lines)")
            #expect(wideRow.contains("(14.00, 24.00)"), "\(lines)")
            #expect(nextColumn(wideRow, afterName: "…") == nextColumn(berlinRow, afterName: "Berlin"), "\(lines)")
            try tmux.send("q")
            try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
        }
    }
}
