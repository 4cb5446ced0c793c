/// What is wrong with the configuration. Every message names the file or key and the problem.
public enum ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingFile(path: String)
    case unreadable(path: String, reason: LocalizedText)
    /// Nothing but whitespace (what an older rain killed in `config init` left); `named`: the
    /// file was named by `--config` or `RAIN_CONFIG`.
    case empty(path: String, named: Bool)
    case notJSON(path: String)
    case unknownKey(path: String, key: String, suggestion: String?)
    /// `problem` says what the value must be; `suggestion`, the value of a closed list the
    /// one given may mean ("metrik": "metric").
    case invalidValue(path: String, key: String, problem: LocalizedText, suggestion: String? = nil)
    case insecureKeyFile(path: String, mode: UInt32)
    /// The configuration file holds `api_key` and group or others can read or write it.
    case insecureKeyInConfiguration(path: String, mode: UInt32)
    case unusableKey(source: String, problem: LocalizedText)

    public var text: LocalizedText {
        switch self {
        case .missingFile(let path): return LocalizedText(N_("the configuration file {path} does not exist"), ["path": .verbatim(path)])
        // The path and the reason (a parser's, with its place) each on a line of their own.
        case .unreadable(let path, let reason):
            return LocalizedText(N_("cannot read the configuration file:")) + .dataLine(path) + .verbatim("\n") + reason
        case .empty(let path, _):
            return LocalizedText(N_("cannot read the configuration file:")) + .dataLine(path) + .verbatim("\n") + LocalizedText(N_("the file is empty"))
        case .notJSON(let path): return LocalizedText(N_("{path} is not a JSON object"), ["path": .verbatim(path)])
        case .unknownKey(let path, let key, _):
            return Self.inFile(path, LocalizedText(N_("unknown key '{key}'"), ["key": .verbatim(key.strippingControlCharacters)]))
        case .invalidValue(let path, let key, let problem, _):
            return Self.inFile(path, LocalizedText(N_("'{key}' {problem}"), ["key": .verbatim(key), "problem": problem]))
        case .insecureKeyFile(let path, let mode):
            return LocalizedText(N_("the API key file is open to group or others (mode {mode}):"),
                                 ["mode": .verbatim(String(mode & 0o777, radix: 8))]) + .dataLine(path)
        case .insecureKeyInConfiguration(let path, let mode):
            return LocalizedText(N_("api_key is in a file open to group or others (mode {mode}):"),
                                 ["mode": .verbatim(String(mode & 0o777, radix: 8))]) + .dataLine(path)
        // A file's path and its problem on lines of their own, as the configuration file's
        // (with the path inline a missing file's line ran to 100 columns).
        case .unusableKey(let source, let problem) where source.contains("/"):
            return LocalizedText(N_("cannot use the API key file:")) + .dataLine(source) + .verbatim("\n") + problem
        case .unusableKey(let source, let problem):
            return LocalizedText(N_("the API key from {source} {problem}"), ["source": .verbatim(source), "problem": problem])
        }
    }

    /// "PATH:" on a line, the problem under it (a path and a problem on one line ran to 92
    /// columns and more); an environment variable's name and its problem stay on one line.
    private static func inFile(_ path: String, _ problem: LocalizedText) -> LocalizedText {
        path.contains("/") ? .verbatim(path + ":\n") + problem : .verbatim(path + ": ") + problem
    }

    public var hintText: LocalizedText? {
        switch self {
        case .missingFile(let path):
            return LocalizedText(N_("create it with: {command}"), ["command": .verbatim("rain config init --config \(ShellWords.quoted(path))")])
        case .insecureKeyFile(let path, _), .insecureKeyInConfiguration(let path, _): return .verbatim("chmod 600 \(path)")
        // `config init` fills an empty file (`ConfigInitializer`).
        case .empty(let path, let named):
            return LocalizedText(N_("write a new one with: {command}"),
                                 ["command": .verbatim("rain config init" + (named ? " --config \(ShellWords.quoted(path))" : ""))])
        case .unknownKey(_, _, let suggestion?), .invalidValue(_, _, _, let suggestion?): return .didYouMean(suggestion)
        case .unknownKey, .invalidValue, .notJSON: return ConfigExample.hintText
        case .unreadable, .unusableKey: return nil
        }
    }
}
