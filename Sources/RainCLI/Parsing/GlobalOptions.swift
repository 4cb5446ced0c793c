import RainKit
import RainTerminal

/// Options every command takes, wherever they stand on the line.
enum GlobalOptions {
    static let config = Option<String>("config", value: "file", help: "The configuration file to read, which must exist (or, for 'config init', to write).", completion: .file)
    static let color = Option<ColorMode>("color", value: "when", help: "Colour the output: auto, always or never.")
    static let ascii = Flag("ascii", help: "Only ASCII in the output (also when the locale is not UTF-8).")
    static let units = Option<UnitsPreset>("units", value: "preset", help: "Units for this run: si, us, ca, uk or metric (°C, km/h, mm, hPa; si has m/s). A quantity's own unit in the configuration still applies.")
    static let lang = Option<String>("lang", value: "language", help: "The language of this run's messages and screens, such as de, ja or pt_BR.",
                                     expectation: N_("a language code such as en, de or pt_BR"),
                                     convert: { SettingsLoader.isLanguageCode($0) ? $0 : nil })
    static let help = Flag("help", short: "h", help: "Show help information.")
    /// Only the root command takes it.
    static let version = Flag("version", help: "Show the version.")

    static let definitions = [config.definition, units.definition, lang.definition, color.definition, ascii.definition, help.definition]

    /// How many of the first `words` are global options and their values (`--lang de`,
    /// `--config=x.json`); more than there are when the last option's value is missing.
    static func leadingCount(in words: [String]) -> Int {
        var index = 0
        while index < words.count, words[index].hasPrefix("--") {
            let name = words[index].dropFirst(2).prefix { $0 != "=" }
            guard let option = definitions.first(where: { $0.long == name }) else { break }
            if case .value = option.kind, !words[index].contains("=") { index += 1 }
            index += 1
        }
        return index
    }
}
