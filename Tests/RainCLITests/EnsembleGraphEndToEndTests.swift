import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// `rain show --graph --spread` through the real binary against the simulator: the band around
/// the temperature line covers, column by column, the cells between the 10th and 90th
/// percentile of the runs served (recomputed here from the members, between the hours linearly
/// at each column's middle moment, on the y-axis the graph labels), and each rain bar is shaded
/// by the share of runs that bring rain in its hour. UTF-8 and ASCII, 80 and 60 columns.
@Suite struct EnsembleGraphEndToEndTests {
    typealias Spread = EnsembleSpreadEndToEndTests

    struct Case: Sendable, CustomTestStringConvertible {
        var width: Int
        var ascii: Bool
        var testDescription: String { "\(width) columns\(ascii ? ", ASCII" : "")" }
    }

    static let cases = [Case(width: 80, ascii: false), Case(width: 80, ascii: true), Case(width: 60, ascii: false), Case(width: 60, ascii: true)]

    /// The y-axis label of a temperature row ("  20°┤", "  -5|").
    static func label(_ line: String) -> Double? {
        Double(line.prefix(5).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "°", with: ""))
    }

    @Test(arguments: cases)
    func theBandAndTheBarsAreTheRunsServed(_ test: Case) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Spread.now)
            let served = try await Spread.served(world, world.berlin, model: "icon_seamless", members: 40)
            let environment = ["COLUMNS": String(test.width)]
            let graph = try await world.keylessRain(["show", "Berlin", "--graph", "--spread"] + (test.ascii ? ["--ascii"] : []),
                                                    environment: environment)
            #expect(graph.status == 0, "\(graph.error)")
            #expect(graph.error.isEmpty, "\(graph.error)")
            let lines = graph.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.allSatisfy { $0.displayWidth <= test.width }, "\(graph.output)")
            if test.ascii { #expect(graph.output.unicodeScalars.allSatisfy { $0.isASCII }, "\(graph.output)") }
            let title = try #require(lines.firstIndex { $0.hasPrefix("  Next 48 hours") }, "\(graph.output)")
            let rows = Array(lines[(title + 1)...(title + 6)]).map { Array($0.padding(toLength: test.width, withPad: " ", startingAt: 0)) }
            let top = try #require(Self.label(lines[title + 1]), "\(graph.output)")
            let bottom = try #require(Self.label(lines[title + 6]), "\(graph.output)")
            let bars = Array(lines[(title + 8)...(title + 9)]).map { Array($0.padding(toLength: test.width, withPad: " ", startingAt: 0)) }

            // The hours drawn: from the one now is in, 48 of them, at the served times.
            let now = Int(Spread.now.timeIntervalSince1970)
            let first = try #require(served.times.firstIndex { $0 > now - 3600 })
            let columns = test.width - 6, hours = 48
            func percentiles(_ i: Int) -> (low: Double, high: Double) {
                let values = served.temperature.map { $0[first + i] }
                return (Spread.percentile(values, 0.1), Spread.percentile(values, 0.9))
            }
            func dotRow(_ value: Double) -> Int {
                min(max(Int(((top - value) / (top - bottom) * 23).rounded()), 0), 23)
            }
            let band = test.ascii ? Character("~") : Character("┈")
            let shades: [Character] = test.ascii ? [":", "=", "#"] : ["░", "▒", "█"]
            var bandCells = 0, barCells = 0
            for column in 0..<columns {
                let position = (Double(column) + 0.5) / Double(columns) * Double(hours)
                let index = Int(position.rounded(.down)), fraction = position - Double(index)
                let (here, next) = (percentiles(index), percentiles(min(index + 1, hours - 1)))
                let low = here.low + (next.low - here.low) * fraction, high = here.high + (next.high - here.high) * fraction
                let expected = Set((dotRow(high) / 4)...(dotRow(low) / 4))
                for row in 0..<6 {
                    let cell = rows[row][6 + column]
                    if cell == band {
                        bandCells += 1
                        #expect(expected.contains(row), "column \(column) row \(row): no band expected\n\(graph.output)")
                    } else if expected.contains(row) {
                        // The line, the feels-like dots or a day's separator drawn over the band.
                        #expect(cell != " ", "column \(column) row \(row): the band is missing\n\(graph.output)")
                    }
                }
                // The share of runs with at least 0.1 mm in the column's hour.
                let share = Double(served.precipitation.filter { $0[first + index] >= 0.1 }.count) / 40
                let shade = share < 0.3 ? shades[0] : share < 0.6 ? shades[1] : shades[2]
                for row in bars where shades.contains(row[6 + column]) {
                    barCells += 1
                    #expect(row[6 + column] == shade, "column \(column): \(share) of the runs bring rain\n\(graph.output)")
                }
            }
            #expect(bandCells > 20, "\(graph.output)")
            #expect(barCells > 0, "no rain bar to check\n\(graph.output)")
            #expect(lines.contains { $0.contains(test.ascii ? "~ ICON (DWD): 10-90% of 40 runs" : "┈ ICON (DWD): 10–90% of 40 runs") }, "the legend:\n\(graph.output)")
            // Issue 41: the band's mark is none of the bars' shades, in the graph and its legend
            // ("░ 10–90% of runs" beside "█▒░ rain by share of runs").
            if !test.ascii { #expect(!rows.joined().contains { shades.contains($0) }, "\(graph.output)") }
        }
    }
}
