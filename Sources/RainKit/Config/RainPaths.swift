import Glibc
import FoundationEssentials

/// Where rain keeps its files: `RAIN_HOME` puts everything under one folder, otherwise the XDG
/// base directories (with their documented fallbacks under `HOME`, or, when `HOME` is unset,
/// under the home folder the password database gives the user).
public struct RainPaths: Sendable, Equatable {
    public var configFile: String
    public var defaultsFile: String
    /// Folder of the forecast cache: one `<location-id>.json` per place.
    public var forecastsDirectory: String
    /// What `rain notify` has sent (`notified.json`).
    public var notifiedFile: String

    public init(configFile: String, defaultsFile: String, forecastsDirectory: String, notifiedFile: String? = nil) {
        self.configFile = configFile
        self.defaultsFile = defaultsFile
        self.forecastsDirectory = forecastsDirectory
        self.notifiedFile = notifiedFile ?? AtomicFile.parentFolder(of: defaultsFile) + "/notified.json"
    }

    /// The lock file beside the store that serialises read-modify-write; never deleted.
    public var defaultsLockFile: String { defaultsFile + ".lock" }
    /// The lock file that lets one refresh run at a time per home; never deleted.
    public var refreshLockFile: String { forecastsDirectory + "/.refresh.lock" }

    /// The quotas the services said were used up, until they reset (`RememberedQuota`),
    /// beside `notified.json`.
    public var quotaFile: String { AtomicFile.parentFolder(of: notifiedFile) + "/quota.json" }

    /// When MetAlerts was asked for places whose forecasts were not written then
    /// (`RememberedAlertPolls`), beside `quota.json`.
    public var alertPollsFile: String { AtomicFile.parentFolder(of: notifiedFile) + "/alert-polls.json" }

    /// The forecasts of places looked up but not saved (`rain sydney`), beside the saved places'.
    public var lookupsDirectory: String { AtomicFile.parentFolder(of: forecastsDirectory) + "/lookups" }

    /// - Parameter configOverride: `--config`, which wins over `RAIN_CONFIG`.
    /// - Parameter userHome: the home folder when `HOME` is unset or empty.
    public static func resolve(
        environment: [String: String], configOverride: String? = nil, userHome: () -> String? = passwordDatabaseHome
    ) -> RainPaths {
        func nonEmpty(_ key: String) -> String? {
            guard let value = environment[key], !value.isEmpty else { return nil }
            return value
        }
        let configFile: String
        let defaultsFile: String
        let forecasts: String
        let notified: String
        if let home = nonEmpty("RAIN_HOME") {
            let root = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home
            configFile = root + "/config.json"
            defaultsFile = root + "/defaults.json"
            forecasts = root + "/cache/forecasts"
            notified = root + "/state/notified.json"
        } else {
            let home = Self.home(environment: environment, userHome: userHome)
            // The XDG spec says relative paths in these variables are invalid and must be ignored.
            func base(_ key: String, _ fallback: String) -> String {
                if let value = nonEmpty(key), value.hasPrefix("/") { return value }
                return home + fallback
            }
            configFile = base("XDG_CONFIG_HOME", "/.config") + "/rain/config.json"
            defaultsFile = base("XDG_DATA_HOME", "/.local/share") + "/rain/defaults.json"
            forecasts = base("XDG_CACHE_HOME", "/.cache") + "/rain/forecasts"
            notified = base("XDG_STATE_HOME", "/.local/state") + "/rain/notified.json"
        }
        return RainPaths(
            configFile: configOverride ?? nonEmpty("RAIN_CONFIG") ?? configFile,
            defaultsFile: defaultsFile,
            forecastsDirectory: forecasts,
            notifiedFile: notified
        )
    }

    /// `HOME`, or when it is unset or empty the password database's home folder, without a
    /// trailing slash ("/" + "/.config", not "//.config").
    public static func home(environment: [String: String], userHome: () -> String? = passwordDatabaseHome) -> String {
        var home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? userHome() ?? "/"
        while home.hasSuffix("/") { home.removeLast() }
        return home
    }

    /// The current user's home folder from the password database (`getpwuid_r`).
    public static func passwordDatabaseHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil,
              let directory = entry.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }
}
