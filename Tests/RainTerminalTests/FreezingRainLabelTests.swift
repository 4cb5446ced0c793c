import RainKit
@testable import RainTerminal
import Testing

/// The chance now names freezing rain as itself, the longest of the kinds, and its label
/// still fits a 50-column window (in ASCII too), moving to a line of its own if need be.
@Suite struct FreezingRainLabelTests {
    @Test(arguments: [false, true]) func theChanceOfFreezingRainFitsFiftyColumns(ascii: Bool) {
        var cached = ForecastSamples.full(units: .si)
        cached.forecast.current?.precipType = "freezing_rain"
        cached.forecast.current?.precipProbability = 0.15
        var view = ForecastView(width: 50, now: ForecastSamples.start)
        view.asciiOnly = ascii
        let text = view.render(cached)
        #expect(text.contains("Freezing rain 15%"), "\(text)")
        for line in text.split(separator: "\n") { #expect(String(line).displayWidth <= 50, "\(line)") }
    }
}
