public enum RainVersion {
    public static let current = "0.1.0"
    /// The `User-Agent` every request sends.
    public static let userAgent = "rain/\(current)"
    /// Where rain is published: the contact its `User-Agent` names to the alert feeds when the
    /// user gives none of their own (`alerts_contact`).
    public static let projectURL = "https://github.com/rain-weather/rain"
}
