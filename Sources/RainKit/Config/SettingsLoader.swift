import Glibc
import FoundationEssentials

/// Reads the configuration file and the environment into `Settings`.
/// Precedence: environment (`RAIN_API_KEY`, `RAIN_BASE_URL`, `RAIN_OPENMETEO_URL`,
/// `RAIN_GEOCODING_URL`, `RAIN_IP_LOCATION_URL`) over the file over the defaults;
/// for the key: `RAIN_API_KEY`, then `api_key_file`, then `api_key`.
public struct SettingsLoader: Sendable {
    public var paths: RainPaths
    public var environment: [String: String]
    /// True when the file was named by `--config` or `RAIN_CONFIG`: then it must exist.
    public var configFileIsExplicit: Bool
    /// False to leave the key unread (`rain config show` reports a key problem on its own and
    /// still shows the other settings).
    public var readsKey = true

    public init(paths: RainPaths, environment: [String: String], configFileIsExplicit: Bool) {
        self.paths = paths
        self.environment = environment
        self.configFileIsExplicit = configFileIsExplicit
    }

    /// Where the key came from, for `rain config show`.
    public enum KeySource: Sendable, Equatable, CustomStringConvertible {
        case environment, file(String), config, none

        public var description: String {
            switch self {
            case .environment: return "RAIN_API_KEY"
            case .file(let path): return path
            case .config: return "api_key in the configuration file"
            case .none: return "not set"
            }
        }
    }

    public static let keys = [
        "provider", "base_url", "openmeteo_url", "geocoding_url", "ip_location_url",
        "api_key", "api_key_file", "api_key_in", "units", "language",
        "refresh_interval_minutes", "timeout_seconds", "max_concurrent_requests", "ca_file",
    ]

    /// The configuration file read and checked, with every setting but the key: what each
    /// command checks before it runs, and what `load(_:)` finishes without reading it again.
    public struct CheckedFile: Sendable {
        fileprivate let settings: Settings
        fileprivate let file: ConfigValues
        public let fileExists: Bool
    }

    public func load() throws(ConfigError) -> (settings: Settings, keySource: KeySource, fileExists: Bool) {
        try load(checkFile())
    }

    /// Reads and checks the file (and the URL overrides of the environment); the key is not read.
    public func checkFile() throws(ConfigError) -> CheckedFile {
        let path = paths.configFile
        var settings = Settings(paths: paths)
        let values: [String: JSONValue]
        let fileExists: Bool
        do {
            let bytes = try AtomicFile.read(path)
            fileExists = bytes != nil
            if let bytes {
                let document: JSONValue
                do {
                    document = try JSONValue.parse(Data(bytes))
                } catch {
                    throw ConfigError.unreadable(path: path, reason: error.isEmpty ? "the file is empty" : "not valid JSON: \(error.description)")
                }
                guard case .object(let object) = document else { throw ConfigError.notJSON(path: path) }
                values = object
            } else if configFileIsExplicit {
                throw ConfigError.missingFile(path: path)
            } else {
                values = [:]
            }
        } catch let error as FileError {
            throw .unreadable(path: path, reason: error.reason)
        } catch let error as ConfigError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }

