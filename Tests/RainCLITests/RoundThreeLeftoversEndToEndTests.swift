import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// Issues 40 and 41: what the last new-user trial still tripped on, through the real binary
/// against the simulator, each at a fixed clock.
@Suite struct RoundThreeLeftoversEndToEndTests {
    static let noon = Date(timeIntervalSince1970: 1_779_710_400)   // 2026-05-25T12:00:00Z, a Monday

    /// The spread's lines from "How sure" to the line before the credit.
    static func spreadBlock(_ lines: [String]) -> [String] {
        Array(lines.drop { !$0.contains(/^ *How sure/) }.prefix { !$0.hasPrefix("Data:") && !$0.isEmpty })
    }

    /// `COLUMNS=40 rain show --spread | cat` cut the spread's lines ("dry in 34 of 4…") while
    /// the forecast above kept its lines whole: into a pipe the spread is laid out for COLUMNS
    /// where it fits but nothing is cut (the words of every line as without COLUMNS); on a
    /// terminal of 40 columns every line fits.
    @Test func aPipeGetsTheSpreadWholeAsTheForecast() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.noon)
            #expect(try await world.keylessRain(["show", "Berlin", "--spread"]).status == 0)
            let unset = try await world.keylessRain(["show", "Berlin", "--spread", "--offline"])
            let narrow = try await world.keylessRain(["show", "Berlin", "--spread", "--offline"], environment: ["COLUMNS": "40"])
            #expect(unset.status == 0 && narrow.status == 0, "\(unset)\n\(narrow)")
            let whole = Self.spreadBlock(unset.output.components(separatedBy: "\n"))
            let piped = Self.spreadBlock(narrow.output.components(separatedBy: "\n"))
            #expect(whole.count >= 5, "\(unset.output)")
            func words(_ lines: [String]) -> [String] { lines.map { $0.split(separator: " ").joined(separator: " ") } }
            #expect(words(piped) == words(whole), "\(narrow.output)")
            #expect(piped.contains { $0.displayWidth > 40 } && !piped.contains { $0.hasSuffix("…") }, "\(narrow.output)")
            // As the forecast above it: its hours keep their 80-column layout in the pipe.
            #expect(narrow.output.components(separatedBy: "\n").contains { $0.displayWidth > 40 && $0.contains("%") && !$0.contains("runs") })

            let (status, lines) = try await world.onPseudoTerminal(["show", "Berlin", "--spread", "--offline"], width: 40, keyless: true)
            #expect(status == 0, "\(lines)")
            let shown = Self.spreadBlock(lines)
            #expect(shown.count >= 5 && lines.allSatisfy { $0.displayWidth <= 40 }, "\(lines)")
        }
    }

    /// An ensemble of one run said "dry in 1 of 1 runs" under "the middle 80% of the runs",
    /// and that one run disagreed with itself: it says what the only run brings.
    @Test func oneRunIsTheOnlyRun() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home, now: Self.noon)
            world.simulator.setBehaviour(.ensembleQuirk(.controlRunOnly))
            let shown = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(shown.status == 0, "\(shown)")
            let block = Self.spreadBlock(shown.output.components(separatedBy: "\n"))
            #expect(block.contains { $0.contains("Highs and lows: the only run's") }, "\(shown.output)")
            let days = block.filter { $0.contains(/(dry|rain|snow|rain\/snow) in the only run$/) }
            #expect(days.count >= 5, "\(shown.output)")
            for words in [" of 1 run", "middle 80%", "least sure", "disagree"] {
                #expect(!shown.output.contains(words), "\(words): \(shown.output)")
            }
            let german = try await world.keylessRain(["show", "Berlin", "--spread", "--offline"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(german.output.contains("Max und Min: die des einzigen Laufs") && german.output.contains("im einzigen Lauf\n")
                    && !german.output.contains("1/1"), "\(german.output)")
        }
    }

}
