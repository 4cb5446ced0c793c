import FoundationEssentials

/// The URL settings: from the file, then the environment variable that overrides each.
extension SettingsLoader {
    /// Reads the URL setting `key` from the file, then from the environment variable that
    /// overrides it, and hands the one in effect (if any) to `apply`.
    func url(_ key: String, environment variable: String, in file: ConfigValues, endingInSlash: Bool = false,
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
        // Spaces and control characters (a CR or LF in a value) make no URL libcurl takes.
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            throw invalid("must not contain spaces or control characters")
        }
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else {
            throw invalid("must be an http:// or https:// URL with a host")
        }
        guard allowingQuery || components.query == nil, components.fragment == nil else {
            throw invalid(allowingQuery ? "must not have a fragment" : "must not have a query or fragment")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw invalid("has port \(port): a port is 1 to 65535")
        }
        guard components.user == nil, components.password == nil else {
            throw invalid("must not contain a user name or password (the key goes in api_key or api_key_file)")
        }
        return !endingInSlash || text.hasSuffix("/") ? text : text + "/"
    }
}
