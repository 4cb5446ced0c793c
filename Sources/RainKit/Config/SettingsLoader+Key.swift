import Glibc

/// The API key: where it came from, and the checks on it and on the file that holds it.
extension SettingsLoader {
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

    static func validKey(_ key: String, source: String) throws(ConfigError) -> APIKey {
        let key = key.trimmed
        guard !key.isEmpty else { throw .unusableKey(source: source, problem: LocalizedText(N_("is empty"))) }
        let allowed = key.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"/?#%&=+\"\\".unicodeScalars.contains($0) }
        guard allowed else { throw .unusableKey(source: source, problem: LocalizedText(N_("contains characters an API key cannot have"))) }
        guard APIKey.isLongEnough(key) else {
            throw .unusableKey(source: source, problem: LocalizedText(N_("is shorter than {count} characters or has no letter"),
                                                                      ["count": .verbatim(String(APIKey.minimumLength))]))
        }
        return APIKey(key)
    }

    /// `api_key` in the configuration file, which then holds the key as a key file does and is
    /// held to its rule: a file group or others can read or write is refused.
    static func keyInConfiguration(_ key: String, file path: String) throws(ConfigError) -> APIKey {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o077 != 0 { throw .insecureKeyInConfiguration(path: path, mode: UInt32(info.st_mode)) }
        return try validKey(key, source: "api_key in \(path)")
    }

    /// Like ssh with a private key: a file others can read is refused.
    static func readKeyFile(_ path: String) throws(ConfigError) -> APIKey {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unusableKey(source: path, problem: LocalizedText(N_("cannot be read: {reason}"), ["reason": SystemErrorText.text(errno)]))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unusableKey(source: path, problem: LocalizedText(N_("is not a regular file"))) }
        guard info.st_mode & 0o077 == 0 else { throw .insecureKeyFile(path: path, mode: UInt32(info.st_mode)) }
        return try key(inFile: path)
    }

    /// The key a file holds, whoever can read the file.
    private static func key(inFile path: String) throws(ConfigError) -> APIKey {
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(path, limit: .apiKey)
        } catch {
            throw .unusableKey(source: path, problem: LocalizedText(N_("cannot be read: {reason}"), ["reason": error.problem]))
        }
        guard let bytes, let text = String(validating: bytes, as: UTF8.self) else {
            throw .unusableKey(source: path, problem: LocalizedText(N_("is not text")))
        }
        return try validKey(text, source: path)
    }
}
