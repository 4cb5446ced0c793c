/// When a gust is worth showing beside the wind's speed: when it is at least 10 km/h above it
/// (2.8 m/s, 6.2 mph, 5.4 kn), in whatever unit either is shown. A gust just above the mean
/// wind is the ordinary unevenness of any wind; 10 km/h more is a squall a walker or a cyclist
/// feels (the WMO's reporting threshold for gusts is 10 knots over the mean; rain's is a little
/// lower, since hourly models smooth their gusts).
public enum WindGust {
    /// The margin, in metres per second: 10 km/h.
    public static let markedMarginMetresPerSecond = 10 / 3.6

    /// `gust` when it exceeds `speed` markedly, both in `system`'s wind unit; else nil.
    public static func marked(_ gust: Double?, over speed: Double?, in system: UnitSystem) -> Double? {
        guard let gust, let speed, gust.isFinite, speed.isFinite else { return nil }
        let margin = DisplayUnits.metresPerSecond(gust, from: system) - DisplayUnits.metresPerSecond(speed, from: system)
        // A hair under the margin still counts: the providers round both to a tenth.
        return margin >= markedMarginMetresPerSecond - 0.01 ? gust : nil
    }
}
