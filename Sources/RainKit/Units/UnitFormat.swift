/// Measurements of a forecast as a screen shows them: converted from the forecast's system to
/// the display units and labelled ("24 °C", "4.2 m/s", "5 Bft, fresh breeze", "<0.1 in").
package struct UnitFormat: Sendable {
    package let units: DisplayUnits
    /// The system the forecast's numbers are in.
    package let source: UnitSystem
    package let localization: Localization

    package init(units: DisplayUnits, source: UnitSystem, localization: Localization) {
        self.units = units
        self.source = source
        self.localization = localization
    }

    package var temperatureLabel: String { units.temperature == .celsius ? "°C" : "°F" }

    package var windLabel: String {
        switch units.wind {
        case .ms: return "m/s"
        case .kmh: return "km/h"
        case .mph: return "mph"
        case .kn: return "kn"
        case .bft: return "Bft"
        }
    }

    package var precipitationLabel: String { units.precipitation == .mm ? "mm" : "in" }
    package var snowLabel: String { units.precipitation == .mm ? "cm" : "in" }

    /// The number alone, in the display unit: "24".
    package func temperature(_ value: Double?) -> Double? { units.temperature(value, from: source) }

    /// "24 °C" (or "–").
    package func temperatureText(_ value: Double?) -> String {
        guard let shown = temperature(value) else { return MeasureFormat.missing }
        return "\(MeasureFormat.whole(shown)) \(temperatureLabel)"
    }

    /// "4.2 m/s"; in Beaufort with the force's name: "5 Bft, fresh breeze".
    package func windText(_ value: Double?) -> String {
        guard let shown = units.wind(value, from: source) else { return MeasureFormat.missing }
        guard units.wind == .bft else { return "\(localization.decimal(MeasureFormat.short(shown))) \(windLabel)" }
        let force = Int(shown)
        return localization.tr("{force} Bft, {name}", ["force": String(force), "name": localization.tr(Beaufort.names[force])])
    }

    /// A day's liquid amount: "2.5 mm", "<0.1 in".
    package func accumulationText(_ value: Double?) -> String {
        "\(localization.decimal(MeasureFormat.amount(units.accumulation(value, from: source)))) \(precipitationLabel)"
    }

    /// A day's fresh snow: "3 cm", "1.2 in".
    package func snowText(_ value: Double?) -> String {
        "\(localization.decimal(MeasureFormat.amount(units.snow(value, from: source)))) \(snowLabel)"
    }

    /// A temperature in the display unit as °C, for choosing colours.
    package func celsius(_ shown: Double?) -> Double? {
        guard let shown else { return nil }
        return units.temperature == .celsius ? shown : (shown - 32) * 5 / 9
    }

    /// An hour with its temperatures, wind and intensity in the display units (a graph plots
    /// them); its gust only where it exceeds the speed markedly (`WindGust`), else none.
    package func shown(_ hour: Forecast.Hour) -> Forecast.Hour {
        var hour = hour
        hour.temperature = temperature(hour.temperature)
        hour.apparentTemperature = temperature(hour.apparentTemperature)
        hour.windGust = units.wind(WindGust.marked(hour.windGust, over: hour.windSpeed, in: source), from: source)
        hour.windSpeed = units.wind(hour.windSpeed, from: source)
        hour.precipIntensity = units.intensity(hour.precipIntensity, from: source)
        return hour
    }

    /// "1013 hPa", "29.92 inHg", "760 mmHg".
    package func pressureText(_ value: Double?) -> String {
        guard let shown = units.pressure(value) else { return MeasureFormat.missing }
        switch units.pressure {
        case .hpa: return "\(MeasureFormat.whole(shown)) hPa"
        case .inhg: return "\(localization.decimal(shown.fixed(2))) inHg"
        case .mmhg: return "\(MeasureFormat.whole(shown)) mmHg"
        }
    }

    /// "10 km", "6.2 mi".
    package func distanceText(_ value: Double?) -> String {
        guard let shown = units.distance(value, from: source) else { return MeasureFormat.missing }
        return "\(localization.decimal(MeasureFormat.short(shown))) \(units.distance.rawValue)"
    }
}
