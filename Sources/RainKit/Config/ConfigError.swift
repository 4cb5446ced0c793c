/// What is wrong with the configuration. Every message names the file or key and the problem.
public enum ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingFile(path: String)
    case unreadable(path: String, reason: LocalizedText)
    case notJSON(path: String)
    case unknownKey(path: String, key: String, suggestion: String?)
    /// `problem` says what the value must be.
    case invalidValue(path: String, key: String, problem: LocalizedText)
    case insecureKeyFile(path: String, mode: UInt32)
    case unusableKey(source: String, problem: LocalizedText)

    public var description: String {
        switch self {
        case .missingFile(let path):
            return "the configuration file \(path) does not exist"
        case .unreadable(let path, let reason):
            return "cannot read the configuration file \(path): \(reason)"
        case .notJSON(let path):
            return "\(path) is not a JSON object"
        case .unknownKey(let path, let key, _):
            return "\(path): unknown key '\(key.strippingControlCharacters)'"
        case .invalidValue(let path, let key, let problem):
            return "\(path): '\(key)' \(problem)"
        case .insecureKeyFile(let path, let mode):
            return "the API key file \(path) can be read or written by group or others (mode \(String(mode & 0o777, radix: 8)))"
        case .unusableKey(let source, let problem):
            return "the API key from \(source) \(problem)"
        }
    }

    public var hint: String? {
        switch self {
        case .missingFile(let path): return "create it with: rain config init --config \(Self.shellWord(path))"
        case .insecureKeyFile(let path, _): return "chmod 600 \(path)"
        case .unknownKey(_, _, let suggestion?): return "did you mean '\(suggestion)'?"
        case .unknownKey, .invalidValue, .notJSON: return ConfigExample.hint
        default: return nil
        }
    }

    /// `path` as one word a shell reads back as it is.
    static func shellWord(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "/._-+,:@%=~".unicodeScalars.contains(scalar))
        }
        return plain && !path.isEmpty ? path : "'" + path.replacingAll("'", with: #"'\''"#) + "'"
    }
}

extension ConfigError {
    /// The errors met most, in the user's language; the others in English.
    public func message(in localization: Localization) -> String {
        switch self {
        case .missingFile(let path): return localization.tr("the configuration file {path} does not exist", ["path": path])
        case .unknownKey(let path, let key, _):
            return localization.tr("{path}: unknown key '{key}'", ["path": path, "key": key.strippingControlCharacters])
        case .unreadable(let path, let reason):
            return localization.tr("cannot read the configuration file {path}: {reason}", ["path": path, "reason": localization.tr(reason)])
        case .notJSON(let path): return localization.tr("{path} is not a JSON object", ["path": path])
        case .unusableKey(let source, let problem):
            return localization.tr("the API key from {source} {problem}", ["source": source, "problem": localization.tr(problem)])
        case .invalidValue(let path, let key, let problem):
            return localization.tr("{path}: '{key}' {problem}", ["path": path, "key": key, "problem": localization.tr(problem)])
        case .insecureKeyFile(let path, let mode):
            return localization.tr("the API key file {path} can be read or written by group or others (mode {mode})",
                                   ["path": path, "mode": String(mode & 0o777, radix: 8)])
        }
    }

    public func hint(in localization: Localization) -> String? {
        switch self {
        case .missingFile(let path):
            return localization.tr("create it with: {command}", ["command": "rain config init --config \(Self.shellWord(path))"])
        case .unknownKey(_, _, let suggestion?): return localization.tr("did you mean '{suggestion}'?", ["suggestion": suggestion])
        case .unknownKey, .invalidValue, .notJSON: return ConfigExample.hint(in: localization)
        default: return hint
        }
    }
}
