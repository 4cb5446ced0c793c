public enum RainVersion {
    public static let current = "0.1.0"
    /// The `User-Agent` every request sends.
    public static let userAgent = "rain/\(current)"
}
