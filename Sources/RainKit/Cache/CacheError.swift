/// Why the forecast cache could not be used. Every case names the file.
public enum CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, a folder in its place, ...).
    case unreadable(path: String, reason: LocalizedText)
    /// The file was read but is not a forecast document rain understands. It is left as it is;
    /// the next successful refresh replaces it.
    case corrupt(path: String, reason: LocalizedText, field: String?)
    /// The file could not be written or removed; the previous file is intact.
    case unwritable(path: String, reason: LocalizedText)

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
    /// A reason given as English text (what another part said), shown as it is.
    public static func corrupt(path: String, reason: String, field: String?) -> CacheError {
        .corrupt(path: path, reason: .verbatim(reason), field: field)
    }

    /// The line in the user's language.
    public func message(in localization: Localization) -> String {
        switch self {
        case .unreadable(let path, let reason):
            return localization.tr("cannot read the cached forecast {path}: {reason}", ["path": path, "reason": localization.tr(reason)])
        case .corrupt(let path, let reason, nil):
            return localization.tr("the cached forecast {path} is damaged: {reason}", ["path": path, "reason": localization.tr(reason)])
        case .corrupt(let path, let reason, let field?):
            return localization.tr("the cached forecast {path} is damaged: {reason} at {field}",
                                   ["path": path, "reason": localization.tr(reason), "field": field])
        case .unwritable(let path, let reason):
            return localization.tr("cannot write the cached forecast {path}: {reason}", ["path": path, "reason": localization.tr(reason)])
        }
    }
}
