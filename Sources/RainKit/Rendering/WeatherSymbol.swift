/// Single-width symbols for the Dark Sky icon names. All are one terminal column wide (no emoji
/// presentation), so columns stay aligned.
public enum WeatherSymbol {
    public static func symbol(for icon: String?) -> String {
        switch icon {
        case "clear-day": return "☀"
        case "clear-night": return "☾"
        case "partly-cloudy-day", "partly-cloudy-night": return "◒"
        case "cloudy": return "☁"
        case "rain", "drizzle", "showers": return "☂"
        case "snow", "flurries": return "❄"
        case "sleet", "hail": return "✱"
        case "thunderstorm": return "↯"
        case "fog", "mist", "haze", "smoke": return "≡"
        case "wind", "breezy": return "≋"
        default: return "·"
        }
    }

    /// A word for the icon, where only ASCII can be shown (`--ascii`, a non-UTF-8 locale).
    public static func word(for icon: String?) -> String {
        switch icon {
        case "clear-day", "clear-night": return "clear"
        case "partly-cloudy-day", "partly-cloudy-night": return "partly cloudy"
        case "cloudy": return "cloudy"
        case "rain", "drizzle", "showers": return "rain"
        case "snow", "flurries": return "snow"
        case "sleet", "hail": return "sleet"
        case "thunderstorm": return "thunder"
        case "fog", "mist", "haze", "smoke": return "fog"
        case "wind", "breezy": return "wind"
        default: return "-"
        }
    }
}

/// Wind directions.
public enum Compass {
    private static let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
                                 "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
    private static let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]

    /// The 16-point name of the direction the wind comes from ("WSW" for 250°).
    public static func point(forBearing degrees: Double) -> String {
        points[sector(degrees, count: 16)]
    }

    /// An arrow pointing where the wind blows to (a wind from 250° blows towards ↗).
    public static func arrow(forBearing degrees: Double) -> String {
        arrows[sector(degrees + 180, count: 8)]
    }

    private static func sector(_ degrees: Double, count: Int) -> Int {
        guard degrees.isFinite else { return 0 }
        var normalized = degrees.truncatingRemainder(dividingBy: 360)
        if normalized < 0 { normalized += 360 }
        let size = 360 / Double(count)
        return Int(((normalized + size / 2) / size).rounded(.down)) % count
    }
}
