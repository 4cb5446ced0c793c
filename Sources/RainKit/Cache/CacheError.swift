/// Why the forecast cache could not be used. Every case names the file.
public enum CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, a folder in its place, ...).
    case unreadable(path: String, reason: LocalizedText)
    /// The file was read but is not a forecast document rain understands. It is left as it is;
    /// the next successful refresh replaces it.
    case corrupt(path: String, reason: LocalizedText, field: String?)
    /// The file could not be written or removed; the previous file is intact.
    case unwritable(path: String, reason: LocalizedText)
    /// The forecast would make a file larger than rain reads back (an answer no real server
    /// sends): not written, the previous file intact.
    case tooLarge(path: String, reason: LocalizedText)
    /// The refresh lock could not be had (a read-only cache folder): a forecast fetched to be
    /// shown is not kept without it. The lock's own error.
    case unlocked(FileError)
}

extension CacheError {
    /// A reason given as English text (what another part said), shown as it is.
    static func corrupt(path: String, reason: String, field: String?) -> CacheError {
        .corrupt(path: path, reason: .verbatim(reason), field: field)
    }

    public var text: LocalizedText {
        switch self {
        case .unreadable(let path, let reason):
            return LocalizedText(N_("cannot read the cached forecast {path}: {reason}"), ["path": .verbatim(path), "reason": reason])
        case .corrupt(let path, let reason, nil):
            return LocalizedText(N_("the cached forecast {path} is damaged: {reason}"), ["path": .verbatim(path), "reason": reason])
        case .corrupt(let path, let reason, let field?):
            return LocalizedText(N_("the cached forecast {path} is damaged: {reason} at {field}"),
                                 ["path": .verbatim(path), "reason": reason, "field": .verbatim(field)])
        case .unwritable(let path, let reason), .tooLarge(let path, let reason):
            return LocalizedText(N_("cannot write the cached forecast {path}: {reason}"), ["path": .verbatim(path), "reason": reason])
        case .unlocked(let error):
            return error.text
        }
    }
}

extension CacheError {
    /// Whether the forecast was too large to keep, rather than the folder or file unwritable.
    public var isTooLarge: Bool {
        if case .tooLarge = self { return true }
        return false
    }
}
