import FoundationEssentials

/// The URL settings: from the file, then the environment variable that overrides each.
extension SettingsLoader {
    /// Reads the URL setting `key` from the file, then from the environment variable that
    /// overrides it, and sets the one in effect (if any) at `keyPath`, with where it came from
    /// in `origins[key]` ("default" until one does).
    func url(_ key: String, environment variable: String, in file: ConfigValues, endingInSlash: Bool = false,
             allowingQuery: Bool = false, into settings: inout Settings, at keyPath: WritableKeyPath<Settings, String>) throws(ConfigError) {
        settings.origins[key] = "default"
        if let text = try file.string(key) {
            settings[keyPath: keyPath] = try Self.validURL(text, endingInSlash: endingInSlash, allowingQuery: allowingQuery) { problem in
                file.invalid(key, problem.0, problem.1)
            }
            settings.origins[key] = "configuration"
        }
        if let text = environment[variable], !text.isEmpty {
            settings[keyPath: keyPath] = try Self.validURL(text, endingInSlash: endingInSlash, allowingQuery: allowingQuery) { problem in
                ConfigError.invalidValue(path: variable, key: text.strippingControlCharacters, problem: LocalizedText(problem.0, data: problem.1))
            }
            settings.origins[key] = "\(variable) in the environment"
        }
    }

    /// `text` when it is an http(s) URL with a host and no query (unless `allowingQuery`),
    /// fragment or credentials; with `endingInSlash`, a "/" is added when it lacks one. `invalid`
    /// makes the error from a problem (marked with `N_`) and the values of its `{names}`.
    static func validURL(_ text: String, endingInSlash: Bool, allowingQuery: Bool = false,
                         invalid makeError: ((String, [String: String])) -> ConfigError) throws(ConfigError) -> String {
        func invalid(_ problem: String, _ values: [String: String] = [:]) -> ConfigError { makeError((problem, values)) }
        // Spaces and control characters (a CR or LF in a value) make no URL libcurl takes.
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            throw invalid(N_("must not contain spaces or control characters"))
        }
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else {
            throw invalid(N_("must be an http:// or https:// URL with a host"))
        }
        guard allowingQuery || components.query == nil, components.fragment == nil else {
            throw invalid(allowingQuery ? N_("must not have a fragment") : N_("must not have a query or fragment"))
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw invalid(N_("has port {port}: a port is 1 to 65535"), ["port": String(port)])
        }
        guard components.user == nil, components.password == nil else {
            throw invalid(N_("must not contain a user name or password (the key goes in api_key or api_key_file)"))
        }
        return !endingInSlash || text.hasSuffix("/") ? text : text + "/"
    }
}
