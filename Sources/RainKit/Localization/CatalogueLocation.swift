import Glibc

/// Where rain's catalogues are: `PREFIX/share/locale/LANG/LC_MESSAGES/rain.mo` for
/// `PREFIX/bin/rain` (so an install under any PREFIX works without a rebuild), and for a rain
/// run from the build folder, the `locale` folder beside it that `make catalogues` (and the
/// tests) compile `po/*.po` into.
public enum CatalogueLocation {
    /// The catalogues rain ships, by their folder names.
    public static let languages = ["de", "es", "fr", "it", "ja", "nl", "pl", "pt_BR", "ru", "zh_CN"]

    /// The folders searched, from the running executable's: `BINDIR/../share/locale`, `BINDIR/locale`.
    public static func folders(executable: String? = runningExecutable()) -> [String] {
        guard let executable, let slash = executable.lastIndex(of: "/") else { return [] }
        let binFolder = String(executable[..<slash])
        let prefix = binFolder.lastIndex(of: "/").map { String(binFolder[..<$0]) } ?? "."
        return [prefix + "/share/locale", binFolder + "/locale"]
    }

    /// The catalogue names to try for a locale, as gettext does: "de_AT.UTF-8" -> de_AT, de;
    /// a language rain ships only for one country is that country's: "pt" -> pt_BR, "zh" -> zh_CN.
    public static func candidates(for locale: String) -> [String] {
        let parts = LocaleLanguage.parts(locale)
        guard let first = parts.first else { return [] }
        let language = first.lowercased()
        var names = parts.count > 1 ? [language + "_" + parts[1].uppercased()] : []
        names.append(language)
        if parts.count == 1, let only = languages.first(where: { $0.hasPrefix(language + "_") }) { names.append(only) }
        return names
    }

    /// The path of `locale`'s catalogue in the first folder that has one; nil when none does.
    public static func path(for locale: String, folders: [String] = folders()) -> (path: String, language: String)? {
        for folder in folders {
            for name in candidates(for: locale) {
                let path = "\(folder)/\(name)/LC_MESSAGES/rain.mo"
                if access(path, F_OK) == 0 { return (path, name) }
            }
        }
        return nil
    }

    /// The running binary's path, from `/proc/self/exe`.
    public static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Localization {
    /// The words of `locale` ("de_DE.UTF-8", "ja", "C"): its catalogue, read; English when it
    /// is English or rain has no catalogue for it (as gettext falls back, without an error).
    /// `loaded`, when it is that catalogue already, is returned as it is rather than read again.
    /// - Throws: `LocalizationError` when a catalogue is there but cannot be used.
    public static func load(locale: String, folders: [String] = CatalogueLocation.folders(),
                            unlessAlready loaded: Localization? = nil) throws(LocalizationError) -> Localization {
        guard let (path, language) = CatalogueLocation.path(for: locale, folders: folders), language != "en" else { return .english }
        if let loaded, loaded.language == language, loaded.catalogue != nil { return loaded }
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(path, limit: .messageCatalogue)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        guard let bytes else { return .english }
        do {
            return Localization(language: language, catalogue: try MessageCatalogue(mo: bytes))
        } catch {
            switch error {
            case .damaged(let reason): throw .unreadable(path: path, reason: reason)
            }
        }
    }
}

/// A catalogue of rain's that is there but cannot be read.
public enum LocalizationError: Error, Sendable, Equatable, CustomStringConvertible, RainError {
    case unreadable(path: String, reason: String)

    public var text: LocalizedText {
        switch self {
        case .unreadable(let path, let reason):
            return LocalizedText(N_("cannot read the message catalogue {path}: {reason}"), ["path": .verbatim(path), "reason": .verbatim(reason)])
        }
    }

    public var kind: ErrorKind { .localFile }
    public var hintText: LocalizedText? { LocalizedText(N_("reinstall rain, or run it with --lang en")) }
}
