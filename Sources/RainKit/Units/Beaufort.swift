/// The Beaufort scale: forces 0-12 by their upper limits in m/s (WMO), and their names.
public enum Beaufort {
    /// The upper limit of each force below 12, in m/s.
    static let upperLimits = [0.5, 1.5, 3.3, 5.5, 7.9, 10.7, 13.8, 17.1, 20.7, 24.4, 28.4, 32.6]

    /// The names, as the catalogues carry them.
    public static let names = [
        N_("calm"), N_("light air"), N_("light breeze"), N_("gentle breeze"), N_("moderate breeze"), N_("fresh breeze"),
        N_("strong breeze"), N_("near gale"), N_("gale"), N_("strong gale"), N_("storm"), N_("violent storm"), N_("hurricane force"),
    ]

    public static func force(metresPerSecond speed: Double) -> Int {
        upperLimits.firstIndex { speed < $0 } ?? 12
    }
}
