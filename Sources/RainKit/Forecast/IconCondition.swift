/// The condition a Dark Sky icon stands for, in words: what a screen shows when the provider
/// sent an icon but no summary.
public enum IconCondition {
    static let names: [String: String] = [
        "clear-day": N_("Clear"), "clear-night": N_("Clear"), "rain": N_("Rain"), "snow": N_("Snow"),
        "sleet": N_("Sleet"), "wind": N_("Windy"), "fog": N_("Fog"), "cloudy": N_("Cloudy"),
        "partly-cloudy-day": N_("Partly Cloudy"), "partly-cloudy-night": N_("Partly Cloudy"),
        "thunderstorm": N_("Thunderstorm"), "hail": N_("Hail"),
    ]

    /// The English words, the message the catalogues translate; nil for an unknown icon.
    public static func name(forIcon icon: String?) -> String? { icon.flatMap { names[$0] } }
}
