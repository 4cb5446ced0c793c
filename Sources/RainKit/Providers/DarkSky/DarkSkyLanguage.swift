/// The `lang=` a Dark Sky-compatible server is asked for: Pirate Weather answers 400
/// "Language Not Supported" to any language it has no translation for
/// (Pirate-Weather/pirate-weather-code `API/request/preprocess.py`, `prepare_initial_request`:
/// `if lang not in translations`), so such a language is asked as English, the server's own
/// default, and its summaries come in English as the screens around them do.
enum DarkSkyLanguage {
    /// Pirate Weather's translations: the modules of Pirate-Weather/translations
    /// `pirateweather_translations/lang/` (`dynamic_loader.py` keys each by its file name),
    /// `x-pig-latin` left out.
    static let translated: Set<String> = [
        "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "eo", "es", "et", "fa", "fi", "fr",
        "ga", "gd", "he", "hi", "hr", "hu", "id", "is", "it", "ja", "ka", "kn", "ko", "kw", "lv", "ml", "mr", "nl", "no",
        "pa", "pl", "pt", "ro", "ru", "sk", "sl", "sr", "sv", "ta", "te", "tet", "tr", "uk", "ur", "vi", "zh", "zh-tw",
    ]

    /// `language` as `LocaleLanguage.code` gives it ("nb", "zh-tw") to the code the server
    /// takes: Norwegian Bokmål and Nynorsk are its `no`; one it lacks is `en`.
    static func asked(for language: String) -> String {
        let code = language.lowercased()
        if code == "nb" || code == "nn" { return "no" }
        return translated.contains(code) ? code : "en"
    }
}
