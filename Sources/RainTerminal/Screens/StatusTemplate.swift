import FoundationEssentials
import RainKit

/// `rain show --format TEMPLATE`: one line for a status bar or a prompt, from a cached forecast.
/// `{name}` is a placeholder, `{{` and `}}` are braces.
public struct StatusTemplate: Sendable, Equatable {
    public enum Placeholder: String, Sendable, CaseIterable {
        case icon, temp, feels, summary, high, low, precip, place, age, sunrise, sunset, dawn, dusk, moon
        case tempSpark = "temp_spark", rainSpark = "rain_spark"
        case aqi, aqiCategory = "aqi_category", aqiScale = "aqi_scale", pm2_5, pollen
        case wind, humidity, pressure, uv, dew, nextHour = "next_hour", nextHourSpark = "next_hour_spark", alerts
        case tempRange = "temp_range", rainRuns = "rain_runs"
    }

    enum Piece: Sendable, Equatable {
        case text(String)
        case placeholder(Placeholder)
    }

    let pieces: [Piece]

    public init(_ template: String) throws(StatusTemplateError) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(template)
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "{" where rest.first == "{", "}" where rest.first == "}":
                text.append(character)
                rest = rest.dropFirst()
            case "{":
                guard let close = rest.firstIndex(of: "}") else { throw .unclosed }
                let name = String(rest[..<close])
                guard let placeholder = Placeholder(rawValue: name) else { throw .unknown(name) }
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.placeholder(placeholder))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw .unopened
            default:
                text.append(character)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The line, without a newline; control characters in names and server text removed.
    public func render(_ values: StatusValues) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): return text
            case .placeholder(let placeholder): return values[placeholder]
            }
        }.joined()
    }
}

public enum StatusTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknown(String)
    case unclosed
    case unopened

    public var description: String { message.description }

    /// The problem as a message of the catalogues and its values (the braces are values: they
    /// are what a template is written with).
    public var message: LocalizedText {
        switch self {
        case .unknown(let name):
            return LocalizedText(N_("unknown placeholder {placeholder} (write {braces} for a brace)"),
                                 ["placeholder": .verbatim("'{\(name)}'"), "braces": .verbatim("'{{'")])
        case .unclosed:
            return LocalizedText(N_("a {brace} is not closed (write {braces} for a brace)"), ["brace": .verbatim("'{'"), "braces": .verbatim("'{{'")])
        case .unopened:
            return LocalizedText(N_("a {brace} has no {opening} (write {braces} for a brace)"),
                                 ["brace": .verbatim("'}'"), "opening": .verbatim("'{'"), "braces": .verbatim("'}}'")])
        }
    }
}

/// What each placeholder stands for, for one cached forecast: temperatures with their unit
/// ("12°C"), today's high and low in the place's zone, the chance of precipitation now ("35%"),
/// the data's age ("5 min ago"), today's sunrise and sunset on the place's clock ("05:58"; none
/// in polar night or under the midnight sun), civil dawn and dusk likewise (none on a white
/// night) and the moon's glyph, lit on the side it is lit
/// from there ("◑"). A value the provider left out is "–" ("-" in ASCII).
public struct StatusValues: Sendable {
    private let values: [StatusTemplate.Placeholder: String]
    /// The icon's Dark Sky name ("rain") where rain knows it, else "-", for a status bar's CSS class.
    public let iconName: String

