/// The languages Pirate Weather writes its summaries in: Pirate-Weather/translations
/// `pirateweather_translations/lang/*.py`, which `dynamic_loader.py`'s `load_all_translations`
/// keys by file name. Pirate-Weather/pirate-weather-code `API/request/preprocess.py`,
/// `prepare_initial_request`: after the location is parsed, an absent or empty `lang` is
/// `en`, and any other not among these (case counts: `zh-tw`, not `zh-TW`; Norwegian is `no`,
/// not `nb` or `nn`) is `HTTPException(status_code=400, detail="Language Not Supported")`,
/// which FastAPI sends as `{"detail": "Language Not Supported"}`.
enum PirateWeatherLanguages {
    static let translated: Set<String> = [
        "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "eo", "es", "et", "fa", "fi", "fr",
        "ga", "gd", "he", "hi", "hr", "hu", "id", "is", "it", "ja", "ka", "kn", "ko", "kw", "lv", "ml", "mr", "nl", "no",
        "pa", "pl", "pt", "ro", "ru", "sk", "sl", "sr", "sv", "ta", "te", "tet", "tr", "uk", "ur", "vi", "x-pig-latin",
        "zh", "zh-tw",
    ]

    /// The refusal for a `lang` the server has no translation for; nil when it has one.
    static func refusal(of lang: String?) -> ServerResponse? {
        let asked = (lang?.isEmpty ?? true) ? "en" : lang!
        guard !translated.contains(asked) else { return nil }
        return .json(400, .object([("detail", .string("Language Not Supported"))]))
    }
}
