import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// Issue 20: the forecast screens in German, Russian, Japanese and Simplified Chinese (and the
/// other catalogues) at 80 and 50 columns, with each unit choice: every line fits its width as
/// the terminal counts it (a CJK character is two columns), and the words are the language's.
@Suite struct LocalizedScreenTests {
    let now = ForecastFixtures.currentTime.addingTimeInterval(300)

    static func localization(_ language: String) throws -> Localization {
        try Localization.load(locale: language, folders: [Catalogues.compiled()])
    }

    /// Each quantity in each of its units, one at a time from `si`, then both clocks.
    static let unitChoices: [DisplayUnits] = {
        var choices: [DisplayUnits] = []
        for key in DisplayUnits.keys {
            for name in DisplayUnits.names(of: key) where name != "auto" {
                var units = DisplayUnits(preset: .si)
                _ = units.set(key, to: name)
                choices.append(units)
            }
        }
        return choices + [DisplayUnits(preset: .us), DisplayUnits(preset: .uk), DisplayUnits(preset: .ca)]
    }()

    func presentation(_ language: String, _ units: DisplayUnits) throws -> Presentation {
        Presentation(localization: try Self.localization(language), units: units, twelveHourClock: units.clock == .h12)
    }

    /// A forecast with every part a screen shows: the fixture's day, a next hour, 48 hours.
    func sample() throws -> CachedForecast {
        var cached = try ForecastFixtures.berlinCached()
        let full = ForecastSamples.full(units: .si, timeZone: "Europe/Berlin")
        cached.forecast.hourly = full.forecast.hourly.enumerated().map { index, hour in
            var hour = hour
            hour.time = ForecastFixtures.currentTime.addingTimeInterval(Double(index) * 3600)
            hour.temperature = 14 + Double(index % 12)
            hour.windSpeed = Double(index % 20)
            hour.precipIntensity = Double(index % 4) * 0.7
            return hour
        }
        cached.forecast.daily[0].summary = "Light Rain"
        return cached
    }

    func checkWidths(_ lines: [String], _ width: Int, _ what: String) {
        for line in lines {
            #expect(line.displayWidth <= width, "\(what): \(line.displayWidth) columns: \(line)")
        }
    }

    @Test(arguments: ["de", "ru", "ja", "zh_CN", "fr", "es", "pt_BR", "it", "nl", "pl"])
    func everyScreenFitsInEveryUnit(_ language: String) throws {
        let cached = try sample()
        for units in Self.unitChoices {
            let presentation = try presentation(language, units)
            let format = presentation.format(cached.forecast)
            for width in [80, 50] {
                var view = ForecastView(width: width, usesColor: false, now: now)
                view.presentation = presentation
                // A terminal's screen: at 80 columns the next 24 hours as a small graph.
                view.showsCompactGraph = true
                let lines = view.lines(cached, height: nil)
                checkWidths(lines, width, "\(language) \(units) forecast at \(width)")
                let text = lines.joined(separator: "\n")
                // The wind as the unit shows it, the temperature and the day's amount in their units.
                let wind = presentation.localization.tr("Wind {speed}", ["speed": format.windText(cached.forecast.current?.windSpeed)])
                #expect(text.contains(width == 80 ? wind : String(wind.prefix(6))), "\(language) \(units): \(wind)\n\(text)")
                #expect(text.contains(format.temperatureText(cached.forecast.current?.temperature)), "\(language) \(units)\n\(text)")
                #expect(text.contains(format.pressureText(cached.forecast.current?.pressure)) || width < 80, "\(language) \(units)\n\(text)")
                var overview = PlacesOverview(width: width, usesColor: false, now: now)
                overview.presentation = presentation
                checkWidths(overview.lines([.init(location: cached.location, isCurrent: true, forecast: cached)]), width, "\(language) overview at \(width)")
            }
            var graph = Meteogram(width: 80, usesColor: false, now: now)
            graph.presentation = presentation
            let plot = graph.lines(cached)
            #expect(!plot.isEmpty)
            checkWidths(plot, 80, "\(language) \(units) graph")
            graph.width = 60
            checkWidths(graph.lines(cached), 60, "\(language) \(units) graph at 60")
            #expect(plot.joined().contains(format.windLabel) && plot.joined().contains(format.precipitationLabel + "/h"), "\(language) \(units)\n\(plot.joined(separator: "\n"))")
        }
    }

    /// The words a German, Russian, Japanese or Chinese reader expects, and no English ones.
    @Test(arguments: [
        ("de", ["Nächste 48 Stunden", "Heute", "gefühlt", "Luftdruck", "Sonnenaufgang", "Do 20. Aug 14:42", "Leichter Regen", "aktualisiert vor 5 min", "Luftfeuchte"]),
        ("ru", ["Прогноз на 48 часов", "Сегодня", "ощущается как", "Давление", "Восход", "Чт 20 авг 14:42", "Небольшой дождь", "обновлено 5 мин назад"]),
        ("ja", ["今後48時間", "今日", "体感", "気圧", "日の出", "8月20日(木) 14:42", "小雨", "更新: 5分前", "湿度"]),
        ("zh_CN", ["未来48小时", "今天", "体感", "气压", "日出", "8月20日周四 14:42", "小雨", "更新于5分钟前", "湿度"]),
    ])
    func theScreenSpeaksTheLanguage(_ language: String, _ words: [String]) throws {
        var view = ForecastView(width: 100, usesColor: false, now: now)
        view.hourCount = 48
        view.presentation = try presentation(language, DisplayUnits(preset: .si))
        let text = view.render(try sample())
        for word in words { #expect(text.contains(word), "\(language): \(word)\n\(text)") }
        for english in ["Next ", "Today", "feels like", "Pressure", "Sunrise", "Humidity", "updated", " ago", "Light Rain"] {
            #expect(!text.contains(english), "\(language): '\(english)' left in English\n\(text)")
        }
    }

    /// A CJK day label is two columns a character: the days still line up, at 80 and 50.
    @Test(arguments: ["ja", "zh_CN"], [80, 50])
    func cjkDayLabelsLineUp(_ language: String, _ width: Int) throws {
        var view = ForecastView(width: width, usesColor: false, now: now)
        view.presentation = try presentation(language, DisplayUnits(preset: .si))
        let lines = view.lines(try sample(), height: nil)
        let title = try #require(lines.firstIndex { $0.contains(view.presentation.localization.trn("Next day", "Next {count} days", count: 2)) })
        let days = lines[(title + 1)...].prefix { !$0.isEmpty }
        #expect(days.count == 2)
        // The low temperature ends at the same display column on every day.
        let columns = days.map { line in String(line[..<(line.firstIndex(of: "°") ?? line.endIndex)]).displayWidth }
        #expect(Set(columns).count == 1, "\(days.joined(separator: "\n"))")
        checkWidths(lines, width, "\(language) at \(width)")
    }
}