    public init(_ cached: CachedForecast, now: Date, ascii: Bool, style: TextStyle = TextStyle(usesColor: false),
                presentation: Presentation = Presentation()) {
        let forecast = cached.forecast
        let format = presentation.format(forecast)
        let words = presentation.localization
        let unit = ascii ? format.temperatureLabel.replacingAll("°", with: "") : format.temperatureLabel
        let missing = ascii ? "-" : MeasureFormat.missing
        func temperature(_ value: Double?) -> String {
            guard let value, value.isFinite, let shown = format.temperature(value) else { return missing }
            return style.temperature(MeasureFormat.whole(shown) + unit, celsius: forecast.units.celsius(value))
        }
        let today = forecast.daily.last { $0.time <= now } ?? forecast.daily.first
        let clock = presentation.clock(forecast)
        let current = forecast.current
        let icon = current?.icon ?? today?.icon
        iconName = WeatherSymbol.knownName(for: icon)
        values = [
            .icon: ascii ? WeatherSymbol.word(for: icon, precipType: current?.icon != nil ? current?.precipType : today?.precipType)
                : WeatherSymbol.symbol(for: icon),
            .temp: temperature(current?.temperature),
            .feels: temperature(current?.apparentTemperature),
            .summary: (current?.summary ?? today?.summary).map { words.tr($0.strippingControlCharacters) } ?? missing,
            .high: temperature(today?.temperatureHigh),
            .low: temperature(today?.temperatureLow),
            .precip: NextHourOutlook.chanceShown(forecast, chanceNow: current?.precipProbability, now: now).map { MeasureFormat.percent($0) } ?? missing,
            .place: cached.location.name.strippingControlCharacters,
            .age: AgeFormatter.string(since: cached.fetchedAt, now: now, localization: words),
            .sunrise: today?.sunrise.map(clock.roundedTime) ?? missing,
            .sunset: today?.sunset.map(clock.roundedTime) ?? missing,
            .dawn: today?.dawn.map(clock.roundedTime) ?? missing,
            .dusk: today?.dusk.map(clock.roundedTime) ?? missing,
            .moon: today?.moonPhase.map { phase in
                let glyph = MoonGlyph.glyph(forFraction: phase, southern: cached.location.coordinate.latitude < 0)
                return ascii ? ASCIIConsole.transliterate(glyph) : glyph
            } ?? missing,
            .tempSpark: Self.asciiIf(ascii, Sparkline.temperatures(forecast, now: now, hours: Self.sparklineHours)),
            .rainSpark: Self.asciiIf(ascii, Sparkline.chances(forecast, now: now, hours: Self.sparklineHours)),
        ].merging(Self.air(forecast, now: now, ascii: ascii, missing: missing, presentation: presentation)) { $1 }
         .merging(Self.details(forecast, now: now, ascii: ascii, missing: missing, presentation: presentation)) { $1 }
         .merging(Self.spread(cached, now: now, ascii: ascii, missing: missing, presentation: presentation)) { $1 }
    }

    /// `{wind}` ("4.2 m/s NW"), `{humidity}` ("71%"), `{pressure}` ("1013 hPa"), `{uv}` ("3"),
    /// `{dew}` (the dew point, "6°C"), `{next_hour}` (the next hour's sentence, as the screen
    /// says it), `{next_hour_spark}` (the next hour's precipitation as 12 blocks, dry `▁`) and `{alerts}` (how many alerts are in force, "0" for none).
    private static func details(_ forecast: Forecast, now: Date, ascii: Bool, missing: String,
                                presentation: Presentation) -> [StatusTemplate.Placeholder: String] {
        let format = presentation.format(forecast)
        let words = presentation.localization
        let current = forecast.current
        var wind = current?.windSpeed.map { format.windText($0) } ?? missing
        if let speed = current?.windSpeed, speed > 0, let bearing = current?.windBearing {
            wind += " " + Compass.point(forBearing: bearing, localization: words)
        }
        let unit = ascii ? format.temperatureLabel.replacingAll("°", with: "") : format.temperatureLabel
        let dew = current?.dewPoint.flatMap { format.temperature($0) }.map { MeasureFormat.whole($0) + unit } ?? missing
        let sentence = NextHourOutlook.sentence(for: forecast.nextHour, units: forecast.units, now: now,
                                                chanceNow: NextHourOutlook.chanceShown(forecast, chanceNow: current?.precipProbability, now: now),
                                                clock: presentation.clock(forecast),
                                                localization: words)
        return [
            .wind: wind,
            .humidity: current?.humidity.map { MeasureFormat.percent($0) } ?? missing,
            .pressure: current?.pressure.map { format.pressureText($0) } ?? missing,
            .uv: current?.uvIndex.map { MeasureFormat.whole($0) } ?? missing,
            .dew: dew,
            .nextHour: sentence.map { asciiIf(ascii, $0.strippingControlCharacters) } ?? missing,
            // Twelve blocks of five minutes (of a quarter hour's steps, three each).
            .nextHourSpark: Sparkline.nextHour(forecast, now: now, cells: 12).map { asciiIf(ascii, $0.text) } ?? missing,
            .alerts: String(forecast.alerts.filter { ($0.expires ?? .distantFuture) > now }.count),
        ]
    }

