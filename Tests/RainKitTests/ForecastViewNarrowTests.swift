import Foundation
import Testing
@testable import RainKit

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
}