        let file = ConfigValues(path: path, values: values)
        try file.rejectUnknownKeys(Self.keys)
        if let provider = try file.string("provider") {
            guard let value = ProviderChoice(rawValue: provider) else {
                let names = ProviderChoice.allCases.map { "\"\($0.rawValue)\"" }
                throw file.invalid("provider", "must be \(names.dropLast().joined(separator: ", ")) or \(names.last!)")
            }
            settings.providerChoice = value
        }
        try url("base_url", environment: "RAIN_BASE_URL", in: file, endingInSlash: true) { settings.baseURL = $0 }
        try url("openmeteo_url", environment: "RAIN_OPENMETEO_URL", in: file) { settings.openMeteoURL = $0 }
        try url("geocoding_url", environment: "RAIN_GEOCODING_URL", in: file) { settings.geocodingURL = $0 }
        // Asked as it is, so it may carry a query (echoip's `/json?ip=ADDRESS` asks about another address).
        try url("ip_location_url", environment: "RAIN_IP_LOCATION_URL", in: file, allowingQuery: true) { settings.ipLocationURL = $0 }
        if let placement = try file.string("api_key_in") {
            guard let value = APIKeyPlacement(rawValue: placement) else { throw file.invalid("api_key_in", "must be \"path\" or \"header\"") }
            settings.apiKeyPlacement = value
        }
        if let units = try file.string("units") {
            guard let value = UnitSystem(rawValue: units) else { throw file.invalid("units", "must be one of si, us, ca, uk") }
            settings.units = value
        }
        if let language = try file.string("language") {
            let allowed = language.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }
            guard allowed, (2...10).contains(language.count) else { throw file.invalid("language", "must be a language code such as \"en\" or \"zh-tw\"") }
            settings.language = language
        } else if let language = LocaleLanguage.preferred(in: environment) {
            settings.language = language
        }
        if let minutes = try file.integer("refresh_interval_minutes", in: 1...10_080) { settings.refreshIntervalMinutes = minutes }
        if let seconds = try file.number("timeout_seconds", in: 1...600) { settings.timeoutSeconds = seconds }
        if let count = try file.integer("max_concurrent_requests", in: 1...32) { settings.maxConcurrentRequests = count }
        if let caFile = try file.path("ca_file") {
            guard access(caFile, R_OK) == 0 else { throw file.invalid("ca_file", "names a file that cannot be read: \(caFile)") }
            settings.caFile = caFile
        }
        return CheckedFile(settings: settings, file: file, fileExists: fileExists)
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
            settings.apiKey = try Self.validKey(key, source: "api_key in \(file.path)")
            keySource = .config
        } else {
            keySource = .none
        }
        settings.proxyURL = Self.proxy(for: settings.forecastURL, environment: environment)
        return (settings, keySource, checked.fileExists)
    }

    /// Reads the URL setting `key` from the file, then from the environment variable that
    /// overrides it, and hands the one in effect (if any) to `apply`.
    private func url(_ key: String, environment variable: String, in file: ConfigValues, endingInSlash: Bool = false,
                     allowingQuery: Bool = false, apply: (String) -> Void) throws(ConfigError) {
        if let text = try file.string(key) {
            apply(try Self.validURL(text, endingInSlash: endingInSlash, allowingQuery: allowingQuery) { problem in file.invalid(key, problem) })
        }
        if let text = environment[variable], !text.isEmpty {
            apply(try Self.validURL(text, endingInSlash: endingInSlash, allowingQuery: allowingQuery) { problem in
                ConfigError.invalidValue(path: variable, key: text.strippingControlCharacters, problem: problem)
            })
        }
    }

    /// `text` when it is an http(s) URL with a host and no query (unless `allowingQuery`),
    /// fragment or credentials; with `endingInSlash`, a "/" is added when it lacks one.
    static func validURL(_ text: String, endingInSlash: Bool, allowingQuery: Bool = false,
                         invalid: (String) -> ConfigError) throws(ConfigError) -> String {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else {
            throw invalid("must be an http:// or https:// URL with a host")
        }
        guard allowingQuery || components.query == nil, components.fragment == nil else {
            throw invalid(allowingQuery ? "must not have a fragment" : "must not have a query or fragment")
        }
        guard components.user == nil, components.password == nil else {
            throw invalid("must not contain a user name or password (the key goes in api_key or api_key_file)")
        }
        return !endingInSlash || text.hasSuffix("/") ? text : text + "/"
    }

    /// The proxy libcurl uses for `url`, read from the environment as libcurl reads it.
    static func proxy(for url: String, environment: [String: String]) -> String? {
        proxySource(for: url, environment: environment)?.url
    }

    /// The proxy libcurl uses for `url` and the variable it comes from.
    public static func proxySource(for url: String, environment: [String: String]) -> (url: String, variable: String)? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased() else { return nil }
        func value(_ names: String...) -> (value: String, name: String)? {
            names.lazy.compactMap { name in environment[name].map { ($0, name) } }.first { !$0.0.isEmpty }
        }
        let noProxy = (value("no_proxy", "NO_PROXY")?.value ?? "").split(separator: ",").map {
            $0.trimmingSpaces.lowercased().trimmed { $0 == "." }
        }
        if noProxy.contains(where: { $0 == "*" || host == $0 || host.hasSuffix("." + $0) }) { return nil }
        let proxy = scheme == "https" ? value("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")
                                      : value("http_proxy", "all_proxy", "ALL_PROXY")
        guard let proxy else { return nil }
        return (proxy.value.contains("://") ? proxy.value : "http://" + proxy.value, proxy.name)
    }

    static func validKey(_ key: String, source: String) throws(ConfigError) -> APIKey {
        let key = key.trimmed
        guard !key.isEmpty else { throw .unusableKey(source: source, problem: "is empty") }
        let allowed = key.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"/?#%&=+".unicodeScalars.contains($0) }
        guard allowed else { throw .unusableKey(source: source, problem: "contains characters an API key cannot have") }
        return APIKey(key)
    }

    /// Like ssh with a private key: a file others can read is refused.
    static func readKeyFile(_ path: String) throws(ConfigError) -> APIKey {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unusableKey(source: path, problem: "cannot be read: \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unusableKey(source: path, problem: "is not a regular file") }
        guard info.st_mode & 0o077 == 0 else { throw .insecureKeyFile(path: path, mode: UInt32(info.st_mode)) }
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(path)
        } catch {
            throw .unusableKey(source: path, problem: "cannot be read: \(error.reason)")
        }
        guard let bytes, let text = String(validating: bytes, as: UTF8.self) else {
            throw .unusableKey(source: path, problem: "is not text")
        }
        return try validKey(text, source: path)
    }
}

