/// A WMO weather interpretation code (WMO 4677, as Open-Meteo sends it), read as rain's
/// summary, icon (the Dark Sky vocabulary) and precipitation type.
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
        0: ("Clear", "clear", nil),
        1: ("Mainly Clear", "clear", nil),
        2: ("Partly Cloudy", "partly-cloudy", nil),
        3: ("Overcast", "cloudy", nil),
        45: ("Fog", "fog", nil),
        48: ("Freezing Fog", "fog", nil),
        51: ("Light Drizzle", "rain", "rain"),
        53: ("Drizzle", "rain", "rain"),
        55: ("Heavy Drizzle", "rain", "rain"),
        56: ("Light Freezing Drizzle", "sleet", "sleet"),
        57: ("Freezing Drizzle", "sleet", "sleet"),
        61: ("Light Rain", "rain", "rain"),
        63: ("Rain", "rain", "rain"),
        65: ("Heavy Rain", "rain", "rain"),
        66: ("Light Freezing Rain", "sleet", "sleet"),
        67: ("Freezing Rain", "sleet", "sleet"),
        71: ("Light Snow", "snow", "snow"),
        73: ("Snow", "snow", "snow"),
        75: ("Heavy Snow", "snow", "snow"),
        77: ("Snow Grains", "snow", "snow"),
        80: ("Light Rain Showers", "rain", "rain"),
        81: ("Rain Showers", "rain", "rain"),
        82: ("Violent Rain Showers", "rain", "rain"),
        85: ("Light Snow Showers", "snow", "snow"),
        86: ("Heavy Snow Showers", "snow", "snow"),
        95: ("Thunderstorm", "thunderstorm", "rain"),
        96: ("Thunderstorm with Hail", "thunderstorm", "hail"),
        99: ("Thunderstorm with Heavy Hail", "thunderstorm", "hail"),
    ]
}
