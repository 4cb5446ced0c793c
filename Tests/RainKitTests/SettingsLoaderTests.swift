import Foundation
@testable import RainKit
import RainTestSupport
import Testing

@Suite struct SettingsLoaderTests {
    private func load(_ config: String?, environment: [String: String] = [:], in folder: String) throws -> (settings: Settings, keySource: SettingsLoader.KeySource, fileExists: Bool) {
        if let config {
            writeFile(folder + "/config.json", config)
            chmod(folder + "/config.json", 0o600)   // as config init writes it
        }
        let paths = RainPaths.resolve(environment: ["RAIN_HOME": folder])
        return try SettingsLoader(paths: paths, environment: environment, configFileIsExplicit: false).load()
    }

    @Test func theRepositoryExampleIsWhatConfigInitWrites() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let example = try String(contentsOf: root.appendingPathComponent("config.example.json"), encoding: .utf8)
        #expect(example == ConfigExample.text)
    }

    @Test func theExampleGivesTheDefaults() async throws {
        try await withTemporaryDirectory { folder in
            var fromExample = try load(ConfigExample.text, in: folder).settings
            #expect(fromExample.origins["units"] == "configuration" && fromExample.origins["wind_unit"] == "units si")
            fromExample.origins = [:]
            #expect(fromExample == Settings(paths: RainPaths.resolve(environment: ["RAIN_HOME": folder])))
        }
    }

    @Test func noFileMeansDefaults() async throws {
        try await withTemporaryDirectory { folder in
            let loaded = try load(nil, in: folder)
            #expect(!loaded.fileExists)
            #expect(loaded.settings.baseURL == "https://api.pirateweather.net/forecast/")
            #expect(loaded.settings.refreshIntervalMinutes == 30)
            #expect(loaded.keySource == .none)
        }
    }

    struct ProviderCase: Sendable, CustomTestStringConvertible {
        var config: String
        var key: String?
        var provider: Provider
        var reason: String
        var testDescription: String { "\(config) key: \(key != nil)" }
    }

    @Test(arguments: [
        ProviderCase(config: "{}", key: nil, provider: .openMeteo, reason: "no API key configured"),
        ProviderCase(config: "{}", key: "k3y-0123456789abcdefgh", provider: .darkSky, reason: "an API key is configured"),
        ProviderCase(config: #"{"provider": "openmeteo"}"#, key: "k3y-0123456789abcdefgh", provider: .openMeteo, reason: "set in the configuration; the API key is not used"),
        ProviderCase(config: #"{"provider": "openmeteo"}"#, key: nil, provider: .openMeteo, reason: "set in the configuration"),
        ProviderCase(config: #"{"provider": "darksky"}"#, key: nil, provider: .darkSky, reason: "no API key configured: fetching will fail"),
        ProviderCase(config: #"{"provider": "darksky"}"#, key: "k3y-0123456789abcdefgh", provider: .darkSky, reason: "set in the configuration"),
        ProviderCase(config: #"{"provider": "auto", "api_key": "k3y-0123456789abcdefgh"}"#, key: nil, provider: .darkSky, reason: "an API key is configured"),
    ])
    func autoMeansTheKeyedProviderOnlyWithAKey(_ choice: ProviderCase) async throws {
        try await withTemporaryDirectory { folder in
            let settings = try load(choice.config, environment: choice.key.map { ["RAIN_API_KEY": $0] } ?? [:], in: folder).settings
            #expect(settings.provider == choice.provider)
            #expect(settings.providerReason == choice.reason)
            #expect(settings.forecastURL == (choice.provider == .darkSky ? settings.baseURL : settings.openMeteoURL))
        }
    }

    @Test func providerURLsComeFromTheFileAndTheEnvironmentWins() async throws {
        try await withTemporaryDirectory { folder in
            let config = #"{"openmeteo_url": "https://om.example/v1/forecast", "geocoding_url": "https://geo.example/v1/search", "ip_location_url": "https://ip.example/json"}"#
            let fromFile = try load(config, in: folder).settings
            #expect(fromFile.openMeteoURL == "https://om.example/v1/forecast", "no slash is added")
            #expect(fromFile.geocodingURL == "https://geo.example/v1/search")
            #expect(fromFile.ipLocationURL == "https://ip.example/json")
            let environment = ["RAIN_OPENMETEO_URL": "http://127.0.0.1:1/f", "RAIN_GEOCODING_URL": "http://127.0.0.1:1/g",
                               "RAIN_IP_LOCATION_URL": "http://127.0.0.1:1/i"]
            let overridden = try load(config, environment: environment, in: folder).settings
            #expect(overridden.openMeteoURL == "http://127.0.0.1:1/f" && overridden.geocodingURL == "http://127.0.0.1:1/g"
                    && overridden.ipLocationURL == "http://127.0.0.1:1/i")
        }
    }

    @Test func theEnvironmentWinsForKeyAndBaseURL() async throws {
        try await withTemporaryDirectory { folder in
            writeFile(folder + "/key", "from-file-0123456789\n")
            chmod(folder + "/key", 0o600)
            let config = #"{"api_key": "from-config-0123456789", "api_key_file": "\#(folder)/key", "base_url": "http://127.0.0.1:1/x"}"#
            let fromFile = try load(config, in: folder)
            #expect(fromFile.settings.apiKey == APIKey("from-file-0123456789"))
            #expect(fromFile.settings.baseURL == "http://127.0.0.1:1/x/")
            let fromEnvironment = try load(config, environment: ["RAIN_API_KEY": "from-env-0123456789", "RAIN_BASE_URL": "http://[::1]:2/forecast/"], in: folder)
            #expect(fromEnvironment.settings.apiKey == APIKey("from-env-0123456789"))
            #expect(fromEnvironment.keySource == .environment)
            #expect(fromEnvironment.settings.baseURL == "http://[::1]:2/forecast/")
        }
    }

    @Test func aRelativeKeyFileIsFoundBesideTheConfigurationFile() async throws {
        try await withTemporaryDirectory { folder in
            writeFile(folder + "/key", "relative-key-0123456789")
            chmod(folder + "/key", 0o600)
            let loaded = try load(#"{"api_key_file": "key"}"#, in: folder)
            #expect(loaded.settings.apiKey == APIKey("relative-key-0123456789"))
            #expect(loaded.keySource == .file(folder + "/key"))
        }
    }

    @Test func aKeyFileOthersCanReadIsRefusedLikeSSHDoes() async throws {
        await withTemporaryDirectory { folder in
            writeFile(folder + "/key", "secret-0123456789")
            chmod(folder + "/key", 0o640)
            let error = #expect(throws: ConfigError.self) {
                try load(#"{"api_key_file": "\#(folder)/key"}"#, in: folder)
            }
            #expect(error == .insecureKeyFile(path: folder + "/key", mode: UInt32(0o100640)))
            #expect(error?.hint(in: .english) == "chmod 600 \(folder)/key")
        }
    }

    struct BadConfig: Sendable, CustomTestStringConvertible {
        var json: String
        var message: String
        var testDescription: String { json }
    }

    @Test(arguments: [
        BadConfig(json: "not json", message: "cannot read the configuration file"),
        BadConfig(json: "[1]", message: "is not a JSON object"),
        BadConfig(json: #"{"unit": "si"}"#, message: "unknown key 'unit'"),
        BadConfig(json: #"{"provder": "darksky"}"#, message: "unknown key 'provder'"),
        BadConfig(json: #"{"units": "imperial"}"#, message: "'units' must be one of si, us, ca, uk, metric"),
        BadConfig(json: #"{"units": 3}"#, message: "'units' must be a string"),
        BadConfig(json: #"{"provider": "weatherbit"}"#, message: "'provider' must be \"auto\", \"darksky\" or \"openmeteo\""),
        BadConfig(json: #"{"openmeteo_url": "api.open-meteo.com"}"#, message: "'openmeteo_url' must be an http:// or https:// URL with a host"),
        BadConfig(json: #"{"geocoding_url": "https://example.com/search?name=x"}"#, message: "'geocoding_url' must not have a query"),
        BadConfig(json: #"{"ip_location_url": 5}"#, message: "'ip_location_url' must be a string"),
        BadConfig(json: #"{"base_url": "ftp://example.com/"}"#, message: "'base_url' must be an http:// or https:// URL with a host"),
        BadConfig(json: #"{"base_url": "https://example.com/?key=1"}"#, message: "'base_url' must not have a query"),
        BadConfig(json: #"{"openmeteo_url": "http://127.0.0.1:99999/"}"#, message: "'openmeteo_url' has port 99999: a port is 1 to 65535"),
        BadConfig(json: #"{"openmeteo_url": "http://127.0.0.1/v1\r\nHost: x"}"#, message: "'openmeteo_url' must not contain spaces or control characters"),
        BadConfig(json: #"{"api_key_in": "query"}"#, message: "'api_key_in' must be \"path\" or \"header\""),
        BadConfig(json: #"{"refresh_interval_minutes": 0}"#, message: "'refresh_interval_minutes' must be between 1 and 10080"),
        BadConfig(json: #"{"refresh_interval_minutes": 1.5}"#, message: "'refresh_interval_minutes' must be a whole number"),
        BadConfig(json: #"{"timeout_seconds": "10"}"#, message: "'timeout_seconds' must be a number"),
        BadConfig(json: #"{"max_concurrent_requests": 100}"#, message: "'max_concurrent_requests' must be between 1 and 32"),
        BadConfig(json: #"{"language": "en us"}"#, message: "'language' must be a language code"),
        BadConfig(json: #"{"ca_file": "/nonexistent/ca.pem"}"#, message: "'ca_file' names a file that cannot be read"),
        BadConfig(json: #"{"api_key": "has/slash"}"#, message: "contains characters an API key cannot have"),
        BadConfig(json: #"{"api_key": ""}"#, message: "'api_key' must not be empty"),
        BadConfig(json: #"{"base_url": "https://user:secret@example.com/"}"#, message: "'base_url' must not contain a user name or password"),
        BadConfig(json: #"{"units": }"#, message: "cannot read the configuration file"),
    ])
    func anInvalidConfigurationNamesTheKeyAndTheProblem(_ bad: BadConfig) async throws {
        await withTemporaryDirectory { folder in
            let error = #expect(throws: ConfigError.self) { try load(bad.json, in: folder) }
            #expect(error?.description.contains(bad.message) == true, "\(String(describing: error))")
        }
    }

    /// The key meant goes on the hint line, as every "did you mean" does; without one, the hint
    /// says where every key is listed.
    @Test(arguments: [("unit", "units"), ("unitz", "units"), ("provder", "provider"), ("UNITS", "units"), ("colour", nil)])
    func aNearMissOfAKeyIsNamedOnTheHintLine(_ key: String, _ meant: String?) async throws {
        await withTemporaryDirectory { folder in
            let error = #expect(throws: ConfigError.self) { try load(#"{"\#(key)": "si"}"#, in: folder) }
            #expect(error?.description == "\(folder)/config.json:\nunknown key '\(key)'")
            #expect(error?.hint(in: .english) == meant.map { "did you mean '\($0)'?" } ?? ConfigExample.hintText.description)
        }
    }

    @Test func theKeyIsNeverShownWhole() {
        let key = APIKey("abcd0123456789abcdwxyz")
        #expect(key.redacted == "abcd…wxyz")
        #expect("\(key)" == "abcd…wxyz")
        #expect(!String(reflecting: key).contains("0123456789"))
        #expect(APIKey("short").redacted == "…")
        #expect(APIKey("twelve-chars").redacted == "…", "eight of twelve characters would give most of it away")
    }

    struct ProxyCase: Sendable, CustomTestStringConvertible {
        var url: String
        var environment: [String: String]
        var proxy: String?
        var testDescription: String { "\(url) \(environment)" }
    }

    @Test(arguments: [
        ProxyCase(url: "https://api.pirateweather.net/forecast/", environment: [:], proxy: nil),
        ProxyCase(url: "https://api.pirateweather.net/forecast/", environment: ["https_proxy": "127.0.0.1:3128"], proxy: "http://127.0.0.1:3128"),
        ProxyCase(url: "https://api.pirateweather.net/forecast/", environment: ["HTTPS_PROXY": "http://[::1]:8080"], proxy: "http://[::1]:8080"),
        ProxyCase(url: "https://api.pirateweather.net/forecast/", environment: ["http_proxy": "127.0.0.1:3128"], proxy: nil),
        ProxyCase(url: "http://127.0.0.1:9/forecast/", environment: ["all_proxy": "127.0.0.1:3128"], proxy: "http://127.0.0.1:3128"),
        ProxyCase(url: "https://api.pirateweather.net/forecast/", environment: ["https_proxy": "127.0.0.1:3128", "no_proxy": "localhost, .pirateweather.net"], proxy: nil),
        ProxyCase(url: "http://127.0.0.1:9/forecast/", environment: ["http_proxy": "127.0.0.1:3128", "NO_PROXY": "*"], proxy: nil),
    ])
    func theProxyIsTheOneLibcurlWillUse(_ proxyCase: ProxyCase) {
        #expect(SettingsLoader.proxy(for: proxyCase.url, environment: proxyCase.environment) == proxyCase.proxy)
    }
}
