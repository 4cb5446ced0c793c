/// The language the user's locale asks for, as providers take it: "de", "pt", "zh-tw". Read
/// as gettext does: the first entry of `LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`; `C`
/// and `POSIX` mean English. nil when none of them names a language.
enum LocaleLanguage {
    static let variables = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

    static func preferred(in environment: [String: String]) -> String? {
        variable(in: environment).flatMap { code($0.value) }
    }

    /// The variable that decides, and the locale it names ("en" for `C` and `POSIX`).
    static func variable(in environment: [String: String]) -> (name: String, value: String)? {
        for variable in variables {
            guard let value = environment[variable], !value.isEmpty else { continue }
            let first = variable == "LANGUAGE" ? String(value.split(separator: ":").first ?? "") : value
            if code(first) != nil { return (variable, first) }
            if first == "C" || first == "POSIX" || first.hasPrefix("C.") { return (variable, "en") }
        }
        return nil
    }

    /// "de_DE.UTF-8@euro" -> "de"; "zh_TW" -> "zh-tw" (Chinese is asked for by script); nil for
    /// anything that is not a language code.
    static func code(_ locale: String) -> String? {
        let parts = parts(locale).map { $0.lowercased() }
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        if language == "zh", let region = parts.dropFirst().first, ["tw", "hk", "mo"].contains(region) { return "zh-tw" }
        return language
    }

    /// "de_DE.UTF-8@euro" -> ["de", "DE"]: language and country, without codeset and modifier.
    static func parts(_ locale: String) -> [Substring] {
        locale.prefix { $0 != "." && $0 != "@" }.split(whereSeparator: { $0 == "_" || $0 == "-" })
    }

    /// Languages written in Latin letters, which ASCII output still shows with their accents
    /// folded ("Regen in 10 Minuten", "Previsao"); a test holds rain's catalogues to this list.
    static let latinLetterLanguages: Set<String> = ["en", "de", "fr", "es", "pt", "it", "nl", "pl"]

    /// Whether `language` ("pt", "zh-tw", "pt_BR") is one of `latinLetterLanguages`.
    package static func isWrittenInLatinLetters(_ language: String) -> Bool {
        latinLetterLanguages.contains(primary(language))
    }

    /// The primary subtag, which is what the geocoder matches its names by: "zh-tw" -> "zh".
    static func primary(_ language: String) -> String {
        String(language.lowercased().prefix { $0.isLetter })
    }

    /// Countries whose clocks read 12 hours with AM and PM in their own language's usage.
    static let twelveHourCountries: Set<String> = ["US", "CA", "AU", "NZ", "PH", "IN", "PK", "EG", "SA"]

    /// `clock: auto`: 12-hour for a locale of such a country ("en_US"), 24-hour for any other
    /// country, and with no country named (`C`, "de") 12-hour only for the `us` preset.
    static func readsTwelveHourClock(locale: String, preset: UnitSystem) -> Bool {
        let parts = parts(locale)
        guard parts.count > 1 else { return preset == .us && (parts.first.map { $0.lowercased() == "en" } ?? true) }
        return twelveHourCountries.contains(parts[1].uppercased())
    }
}