    public subscript(placeholder: StatusTemplate.Placeholder) -> String { values[placeholder] ?? "" }

    /// `{aqi}` (the index in the place's scale), `{aqi_category}`, `{aqi_scale}` (`EU`, `US`), `{pm2_5}` ("9.3 μg/m³", whole from 10) and
    /// `{pollen}` ("high (birch), medium (grass)"; "none" out of season, missing where not served).
    private static func air(_ forecast: Forecast, now: Date, ascii: Bool, missing: String,
                            presentation: Presentation) -> [StatusTemplate.Placeholder: String] {
        let air = AirLines(forecast, now: now, presentation: presentation, ascii: ascii)
        let servesPollen = air.map { !$0.reading.pollen.isEmpty } ?? false
        return [
            .aqi: air?.index.map(MeasureFormat.whole) ?? missing,
            .aqiCategory: air?.category ?? missing,
            // The scale's mark as `show --all` puts it beside the index, the same in every language.
            .aqiScale: air.map { $0.scale == .us ? "US" : "EU" } ?? missing,
            .pm2_5: air?.reading.pm2_5.map { MeasureFormat.short($0) + (ascii ? " ug/m3" : " μg/m³") } ?? missing,
            .pollen: air?.pollenList ?? (servesPollen ? presentation.localization.tr(N_("none")) : missing),
        ]
    }

    /// `{temp_spark}` and `{rain_spark}` span the next 12 hours.
    public static let sparklineHours = 12

    private static func asciiIf(_ ascii: Bool, _ text: String) -> String { ascii ? ASCIIConsole.transliterate(text) : text }

    /// waybar's custom-module object (`return-type: json`) on one line: the line as `text`, the
    /// details as `tooltip`, the icon's name as `class` and `alt`.
    public func waybarJSON(text: String) -> String {
        let tooltip = "\(self[.place]): \(self[.summary]), \(self[.temp]) (feels \(self[.feels])), "
            + "high \(self[.high]), low \(self[.low]), precipitation \(self[.precip]), updated \(self[.age])"
            + (self[.tempSpark].allSatisfy { $0 == " " } ? "" : "\nnext 12 h: \(self[.tempSpark]) rain \(self[.rainSpark])")
        return Self.waybarJSON(["text": text, "tooltip": tooltip, "class": iconName, "alt": iconName])
    }

    /// The object waybar gets when there is nothing to show, so that it still reads valid JSON;
    /// the tooltip says why, as the error line does.
    public static func waybarNothingToShow(_ why: String = "no forecast cached") -> String {
        waybarJSON(["text": "", "tooltip": why, "class": "none", "alt": "none"])
    }

    /// One line, `{"key": "value", "key": "value"}`.
    private static func waybarJSON(_ members: [String: String]) -> String {
        let pretty = JSONValue.object(members.mapValues(JSONValue.string)).serialized()
        // Strings escape their newlines, so every newline of the pretty form is layout.
        let lines = pretty.split(separator: "\n").map { $0.drop { $0 == " " } }
        return lines.map { $0.hasSuffix(",") ? $0 + " " : $0 }.joined() + "\n"
    }
}
