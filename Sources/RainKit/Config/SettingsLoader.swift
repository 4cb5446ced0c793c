import Glibc
import FoundationEssentials

/// Reads the configuration file and the environment into `Settings`.
/// Precedence: environment (`RAIN_API_KEY`, `RAIN_BASE_URL`, `RAIN_OPENMETEO_URL`,
/// `RAIN_GEOCODING_URL`, `RAIN_IP_LOCATION_URL`, `RAIN_NWS_URL`, `RAIN_METALERTS_URL`) over the
/// file over the defaults;
/// for the key: `RAIN_API_KEY`, then `api_key_file`, then `api_key`.
public struct SettingsLoader: Sendable {
    public var paths: RainPaths
    public var environment: [String: String]
    /// True when the file was named by `--config` or `RAIN_CONFIG`: then it must exist.
    public var configFileIsExplicit: Bool
    /// False to leave the key unread (`rain config show` reports a key problem on its own and
    /// still shows the other settings).
    public var readsKey = true
    /// `--units` and `--lang`.
    public var choices = RunChoices()

    public init(paths: RainPaths, environment: [String: String], configFileIsExplicit: Bool) {
        self.paths = paths
        self.environment = environment
        self.configFileIsExplicit = configFileIsExplicit
    }

    public static let keys = [
        "provider", "base_url", "openmeteo_url", "geocoding_url", "ip_location_url", "nws_url", "metalerts_url",
        "air_quality", "air_quality_url", "aqi_scale", "ensemble", "ensemble_url", "ensemble_model",
        "alerts_contact", "api_key", "api_key_file", "api_key_in", "units", "temperature_unit", "wind_unit", "precipitation_unit",
        "pressure_unit", "distance_unit", "clock", "language",
        "refresh_interval_minutes", "timeout_seconds", "max_concurrent_requests", "ca_file", "notify",
    ]

    /// The configuration file read and checked, with every setting but the key: what each
    /// command checks before it runs, and what `load(_:)` finishes without reading it again.
    public struct CheckedFile: Sendable {
        let settings: Settings
        let file: ConfigValues
        public let fileExists: Bool
        /// The language messages are in: "de_DE.UTF-8", "en".
        public var messagesLocale: String { settings.messagesLocale }
        /// Every setting that could not be used, in the file's order of checking (each left at
        /// its default in `settings`): the first stops a command, `config show` lists them all.
        public let problems: [ConfigError]
    }

    public func load() throws(ConfigError) -> (settings: Settings, keySource: KeySource, fileExists: Bool) {
        try load(checkFile())
    }

    /// Reads and checks the file (and the URL overrides of the environment); the key is not read.
    /// The first setting that cannot be used is the error.
    public func checkFile() throws(ConfigError) -> CheckedFile {
        let checked = try checkEverySetting(everyUnknownKey: false)
        if let problem = checked.problems.first { throw problem }
        return checked
    }

