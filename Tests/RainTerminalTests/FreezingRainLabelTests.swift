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

    /// `--format {icon}` in ASCII is a word for the conditions (the README names no icon set):
    /// freezing rain, which Dark Sky's icons draw as sleet, is named as itself, as the chance
    /// is; sleet stays sleet, and the status bar's class stays Dark Sky's icon name.
    @Test func theIconWordNamesFreezingRain() throws {
        var cached = ForecastSamples.full(units: .si)
        cached.forecast.current?.icon = "sleet"
        cached.forecast.current?.precipType = "freezing_rain"
        let template = try StatusTemplate("{icon}")
        let freezing = StatusValues(cached, now: ForecastSamples.start, ascii: true)
        #expect(template.render(freezing) == "freezing rain")
        #expect(freezing.iconName == "sleet")
        #expect(template.render(StatusValues(cached, now: ForecastSamples.start, ascii: false)) == "✱")
        cached.forecast.current?.precipType = "sleet"
        #expect(template.render(StatusValues(cached, now: ForecastSamples.start, ascii: true)) == "sleet")
        cached.forecast.current?.icon = "rain"
        cached.forecast.current?.precipType = "freezing_rain"
        #expect(template.render(StatusValues(cached, now: ForecastSamples.start, ascii: true)) == "freezing rain")
    }
}
