/// The units and the language: the preset and each quantity's own unit, the clock, and the
/// language of messages, each with where it came from.
extension SettingsLoader {
    /// Choices made for one run (`--units`, `--lang`), above the configuration.
    public struct RunChoices: Sendable, Equatable {
        public var units: UnitsPreset?
        public var language: String?
        /// Output can only show ASCII (`--ascii`, or a locale whose character set is not UTF-8):
        /// a language not written in Latin letters is English then, its letters would be "?".
        public var asciiOnly: Bool

        public init(units: UnitsPreset? = nil, language: String? = nil, asciiOnly: Bool = false) {
            self.units = units
            self.language = language
            self.asciiOnly = asciiOnly
        }

        func isShowable(_ locale: String) -> Bool {
            !asciiOnly || LocaleLanguage.code(locale).map(LocaleLanguage.isWrittenInLatinLetters) ?? true
        }
    }

    /// The language of messages without the configuration file (which could not be used):
    /// `--lang`, else the locale's, else English.
    public static func messagesLocale(choices: RunChoices, environment: [String: String]) -> String {
        let locale = choices.language ?? LocaleLanguage.variable(in: environment)?.value ?? "en"
        return choices.isShowable(locale) ? locale : "en"
    }

    /// Whether rain's messages can be in `locale`'s language: English, or a catalogue it ships.
    static func hasCatalogue(_ locale: String) -> Bool {
        LocaleLanguage.code(locale) == "en"
            || CatalogueLocation.candidates(for: locale).contains { CatalogueLocation.languages.contains($0) }
    }

    /// Whether `code` can name a language: "de", "pt_BR", "zh-tw", "de_DE.UTF-8"; `C` and
    /// `POSIX` are English.
    public static func isLanguageCode(_ code: String) -> Bool {
        let name = code.prefix { $0 != "." && $0 != "@" }
        if name == "C" || name == "POSIX" { return true }
        return (2...10).contains(name.count) && name.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }
    }

    /// Reads `units`, the quantities' keys, `clock` and `language` into `settings`; the
    /// problems found, each leaving its setting at what it was.
    func readUnitsAndLanguage(_ file: ConfigValues, into settings: inout Settings) -> [ConfigError] {
        var problems: [ConfigError] = []
        func check(_ body: () throws(ConfigError) -> Void) {
            do { try body() } catch { problems.append(error) }
        }
        settings.origins["units"] = "default"
        check { () throws(ConfigError) in
            guard let units = try file.string("units") else { return }
            guard let value = UnitsPreset(rawValue: units) else {
                throw file.invalid("units", N_("must be one of {names}"), ["names": UnitsPreset.names], typed: units, choices: UnitsPreset.allCases.map(\.rawValue))
            }
            settings.units = value.system
            settings.unitsName = value.rawValue
            settings.origins["units"] = "configuration"
        }
        if let units = choices.units {
            settings.units = units.system
            settings.unitsName = units.rawValue
            settings.origins["units"] = "--units"
        }
        settings.displayUnits = DisplayUnits(preset: settings.units)
        for key in DisplayUnits.keys {
            settings.origins[key] = key == "clock" ? "default" : "units \(settings.unitsName)"
            check { () throws(ConfigError) in
                guard let name = try file.string(key) else { return }
                guard settings.displayUnits.set(key, to: name) else {
                    let names = DisplayUnits.names(of: key)
                    throw file.invalid(key, N_("must be one of {names}"), ["names": names.joined(separator: ", ")], typed: name, choices: names)
                }
                settings.origins[key] = "configuration"
            }
        }

        settings.origins["language"] = "default"
        var locale: String?
        check { () throws(ConfigError) in
            guard let language = try file.string("language") else { return }
            guard Self.isLanguageCode(language) else { throw file.invalid("language", N_("must be a language code such as \"en\", \"de\" or \"pt_BR\"")) }
            locale = language
            settings.origins["language"] = "configuration"
        }
        if let language = choices.language {
            locale = language
            settings.origins["language"] = "--lang"
        } else if locale == nil, let (variable, value) = LocaleLanguage.variable(in: environment) {
            locale = value
            settings.origins["language"] = "\(variable) in the environment"
        }
        if let shown = locale, !choices.isShowable(shown) {
            locale = "en"
            settings.origins["language"] = "\(settings.origins["language"] ?? "default"): \(shown), which ASCII output cannot show"
        }
        if let asked = locale, !Self.hasCatalogue(asked) {
            // Any other language is English (README, "Language"): said where it was asked for.
            settings.origins["language"] = "\(settings.origins["language"] ?? "default"): \(asked), not available; English"
        }
        if let locale {
            settings.messagesLocale = LocaleLanguage.code(locale) == nil ? "en" : locale
            settings.language = LocaleLanguage.code(locale) ?? "en"
        }
        settings.twelveHourClock = switch settings.displayUnits.clock {
        case .h12: true
        case .h24: false
        case .auto: LocaleLanguage.readsTwelveHourClock(locale: settings.messagesLocale, preset: settings.units)
        }
        return problems
    }
}