    /// `checkFile()`, going on past settings that cannot be used; throws only when the file
    /// itself cannot be used. `everyUnknownKey: false` reports the first unknown key of an
    /// object only (what a command that stops at the first problem needs).
    public func checkEverySetting(everyUnknownKey: Bool = true) throws(ConfigError) -> CheckedFile {
        let path = paths.configFile
        var settings = Settings(paths: paths)
        let values: [String: JSONNode]
        let fileExists: Bool
        do {
            let bytes = try RegularFile.read(path, limit: .configuration)
            fileExists = bytes != nil
            if let bytes {
                let document: JSONNode
                do {
                    document = try JSONNode.document(bytes)
                } catch {
                    if error.isEmpty { throw ConfigError.empty(path: path, named: configFileIsExplicit) }
                    throw ConfigError.unreadable(path: path, reason: error.notValidJSON())
                }
                guard document.kind == .object else { throw ConfigError.notJSON(path: path) }
                do {
                    values = try document.members()
                } catch {
                    throw ConfigError.unreadable(path: path, reason: error.notValidJSON())
                }
            } else if configFileIsExplicit {
                throw ConfigError.missingFile(path: path)
            } else {
                values = [:]
            }
        } catch let error as FileError {
            throw .unreadable(path: path, reason: error.problem)
        } catch let error as ConfigError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: .verbatim("\(error)"))
        }

        var file = ConfigValues(path: path, values: values)
        if !everyUnknownKey { file.unknownKeysWanted = 1 }
        var problems: [ConfigError] = []
        func check(_ body: () throws(ConfigError) -> Void) {
            do { try body() } catch { problems.append(error) }
        }
        problems += file.unknownKeys(Self.keys)
        check { () throws(ConfigError) in
            guard let provider = try file.string("provider") else { return }
            guard let value = ProviderChoice(rawValue: provider) else {
                let names = ProviderChoice.allCases.map { "\"\($0.rawValue)\"" }
                throw file.invalid("provider", N_("must be {names} or {last}"), ["names": names.dropLast().joined(separator: ", "), "last": names.last!],
                                   typed: provider, choices: ProviderChoice.allCases.map(\.rawValue))
            }
            settings.providerChoice = value
        }
        check { () throws(ConfigError) in try url("base_url", environment: "RAIN_BASE_URL", in: file, endingInSlash: true, into: &settings, at: \.baseURL) }
        check { () throws(ConfigError) in try url("openmeteo_url", environment: "RAIN_OPENMETEO_URL", in: file, into: &settings, at: \.openMeteoURL) }
        check { () throws(ConfigError) in try url("geocoding_url", environment: "RAIN_GEOCODING_URL", in: file, into: &settings, at: \.geocodingURL) }
        // Asked as it is, so it may carry a query (echoip's `/json?ip=ADDRESS` asks about another address).
        check { () throws(ConfigError) in try url("ip_location_url", environment: "RAIN_IP_LOCATION_URL", in: file, allowingQuery: true, into: &settings, at: \.ipLocationURL) }
        check { () throws(ConfigError) in try url("nws_url", environment: "RAIN_NWS_URL", in: file, into: &settings, at: \.nwsURL) }
        check { () throws(ConfigError) in try url("metalerts_url", environment: "RAIN_METALERTS_URL", in: file, into: &settings, at: \.metAlertsURL) }
        problems += readAirQuality(file, into: &settings)
        problems += readEnsemble(file, into: &settings)
        check { () throws(ConfigError) in
            guard let contact = try file.string("alerts_contact") else { return }
            // It goes into a header, inside a parenthesised comment.
            let fits = !contact.trimmed.isEmpty && contact.utf8.count <= 200
                && contact.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) && $0 != "(" && $0 != ")" && $0 != "\\" }
            guard fits else { throw file.invalid("alerts_contact", "must be an email address or URL (printable ASCII, no parentheses)") }
            settings.alertsContact = contact.trimmed
        }
        check { () throws(ConfigError) in
            guard let placement = try file.string("api_key_in") else { return }
            guard let value = APIKeyPlacement(rawValue: placement) else { throw file.invalid("api_key_in", N_("must be {names} or {last}"), ["names": "\"path\"", "last": "\"header\""],
                                                                                            typed: placement, choices: ["path", "header"]) }
            settings.apiKeyPlacement = value
        }
        problems += readUnitsAndLanguage(file, into: &settings)
        check { () throws(ConfigError) in if let minutes = try file.integer("refresh_interval_minutes", in: 1...10_080) { settings.refreshIntervalMinutes = minutes } }
        check { () throws(ConfigError) in if let seconds = try file.number("timeout_seconds", in: 1...600) { settings.timeoutSeconds = seconds } }
        check { () throws(ConfigError) in if let count = try file.integer("max_concurrent_requests", in: 1...32) { settings.maxConcurrentRequests = count } }
        check { () throws(ConfigError) in
            guard let caFile = try file.path("ca_file") else { return }
            guard access(caFile, R_OK) == 0 else { throw file.invalid("ca_file", N_("names a file that cannot be read: {path}"), ["path": caFile]) }
            if let problem = RegularFile.problem(with: caFile, limit: .certificates) {
                throw file.invalid("ca_file", LocalizedText(N_("names {problem}: {path}"), ["problem": problem, "path": .verbatim(caFile)]))
            }
            settings.caFile = caFile
        }
        problems += checkNotify(in: file) { settings.notify = $0 }
        // The key's own settings are read with the key; their types are checked here.
        check { () throws(ConfigError) in _ = try file.path("api_key_file") }
        check { () throws(ConfigError) in _ = try file.string("api_key") }
        return CheckedFile(settings: settings, file: file, fileExists: fileExists, problems: problems)
    }

    /// The settings of a checked file, with the key (unless `readsKey` is false) and the proxy.
    public func load(_ checked: CheckedFile) throws(ConfigError) -> (settings: Settings, keySource: KeySource, fileExists: Bool) {
        var settings = checked.settings
        let file = checked.file
        let keySource: KeySource
        if !readsKey {
            keySource = .none
        } else if let key = environment["RAIN_API_KEY"], !key.isEmpty {
            settings.apiKey = try Self.validKey(key, source: "RAIN_API_KEY")
            keySource = .environment
        } else if let keyFile = try file.path("api_key_file") {
            settings.apiKey = try Self.readKeyFile(keyFile)
            keySource = .file(keyFile)
        } else if let key = try file.string("api_key") {
            settings.apiKey = try Self.keyInConfiguration(key, file: file.path)
            keySource = .config
        } else {
            keySource = .none
        }
        settings.proxyURL = Self.proxy(for: settings.forecastURL, environment: environment)
        return (settings, keySource, checked.fileExists)
    }
}
