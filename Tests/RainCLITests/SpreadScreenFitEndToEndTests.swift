import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issues 40 and 41: `show --spread` on a 24-line window. The spread took its lines from the
/// forecast's, which were cut at the last line that fitted: "Next 24 hours" and one braille
/// row, "Next 12 hours" and its times without temperatures, "Next 7 hours" over nothing.
@Suite struct SpreadScreenFitEndToEndTests {
    /// The hours' sections on `lines` that are not whole: a graph's heading without its time
    /// axis, a grid's heading without its temperatures, or either over nothing.
    static func fragments(_ lines: [String]) -> [String] {
        var broken: [String] = []
        for (index, line) in lines.enumerated() where line.contains(/^\s*Next [0-9]+ hours/) {
            let block = lines[(index + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("How sure") && !$0.contains(#/^\s*Next /#) }
            let whole = line.contains(" max ")
                // The graph: its bars' row and under it the hours' axis ("  00   03   06").
                ? block.contains { $0.contains("┼") || $0.contains("+") } && block.last?.contains(/^[\s0-9]+$/) == true
                // The grid: its times, and temperatures under them.
                : block.contains { $0.contains(":00") } && block.contains { $0.contains("°") }
            if !whole { broken.append(([line] + block).joined(separator: "\n")) }
        }
        return broken
    }

    @Test func theForecastAboveTheSpreadShowsWholeSections() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["show", "Berlin", "--spread"]).status == 0)
            for width in [80, 50] {
                for ascii in [false, true] {
                    let options = ["show", "Berlin", "--offline", "--spread"] + (ascii ? ["--ascii"] : [])
                    let lines = try await NewUserLeftoversEndToEndTests.screen(world, options, width: width, height: 24,
                                                                             language: "C.UTF-8", keyless: true)
                    let about = "\(width)x24 ascii \(ascii):\n" + lines.joined(separator: "\n")
                    #expect(lines.count <= 23 && lines.first?.contains("Berlin") == true, "\(about)")
                    #expect(lines.contains { $0.contains("How sure") } && Self.fragments(lines).isEmpty, "\(about)")
                    #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(about)")
                }
                // Into a pipe that says the window's size.
                let piped = try await world.keylessRain(["show", "Berlin", "--offline", "--spread"],
                                                        environment: ["COLUMNS": String(width), "LINES": "24"])
                let lines = piped.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                #expect(piped.status == 0 && lines.count <= 24 && Self.fragments(lines).isEmpty, "piped \(width):\n\(piped.output)")
            }
            // The graph is drawn whole, its axis and legend under it.
            let lines = try await NewUserLeftoversEndToEndTests.screen(world, ["show", "Berlin", "--offline", "--spread", "--graph"],
                                                                     width: 80, height: 24, language: "C.UTF-8", keyless: true)
            #expect(lines.contains { $0.contains(" 06 ") && $0.contains(" 12 ") } && lines.contains { $0.contains("of runs") },
                    "\(lines.joined(separator: "\n"))")
        }
    }
}
