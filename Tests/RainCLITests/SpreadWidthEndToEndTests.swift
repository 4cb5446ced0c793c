import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// Issue 42: `show --spread` in a narrow window. Below 20 columns it said "Too narrow" and drew
/// the spread anyway; below 34, "How sure: ..." and "highs lows" ran past the window.
@Suite struct SpreadWidthEndToEndTests {
    /// Every line of the spread (from "How sure" to the credit) fits a terminal of 20 or 30
    /// columns, the width stress check's pseudo-terminal. (Into a pipe nothing is cut, as the
    /// forecast's lines are not: `RoundThreeLeftoversEndToEndTests`.)
    @Test(arguments: [20, 30])
    func theSpreadFitsTheWidth(_ columns: Int) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let (status, lines) = try await world.onPseudoTerminal(["show", "Berlin", "--spread"], width: columns, keyless: true)
            #expect(status == 0, "\(lines)")
            let spread = lines.drop { !$0.contains(/^ *How/) }.prefix { !$0.hasPrefix("Data:") }
            #expect(spread.count >= 4, "\(lines)")
            #expect(spread.allSatisfy { $0.displayWidth <= columns }, "\(lines)")
        }
    }

    /// In a terminal too narrow for any screen, "Too narrow" is all there is.
    @Test func belowTheFewestColumnsOnlyTooNarrowIsShown() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(["show", "Berlin", "--spread"], width: 10, height: 40, environment: world.keylessEnvironment)
            defer { tmux.kill() }
            // "rain exited with 0", wrapped at 10 columns.
            _ = try await tmux.waitForScreen(containing: "d with 0", limit: .seconds(60))
            let screen = try tmux.lines()
            #expect(screen.first?.hasPrefix("Too") == true, "\(screen)")
            #expect(!screen.contains { $0.contains("How") || $0.contains("runs") || $0.contains("highs") }, "\(screen)")
        }
    }
}
