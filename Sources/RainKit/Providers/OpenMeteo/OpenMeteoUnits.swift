/// How rain's unit systems are asked of Open-Meteo, which takes each quantity's unit on its own,
/// and the labels its answer must carry for them.
struct OpenMeteoUnits: Sendable, Equatable {
    /// `temperature_unit`, `wind_speed_unit`, `precipitation_unit`.
    let temperature: String, windSpeed: String, precipitation: String
    /// The labels in `*_units` that go with them.
    let temperatureLabel: String, windSpeedLabel: String, precipitationLabel: String

    init(_ units: UnitSystem) {
        switch units {
        case .si: (temperature, windSpeed, precipitation) = ("celsius", "ms", "mm")
        case .ca: (temperature, windSpeed, precipitation) = ("celsius", "kmh", "mm")
        case .uk: (temperature, windSpeed, precipitation) = ("celsius", "mph", "mm")
        case .us: (temperature, windSpeed, precipitation) = ("fahrenheit", "mph", "inch")
        }
        temperatureLabel = temperature == "celsius" ? "°C" : "°F"
        windSpeedLabel = ["ms": "m/s", "kmh": "km/h", "mph": "mp/h"][windSpeed]!
        precipitationLabel = precipitation
    }

    var queryItems: [(String, String)] {
        [("temperature_unit", temperature), ("wind_speed_unit", windSpeed), ("precipitation_unit", precipitation)]
    }
}
