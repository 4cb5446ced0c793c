import FoundationEssentials

/// The proxy libcurl will go through, found in the environment as libcurl finds it.
extension SettingsLoader {
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
}
