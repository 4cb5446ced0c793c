import RainKit

extension CommandParser {
    /// How to answer even a line that does not parse: whether `--ascii` is on it,
    /// `--lang`'s value (`--lang de`, `--lang=de`; the last one, when it is a language code),
    /// and `--config`'s (the configuration whose key its errors hide), all read before `--`
    /// without parsing the rest.
    func presentation(askedIn tokens: [String]) -> (asciiOnly: Bool, language: String?, configuration: String?) {
        let options = tokens.prefix { $0 != "--" }
        func lastValue(of option: OptionDefinition) -> String? {
            let name = "--" + option.long
            var value: String?
            for (index, token) in zip(options.indices, options) {
                if token == name, index + 1 < options.endIndex { value = options[index + 1] }
                if token.hasPrefix(name + "=") { value = String(token.dropFirst(name.count + 1)) }
            }
            return value
        }
        let language = lastValue(of: GlobalOptions.lang.definition)
        return (options.contains("--" + GlobalOptions.ascii.definition.long), language.flatMap { SettingsLoader.isLanguageCode($0) ? $0 : nil },
                lastValue(of: GlobalOptions.config.definition))
    }
}
