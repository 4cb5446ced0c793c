/// Why the forecast cache could not be used. Every case names the file.
public enum CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, a folder in its place, ...).
    case unreadable(path: String, reason: String)
    /// The file was read but is not a forecast document rain understands. It is left as it is;
    /// the next successful refresh replaces it.
    case corrupt(path: String, reason: String, field: String?)
    /// The file could not be written or removed; the previous file is intact.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read the cached forecast \(path): \(reason)"
        case .corrupt(let path, let reason, let field):
            return "the cached forecast \(path) is damaged: \(reason)\(field.map { " at \($0)" } ?? "")"
        case .unwritable(let path, let reason):
            return "cannot write the cached forecast \(path): \(reason)"
        }
    }
}

extension CacheError {
    /// The line in the user's language (the reason, the system's or the reader's words, stays as it is).
    public func message(in localization: Localization) -> String {
        switch self {
        case .unreadable(let path, let reason):
            return localization.tr("cannot read the cached forecast {path}: {reason}", ["path": path, "reason": reason])
        case .corrupt(let path, let reason, nil):
            return localization.tr("the cached forecast {path} is damaged: {reason}", ["path": path, "reason": reason])
        case .corrupt(let path, let reason, let field?):
            return localization.tr("the cached forecast {path} is damaged: {reason} at {field}", ["path": path, "reason": reason, "field": field])
        case .unwritable(let path, let reason):
            return localization.tr("cannot write the cached forecast {path}: {reason}", ["path": path, "reason": reason])
        }
    }
}