/// The values of the configuration file, read with the type each key must have.
struct ConfigValues: Sendable {
    let path: String
    let values: [String: JSONValue]

    func invalid(_ key: String, _ problem: String) -> ConfigError {
        .invalidValue(path: path, key: key, problem: problem)
    }

    func rejectUnknownKeys(_ known: [String]) throws(ConfigError) {
        for key in values.keys.sorted() where !known.contains(key) {
            let lowered = key.lowercased().replacingAll("-", with: "_")
            let suggestion = known.first { $0 == lowered } ?? known.first { $0.hasPrefix(lowered) || lowered.hasPrefix($0) }
            throw .unknownKey(path: path, key: key, suggestion: suggestion)
        }
    }

    /// The string under `key`; nil when absent or null.
    func string(_ key: String) throws(ConfigError) -> String? {
        switch values[key] {
        case nil, .null?: return nil
        case .string(let value)?:
            guard !value.isEmpty else { throw invalid(key, "must not be empty (use null for the default)") }
            return value
        default: throw invalid(key, "must be a string")
        }
    }

    /// A file named under `key`; a relative path is taken from the configuration file's folder,
    /// so it means the same from cron as from the shell.
    func path(_ key: String) throws(ConfigError) -> String? {
        guard let value = try string(key) else { return nil }
        return value.hasPrefix("/") ? value : AtomicFile.parentFolder(of: path) + "/" + value
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double? {
        switch values[key] {
        case nil, .null?: return nil
        case .number(let value)?:
            guard range.contains(value) else { throw invalid(key, "must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))") }
            return value
        default: throw invalid(key, "must be a number")
        }
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let value = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard value.rounded() == value else { throw invalid(key, "must be a whole number") }
        return Int(value)
    }
}
