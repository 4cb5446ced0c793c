extension Forecast.Alert {
    /// The Common Alerting Protocol's severities, which every alert feed rain reads uses.
    static let severities = ["extreme": N_("extreme"), "severe": N_("severe"), "moderate": N_("moderate"),
                             "minor": N_("minor"), "unknown": N_("unknown")]

    /// `severity` in the user's words where it is one of CAP's and the language has words for
    /// it, else as the feed wrote it ("Moderate" in English).
    public static func severityWords(_ severity: String, _ localization: Localization) -> String {
        guard let known = severities[severity.lowercased()] else { return severity }
        let words = localization.tr(known)
        return words == known ? severity : words
    }
}
