import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// Sparklines: `show --all`'s next 24 hours and `{temp_spark}`/`{rain_spark}`'s next 12.
@Suite struct SparklineTests {
    @Test func valuesSpanTheBlocks() {
        #expect(Sparkline.text([0, 1, 2, 3, 4, 5, 6, 7]) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.text([5, nil, 5]) == "▁ ▁", "a flat line is low; a gap is a space")
        #expect(Sparkline.text([0, 0.5, 1], from: 0, to: 1) == "▁▅█")
        #expect(Sparkline.text([0.1, 0.1], from: 0, to: 1) == "▂▂", "a fixed range keeps a dry day low")
        #expect(ASCIIConsole.transliterate("▁▂▃▄▅▆▇█") == "_..--==#")
    }

    func berlin() -> CachedForecast { MeteogramTests.berlin() }

    @Test func statusTokensShowTheNextTwelveHours() throws {
        let values = StatusValues(berlin(), now: MeteogramTests.now, ascii: false)
        let temperatures = values[.tempSpark], chances = values[.rainSpark]
        #expect(temperatures.count == 12 && chances.count == 12)
        #expect(temperatures == "▄▅▆▇███▇▆▄▃▁", "\(temperatures)")
        #expect(chances == "▁▁▁▁▁▁▁▁▁▁▁▁", "\(chances)")
        #expect(try StatusTemplate("{temp_spark}").render(StatusValues(berlin(), now: MeteogramTests.now, ascii: true))
            .allSatisfy(\.isASCII))
        #expect(values.waybarJSON(text: "x").contains("next 12 h: \(temperatures) rain \(chances)"))
    }

    @Test func showAllHasADaysSparklineDroppedFirst() {
        let place = PlacesOverview.Place(location: berlin().location, isCurrent: true, forecast: berlin())
        let wide = PlacesOverview(width: 140, now: MeteogramTests.now).lines([place])
        #expect(wide[0].contains("Next 24h"), "\(wide[0])")
        #expect(wide[1].contains(Sparkline.temperatures(berlin().forecast, now: MeteogramTests.now, hours: 24)), "\(wide[1])")
        let narrow = PlacesOverview(width: 60, now: MeteogramTests.now).lines([place])
        #expect(!narrow[0].contains("Next 24h") && narrow[0].contains("Hi/Lo"), "\(narrow[0])")
        for line in narrow { #expect(line.displayWidth <= 60) }
    }
}
