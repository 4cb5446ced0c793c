import Foundation
@testable import RainKit
@testable import RainTerminal
import Testing

@Suite struct StatusTemplateTests {
    private let now = ForecastSamples.start

    @Test func everyPlaceholderIsFilledFromTheCachedForecast() throws {
        let cached = ForecastSamples.full(units: .si, name: "New York")
        let template = try StatusTemplate("{icon} {temp} (feels {feels}) {summary} ↑{high} ↓{low} {precip} {place}, {age}")
        #expect(template.render(StatusValues(cached, now: now, ascii: false))
            == "☁ 29°C (feels 32°C) Humid ↑80°C ↓60°C 30% New York, 3 h ago")
    }

    @Test func asciiUsesWordsAndNoDegreeSign() throws {
        let cached = ForecastSamples.full(units: .us)
        #expect(try StatusTemplate("{icon} {temp}").render(StatusValues(cached, now: now, ascii: true)) == "cloudy 84F")
    }

    @Test func missingValuesAreADashAndBracesCanBeWritten() throws {
        let cached = ForecastSamples.days(lows: [nil], highs: [20])
        let values = StatusValues(cached, now: now, ascii: false)
        #expect(try StatusTemplate("{{{temp}}} {high}").render(values) == "{–} 20°C")
        #expect(try StatusTemplate("{{{temp}}} {high}").render(StatusValues(cached, now: now, ascii: true)) == "{-} 20C")
    }

    @Test func textFromTheServerLosesControlCharacters() throws {
        var cached = ForecastSamples.full(units: .si)
        cached.forecast.current?.summary = "Rain\u{1B}[2J\u{9B}31m now"
        #expect(try StatusTemplate("{summary}").render(StatusValues(cached, now: now, ascii: false)) == "Rain now")
    }

    @Test(arguments: [
        ("{tmp}", StatusTemplateError.unknown("tmp")),
        ("{temp", .unclosed),
        ("temp}", .unopened),
        ("{}", .unknown("")),
    ])
    func badTemplatesSayWhatIsWrong(_ text: String, _ error: StatusTemplateError) {
        #expect(throws: error) { try StatusTemplate(text) }
    }

    @Test func waybarGetsOneLineOfJSONWithTextTooltipAndClass() throws {
        let values = StatusValues(ForecastSamples.full(units: .si, name: "New \"York\""), now: now, ascii: false)
        let json = values.waybarJSON(text: "☁ 29°C")
        #expect(json.hasSuffix("}\n") && json.filter { $0 == "\n" }.count == 1)
        let object = try JSONValue.parse(Array(json.utf8))
        #expect(object == .object([
            "text": .string("☁ 29°C"), "class": .string("cloudy"), "alt": .string("cloudy"),
            "tooltip": .string("New \"York\": Humid, 29°C (feels 32°C), high 80°C, low 60°C, precipitation 30%, updated 3 h ago"
                + "\nnext 12 h: ▁▂▃▃▄▅▆▆▇█▁▂ rain ▁▂▄▅▇▁▂▄▅▇▁▂"),
        ]))
    }
}
