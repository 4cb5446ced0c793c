import FoundationEssentials
import RainKit

/// What `rain config show` prints: every setting in effect, the key shortened to its ends, and
/// where requests really go (a proxy from the environment). The problems found are not part of
/// it: they are errors, printed on their own.
public struct SettingsReport {
    public var diagnosis: SettingsDiagnosis
    public var paths: RainPaths
    /// The zone quiet hours are read in (the machine's).
    public var machineZone: String

    public init(_ diagnosis: SettingsDiagnosis, paths: RainPaths, machineZone: String) {
        self.diagnosis = diagnosis
        self.paths = paths
        self.machineZone = machineZone
    }

    /// The README section about proxies, named where a proxy is in use.
    public static let proxySection = "README, section \"Proxies\""

    public func render() -> String {
        let fileNote = diagnosis.fileExists ? "" : " (not found; defaults in use)"
        var rows: [(String, String)] = [
            ("config file", paths.configFile + fileNote),
            ("locations", paths.defaultsFile),
            ("forecast cache", paths.forecastsDirectory),
        ]
        if let settings = diagnosis.settings {
            let keyIsUnusable = settings.apiKey == nil && diagnosis.problems.contains { $0.isAboutTheKey }
            let key = settings.apiKey.map { "\($0.redacted) (from \(diagnosis.keySource))" }
                ?? (keyIsUnusable ? "not usable (see the error below)" : "not set")
            // With an unusable key nothing is fetched; `auto` means the provider the key is for.
            let provider = keyIsUnusable
                ? (settings.providerChoice == .auto ? "darksky: an API key is configured but not usable"
                                                    : "\(settings.provider.rawValue): set in the configuration; the API key is not usable")
                : "\(settings.provider.rawValue): \(settings.providerReason)"
            rows.append(("provider", provider))
            // Each URL with where it came from: a forgotten `export RAIN_*_URL` shows.
            rows += [("base_url", settings.baseURL), ("openmeteo_url", settings.openMeteoURL),
                     ("geocoding_url", settings.geocodingURL), ("ip_location_url", settings.ipLocationURL),
                     ("nws_url", settings.nwsURL), ("metalerts_url", settings.metAlertsURL),
                     ("air_quality_url", settings.airQualityURL), ("ensemble_url", settings.ensembleURL)]
                .map { key, url in (key, Self.origin(url, settings.origins[key])) }
            rows += [
                ("air_quality", settings.airQuality ? "true" : "false"),
                ("aqi_scale", settings.aqiScale.rawValue),
                ("ensemble", settings.ensemble ? "true" : "false"),
                ("ensemble_model", settings.ensembleModel?.rawValue ?? "auto: ICON in Europe, GFS elsewhere"),
                ("alerts_contact", settings.alertsContact ?? "none"),
                ("api_key", key),
                ("api_key_in", settings.apiKeyPlacement.rawValue),
                ("units", Self.origin(settings.unitsName, settings.origins["units"])),
            ]
            rows += DisplayUnits.keys.map { key in
                var value = settings.displayUnits.name(of: key)
                if key == "clock" && settings.displayUnits.clock == .auto { value += ": " + (settings.twelveHourClock ? "12h" : "24h") }
                return (key, Self.origin(value, settings.origins[key]))
            }
            rows += [
                ("language", Self.origin(settings.messagesLocale, settings.origins["language"])),
                ("refresh_interval_minutes", String(settings.refreshIntervalMinutes)),
                ("timeout_seconds", Self.number(settings.timeoutSeconds)),
                ("max_concurrent_requests", String(settings.maxConcurrentRequests)),
                ("ca_file", settings.caFile ?? "system default"),
            ] + Self.notifyRows(settings.notify, machineZone: machineZone)
        } else {
            rows.append(("settings", "not shown: the configuration file cannot be used (see the error below)"))
        }
        let proxy = diagnosis.proxy.map {
            "\(Self.withoutCredentials($0.url)) (from \($0.variable) in the environment; see the \(Self.proxySection))"
        }
        rows.append(("proxy", proxy ?? "none"))
        // A value the file gives that cannot be used is not what the listing shows.
        let invalid = Set(diagnosis.problems.compactMap { problem -> String? in
            if case .invalidValue(_, let key, _, _) = problem { key } else { nil }
        })
        rows = rows.map { key, value in
            guard invalid.contains(key) else { return (key, value) }
            let note = "the file's value is not valid: see below"
            return (key, value.hasSuffix(")") ? value.dropLast() + "; \(note))" : value + " (\(note))")
        }
        let width = rows.map(\.0.count).max()! + 2
        return rows.map { ($0.0 + ":").padded(to: width) + $0.1.strippingControlCharacters }.joined(separator: "\n") + "\n"
    }

    static func notifyRows(_ notify: NotifySettings, machineZone: String) -> [(String, String)] {
        let places = switch notify.places {
        case .current: "current"
        case .all: "all"
        case .named(let names): names.joined(separator: ", ")
        }
        return [
            ("notify.within_minutes", String(notify.withinMinutes)),
            ("notify.min_intensity", notify.minIntensity.rawValue),
            ("notify.probability", MeasureFormat.percent(notify.probability)),
            ("notify.places", places),
            ("notify.quiet_hours", notify.quietHours.map { "\($0) (this machine's time zone, \(machineZone))" } ?? "none"),
            ("notify.exec_timeout", String(notify.execTimeout)),
            ("notify.air_quality_above", notify.airQualityAbove.map(MeasureFormat.whole) ?? "none"),
            ("notify.pollen", notify.pollen.map { pollen in
                pollen.level.name + " (" + (pollen.kinds.isEmpty ? "all" : pollen.kinds.map(\.rawValue).joined(separator: ", ")) + ")"
            } ?? "none"),
        ]
    }

    /// A proxy URL as it may be shown: without the user name and password it may carry.
    static func withoutCredentials(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.user != nil || components.password != nil else { return url }
        components.user = nil
        components.password = nil
        return components.string ?? url
    }

    /// "kn (from the configuration)", "celsius (from units si)", "si (default)".
    private static func origin(_ value: String, _ origin: String?) -> String {
        switch origin {
        case nil, "default"?: return value + " (default)"
        case "configuration"?: return value + " (from the configuration)"
        case let origin?: return value + " (from \(origin))"
        }
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
