import Foundation

/// What `rain config show` prints: every setting in effect, the key shortened to its ends.
public struct SettingsReport {
    public var settings: Settings
    public var keySource: SettingsLoader.KeySource
    public var fileExists: Bool

    public init(settings: Settings, keySource: SettingsLoader.KeySource, fileExists: Bool) {
        self.settings = settings
        self.keySource = keySource
        self.fileExists = fileExists
    }

    public func render() -> String {
        let key = settings.apiKey.map { "\($0.redacted) (from \(keySource))" } ?? "not set"
        let rows: [(String, String)] = [
            ("config file", settings.paths.configFile + (fileExists ? "" : " (not found; defaults in use)")),
            ("locations", settings.paths.defaultsFile),
            ("forecast cache", settings.paths.forecastsDirectory),
            ("provider", "\(settings.provider.rawValue): \(settings.providerReason)"),
            ("base_url", settings.baseURL),
            ("openmeteo_url", settings.openMeteoURL),
            ("geocoding_url", settings.geocodingURL),
            ("ip_location_url", settings.ipLocationURL),
            ("api_key", key),
            ("api_key_in", settings.apiKeyPlacement.rawValue),
            ("units", settings.units.rawValue),
            ("language", settings.language),
            ("refresh_interval_minutes", String(settings.refreshIntervalMinutes)),
            ("timeout_seconds", Self.number(settings.timeoutSeconds)),
            ("max_concurrent_requests", String(settings.maxConcurrentRequests)),
            ("ca_file", settings.caFile ?? "system default"),
            ("proxy", settings.proxyURL.map(Self.withoutCredentials) ?? "none"),
        ]
        let width = rows.map(\.0.count).max()! + 2
        return rows.map { ($0.0 + ":").padded(to: width) + $0.1.strippingControlCharacters }.joined(separator: "\n") + "\n"
    }

    /// A proxy URL as it may be shown: without the user name and password it may carry.
    static func withoutCredentials(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.user != nil || components.password != nil else { return url }
        components.user = nil
        components.password = nil
        return components.string ?? url
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
