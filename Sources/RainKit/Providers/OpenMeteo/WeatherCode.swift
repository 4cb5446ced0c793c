/// A WMO weather interpretation code (WMO 4677, as Open-Meteo sends it), read as rain's
/// summary, icon (the Dark Sky vocabulary) and precipitation type. Freezing drizzle and
/// freezing rain (56, 57, 66, 67) are the type `freezing_rain`, named as such (not sleet:
/// open-meteo/open-meteo `Sources/App/Helper/WeatherCode.swift` gives them where a model's
/// categorical freezing rain is set); their icon stays Dark Sky's `sleet`.
struct WeatherCode: Sendable, Equatable {
    let summary: String
    private let baseIcon: String
    let precipType: String?

    /// nil for a code outside the table: nothing is shown rather than a guess.
    init?(_ code: Double) {
        guard let entry = Self.table[Int(exactly: code) ?? -1] else { return nil }
        (summary, baseIcon, precipType) = entry
    }

    /// The icon; clear and partly cloudy skies have a day and a night form.
    func icon(isDay: Bool?) -> String {
        guard baseIcon == "clear" || baseIcon == "partly-cloudy" else { return baseIcon }
        return baseIcon + (isDay == false ? "-night" : "-day")
    }

    private static let table: [Int: (String, String, String?)] = [
        0: (N_("Clear"), "clear", nil),
        1: (N_("Mainly Clear"), "clear", nil),
        2: (N_("Partly Cloudy"), "partly-cloudy", nil),
        3: (N_("Overcast"), "cloudy", nil),
        45: (N_("Fog"), "fog", nil),
        48: (N_("Freezing Fog"), "fog", nil),
        51: (N_("Light Drizzle"), "rain", "rain"),
        53: (N_("Drizzle"), "rain", "rain"),
        55: (N_("Heavy Drizzle"), "rain", "rain"),
        56: (N_("Light Freezing Drizzle"), "sleet", "freezing_rain"),
        57: (N_("Freezing Drizzle"), "sleet", "freezing_rain"),
        61: (N_("Light Rain"), "rain", "rain"),
        63: (N_("Rain"), "rain", "rain"),
        65: (N_("Heavy Rain"), "rain", "rain"),
        66: (N_("Light Freezing Rain"), "sleet", "freezing_rain"),
        67: (N_("Freezing Rain"), "sleet", "freezing_rain"),
        71: (N_("Light Snow"), "snow", "snow"),
        73: (N_("Snow"), "snow", "snow"),
        75: (N_("Heavy Snow"), "snow", "snow"),
        77: (N_("Snow Grains"), "snow", "snow"),
        80: (N_("Light Rain Showers"), "rain", "rain"),
        81: (N_("Rain Showers"), "rain", "rain"),
        82: (N_("Violent Rain Showers"), "rain", "rain"),
        85: (N_("Light Snow Showers"), "snow", "snow"),
        86: (N_("Heavy Snow Showers"), "snow", "snow"),
        95: (N_("Thunderstorm"), "thunderstorm", "rain"),
        96: (N_("Thunderstorm with Hail"), "thunderstorm", "hail"),
        99: (N_("Thunderstorm with Heavy Hail"), "thunderstorm", "hail"),
    ]
}
