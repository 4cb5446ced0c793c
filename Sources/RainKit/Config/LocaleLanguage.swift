/// The language the user's locale asks for, as providers take it: "de", "pt", "zh-tw". Read
/// as gettext does: the first entry of `LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`; `C`
/// and `POSIX` mean English. nil when none of them names a language.
enum LocaleLanguage {
    static let variables = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

    static func preferred(in environment: [String: String]) -> String? {
        for variable in variables {
            guard let value = environment[variable], !value.isEmpty else { continue }
            let first = variable == "LANGUAGE" ? String(value.split(separator: ":").first ?? "") : value
            if let language = code(first) { return language }
            if first == "C" || first == "POSIX" || first.hasPrefix("C.") { return "en" }
        }
        return nil
    }

    /// "de_DE.UTF-8@euro" -> "de"; "zh_TW" -> "zh-tw" (Chinese is asked for by script); nil for
    /// anything that is not a language code.
    static func code(_ locale: String) -> String? {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        let parts = name.split(separator: "_", maxSplits: 1).map { $0.lowercased() }
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        if language == "zh", let region = parts.dropFirst().first, ["tw", "hk", "mo"].contains(region) { return "zh-tw" }
        return language
    }

    /// The primary subtag, which is what the geocoder matches its names by: "zh-tw" -> "zh".
    static func primary(_ language: String) -> String {
        String(language.lowercased().prefix { $0.isLetter })
    }
}
