import RainKit

extension CommandParser {
    /// How to answer even a line that does not parse: whether `--ascii` is on it, and
    /// `--lang`'s value (`--lang de`, `--lang=de`; the last one, when it is a language code),
    /// both read before `--` without parsing the rest.
    func presentation(askedIn tokens: [String]) -> (asciiOnly: Bool, language: String?) {
        let ascii = "--" + GlobalOptions.ascii.definition.long, lang = "--" + GlobalOptions.lang.definition.long
        let options = tokens.prefix { $0 != "--" }
        var language: String?
        for (index, token) in zip(options.indices, options) {
            if token == lang, index + 1 < options.endIndex { language = options[index + 1] }
            if token.hasPrefix(lang + "=") { language = String(token.dropFirst(lang.count + 1)) }
        }
        return (options.contains(ascii), language.flatMap { SettingsLoader.isLanguageCode($0) ? $0 : nil })
    }
}
