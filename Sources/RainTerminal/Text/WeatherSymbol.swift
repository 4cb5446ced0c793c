import RainKit

/// Single-width symbols for the Dark Sky icon names. All are one terminal column wide (no emoji
/// presentation), so columns stay aligned.
public enum WeatherSymbol {
    /// Dark Sky icon names, their symbol, and the word for them where only ASCII can be shown.
    private static let kinds: [(icons: [String], symbol: String, word: String)] = [
        (["clear-day"], "☀", "clear"),
        (["clear-night"], "☾", "clear"),
        (["partly-cloudy-day", "partly-cloudy-night"], "◒", "partly cloudy"),
        (["cloudy"], "☁", "cloudy"),
        (["rain", "drizzle", "showers"], "☂", "rain"),
        (["snow", "flurries"], "❄", "snow"),
        (["sleet", "hail"], "✱", "sleet"),
        (["thunderstorm"], "↯", "thunder"),
        (["fog", "mist", "haze", "smoke"], "≡", "fog"),
        (["wind", "breezy"], "≋", "wind"),
    ]

    private static func kind(of icon: String?) -> (icons: [String], symbol: String, word: String)? {
        kinds.first { icon.map($0.icons.contains) ?? false }
    }

    public static func symbol(for icon: String?) -> String { kind(of: icon)?.symbol ?? "·" }

    /// What stands for an icon rain does not know, where a word or a name goes.
    static let unknown = "-"

    /// The icon's Dark Sky name where it is one of the names above, else `unknown`: a status
    /// bar's CSS class, never what a server made up (spaces, quotes, 100,000 characters).
    public static func knownName(for icon: String?) -> String {
        guard let icon, kind(of: icon) != nil else { return unknown }
        return icon
    }

    /// A word for the icon, where only ASCII can be shown (`--ascii`, a non-UTF-8 locale).
    /// Dark Sky's icons have none for freezing rain, which comes as `sleet` (Open-Meteo's codes
    /// 56, 57, 66 and 67, Pirate Weather's `ice`): a wet icon whose type (`precipType`) is
    /// freezing rain is named as itself.
    public static func word(for icon: String?, precipType: String? = nil) -> String {
        guard let kind = kind(of: icon) else { return unknown }
        if precipType == "freezing_rain" && ["rain", "sleet"].contains(kind.word) { return "freezing rain" }
        return kind.word
    }
}

/// Wind directions.
public enum Compass {
    /// The English abbreviations, which the catalogues translate ("WSW" is "ЗЮЗ" in Russian).
    private static let points = [N_("N"), N_("NNE"), N_("NE"), N_("ENE"), N_("E"), N_("ESE"), N_("SE"), N_("SSE"),
                                 N_("S"), N_("SSW"), N_("SW"), N_("WSW"), N_("W"), N_("WNW"), N_("NW"), N_("NNW")]
    private static let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]

    /// The 16-point name of the direction the wind comes from ("WSW" for 250°).
    public static func point(forBearing degrees: Double, localization: Localization = .english) -> String {
        localization.tr(points[sector(degrees, count: 16)])
    }

    /// An arrow pointing where the wind blows to (a wind from 250° blows towards ↗).
    public static func arrow(forBearing degrees: Double) -> String {
        arrows[sector(degrees + 180, count: 8)]
    }

    /// Where only ASCII can be shown: one of four arrows, to the nearest quarter (`^` north,
    /// `>` east, `v` south, `<` west). ASCII has no diagonal arrow that points one way: `/`
    /// was both ↗ and ↙ (and rain's symbol).
    public static func asciiArrow(forBearing degrees: Double) -> String {
        asciiArrows[sector(degrees + 180, count: 4)]
    }
    private static let asciiArrows = ["^", ">", "v", "<"]

    /// The arrow for a screen in ASCII or not.
    public static func arrow(forBearing degrees: Double, ascii: Bool) -> String {
        ascii ? asciiArrow(forBearing: degrees) : arrow(forBearing: degrees)
    }

    private static func sector(_ degrees: Double, count: Int) -> Int {
        guard degrees.isFinite else { return 0 }
        var normalized = degrees.truncatingRemainder(dividingBy: 360)
        if normalized < 0 { normalized += 360 }
        let size = 360 / Double(count)
        return Int(((normalized + size / 2) / size).rounded(.down)) % count
    }
}
