import FoundationEssentials

/// What `rain config show` finds: the settings as far as they can be read, and every problem
/// on the way, instead of stopping at the first one.
public struct SettingsDiagnosis: Sendable {
    /// Nil when the configuration file itself cannot be used (unreadable, not JSON, a bad key).
    public var settings: Settings?
    public var keySource: SettingsLoader.KeySource = .none
    public var fileExists: Bool
    /// In the order found; each names its file or key.
    public var problems: [ConfigError] = []
    /// The proxy libcurl will use from the environment, and its variable.
    public var proxy: (url: String, variable: String)?

    public init(loader: SettingsLoader) {
        fileExists = FileManager.default.fileExists(atPath: loader.paths.configFile)
        let checked: SettingsLoader.CheckedFile
        do {
            checked = try loader.checkEverySetting()
        } catch {
            problems.append(error)
            settings = nil
            return
        }
        problems += checked.problems
        do {
            (settings, keySource, fileExists) = try loader.load(checked)
        } catch {
            problems.append(error)
            // The key is one setting: show the others.
            var keyless = loader
            keyless.readsKey = false
            (settings, keySource, fileExists) = (try? keyless.load(checked)) ?? (checked.settings, .none, checked.fileExists)
        }
        let baseURL = settings?.baseURL ?? Settings(paths: loader.paths).baseURL
        proxy = SettingsLoader.proxySource(for: baseURL, environment: loader.environment)
    }
}

extension ConfigError {
    /// A problem with the API key alone, not with the rest of the configuration.
    package var isAboutTheKey: Bool {
        switch self {
        case .insecureKeyFile, .insecureKeyInConfiguration, .unusableKey: return true
        default: return false
        }
    }
}
