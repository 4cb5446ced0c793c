import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// `rain show` and `rain watch` in windows narrower than the layout's 80 columns.
@Suite struct ForecastViewNarrowTests {
    let now = ForecastFixtures.currentTime.addingTimeInterval(300)

    private func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    }

    @Test(arguments: [60, 50, 40])
    func alertTextKeepsEveryWordOnANarrowTerminal(width: Int) throws {
        let cached = try ForecastFixtures.berlinCached()
        let alert = try #require(cached.forecast.alerts.first)
        let text = ForecastView(width: width, now: now).render(cached)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("! ") }) + 1
        let body = lines[start...].prefix { $0.hasPrefix("    ") }.joined(separator: " ")
        let expected = words("Berlin. " + (alert.description ?? ""))
        #expect(words(body) == expected)
        for line in lines { #expect(line.displayWidth <= width, "\(line)") }
    }

    private func dayLines(width: Int) throws -> [String] {
        let text = ForecastView(width: width, now: now).render(try ForecastFixtures.berlinCached())
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  Today ") || $0.hasPrefix("  Fri 21 ") }
    }

    private func barWidth(_ line: String) -> Int { line.filter { "·━┃".contains($0) }.count }

    @Test(arguments: [79, 70, 60, 50, 45, 40])
    func dayRowsKeepTheirNumbersWholeOnANarrowTerminal(width: Int) throws {
        let days = try dayLines(width: width)
        #expect(days.count == 2)
        for (line, numbers) in zip(days, ["15°", "14°"]) { #expect(line.contains(numbers), "\(line)") }
        #expect(days.first?.contains("25°    72% 7.4 mm") == true, "\(days)")
        #expect(days.last?.contains("23°    12% 0.2 mm") == true, "\(days)")
        for line in days { #expect(line.displayWidth <= width, "\(line)") }
    }

    @Test func theBarGivesWayBeforeTheSummaryAndTheSummaryBeforeTheNumbers() throws {
        let full = try dayLines(width: 80), seventy = try dayLines(width: 70), fifty = try dayLines(width: 50)
        #expect(barWidth(seventy[0]) == barWidth(full[0]) - 10, "the bar gives up the missing columns first")
        #expect(seventy[0].hasSuffix("Thunderstorms in…") && full[0].hasSuffix("Thunderstorms in…"), "the summary keeps its room")
        // Issue 41: where the words are cut anyway, a stub of a bar (5 cells) goes before them.
        #expect(barWidth(fifty[0]) == 0 && fifty[0].hasSuffix("Thunderstorm…"), "then the bar goes: \(fifty[0])")
        #expect(try dayLines(width: 40).allSatisfy { barWidth($0) == 0 }, "no room for a bar at all")
    }
}

