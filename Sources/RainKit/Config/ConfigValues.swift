import FoundationEssentials

/// The values of the configuration file, read with the type each key must have.
struct ConfigValues: Sendable {
    let path: String
    let values: [String: JSONNode]
    /// Put before each key in messages: "notify." for the members of the `notify` object.
    var keyPrefix = ""
    /// How many of the unknown keys `unknownKeys` reports: a command stops at the first
    /// problem, so a file of ten thousand unknown keys costs it one suggestion, not ten thousand.
    var unknownKeysWanted = Int.max

    /// `problem` marked with `N_`, its `{names}` filled from `values`.
    func invalid(_ key: String, _ problem: String, _ values: [String: String] = [:]) -> ConfigError {
        invalid(key, LocalizedText(problem, data: values))
    }

    func invalid(_ key: String, _ problem: LocalizedText) -> ConfigError {
        .invalidValue(path: path, key: keyPrefix + key, problem: problem)
    }

    /// `problem` for `typed`, a value of `key` that is none of `choices`, with the one it may
    /// mean as the hint ("metrik": did you mean 'metric'?), as an unknown key has.
    func invalid(_ key: String, _ problem: String, _ values: [String: String] = [:], typed: String, choices: [String]) -> ConfigError {
        .invalidValue(path: path, key: keyPrefix + key, problem: LocalizedText(problem, data: values),
                      suggestion: closestMatch(to: typed, among: choices))
    }

    /// An error for each key that is not one of `known`, with the known key it may mean.
    func unknownKeys(_ known: [String]) -> [ConfigError] {
        Array(values.keys.sorted().lazy.filter { !known.contains($0) }.prefix(unknownKeysWanted).map { key in
            let lowered = key.lowercased().replacingAll("-", with: "_")
            let suggestion = known.first { $0 == lowered } ?? known.first { $0.hasPrefix(lowered) || lowered.hasPrefix($0) }
                ?? closestMatch(to: lowered, among: known)
            return ConfigError.unknownKey(path: path, key: keyPrefix + key, suggestion: suggestion.map { keyPrefix + $0 })
        })
    }

    /// The string under `key`; nil when absent or null.
    func string(_ key: String) throws(ConfigError) -> String? {
        guard let node = values[key], !node.isNull else { return nil }
        guard let value = try? node.string() else { throw invalid(key, N_("must be a string")) }
        guard !value.isEmpty else { throw invalid(key, N_("must not be empty (use null for the default)")) }
        return value
    }

    /// A file named under `key`; a relative path is taken from the configuration file's folder,
    /// so it means the same from cron as from the shell.
    func path(_ key: String) throws(ConfigError) -> String? {
        guard let value = try string(key) else { return nil }
        return Self.file(value, namedIn: path)
    }

    /// The file `value` names in the configuration file at `configFile`.
    static func file(_ value: String, namedIn configFile: String) -> String {
        value.hasPrefix("/") ? value : AtomicFile.parentFolder(of: configFile) + "/" + value
    }

    /// `true` or `false` under `key`; nil when absent or null.
    func boolean(_ key: String) throws(ConfigError) -> Bool? {
        guard let node = values[key], !node.isNull else { return nil }
        switch node.kind {
        case .trueValue: return true
        case .falseValue: return false
        default: throw invalid(key, N_("must be true or false"))
        }
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double? {
        guard let node = values[key], !node.isNull else { return nil }
        guard node.kind == .number, let value = try? node.number() else { throw invalid(key, N_("must be a number")) }
        guard range.contains(value) else { throw invalid(key, N_("must be between {lowest} and {highest}"), ["lowest": String(Int(range.lowerBound)), "highest": String(Int(range.upperBound))]) }
        return value
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let value = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard value.rounded() == value else { throw invalid(key, N_("must be a whole number")) }
        return Int(value)
    }
}
