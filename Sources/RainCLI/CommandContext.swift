import RainKit
import RainTerminal

/// What a command runs with: where to write, the environment, and the files it works on.
struct CommandContext: Sendable {
    let console: any Console
    let environment: [String: String]
    let paths: RainPaths
    /// `--config`, when given.
    let configOverride: String?
    /// `--units` and `--lang`.
    let choices: SettingsLoader.RunChoices
    let useColor: Bool
    /// Colour was asked for with `--color always` (and `NO_COLOR` allows it): output meant for
    /// other programs, such as status lines, is coloured only then.
    let colorAskedFor: Bool
    /// Symbols as ASCII (`--ascii`, or a locale that is not UTF-8); the console is an
    /// `ASCIIConsole` then.
    let asciiOnly: Bool
    /// Standard input is the terminal of this process (not a test's console): questions are
    /// answered with one key.
    let answersWithKeys: Bool
    let hintsGiven = HintsGiven()
    /// The configuration as checked before the command ran (nil for the commands that run
    /// without a valid one).
    var checkedConfiguration: SettingsLoader.CheckedFile?
    /// The language of messages: English until the configuration is checked and the catalogue read.
    var localization = Localization.english

    var store: LocationsStore { LocationsStore(paths: paths) }

    /// The saved places. A `current_location_id` that names no saved place (a hand edit) is
    /// taken as no current location, with a warning: `rain locations select` (or any change
    /// to the places) mends the file.
    func loadPlaces(from store: LocationsStore? = nil) throws -> LocationList {
        let (list, misspelt) = try (store ?? self.store).loadNotingMisspeltKeys()
        for (key, meant) in misspelt {
            report(ErrorReport(message: localization.tr("{path}: unknown key '{key}'", ["path": paths.defaultsFile, "key": key.strippingControlCharacters]),
                               hint: localization.tr("did you mean '{suggestion}'?", ["suggestion": meant]), exitCode: .success), as: .warning)
        }
        warnIfCurrentIsMissing(in: list)
        return list
    }

    func warnIfCurrentIsMissing(in list: LocationList) {
        if let id = list.currentID, list.current == nil {
            report(ErrorReport(message: localization.tr("{path}: current_location_id {id} names no saved place; no place is current",
                                                        ["path": paths.defaultsFile, "id": id.uuidString.lowercased()]),
                               hint: localization.tr("choose one: rain locations select LOC"), exitCode: .success), as: .warning)
        }
    }

    /// The units and clock `settings` ask for, in this run's language (read from the same
    /// configuration before the command ran).
    func presentation(_ settings: Settings) -> Presentation {
        Presentation(settings: settings, localization: localization)
    }

    /// The catalogue of this run's language: `--lang`, the checked configuration's `language`,
    /// or the locale's.
    func loadLocalization() throws(LocalizationError) -> Localization {
        let locale = checkedConfiguration?.messagesLocale ?? SettingsLoader.messagesLocale(choices: choices, environment: environment)
        return try Localization.load(locale: locale)
    }

    /// True when a person can be asked a question and answer it.
    var canAsk: Bool { console.isInputTerminal }

    func print(_ line: String = "") { console.write(line + "\n") }
    func printError(_ line: String) { console.writeError(line + "\n") }

    /// Writes JSON text exactly: never transliterated, its non-ASCII characters as `\\u`
    /// escapes when only ASCII may be shown.
    func writeJSON(_ text: String) { console.write(asciiOnly ? ASCIIConsole.escapingJSON(text) : text) }

    /// Asks a yes/no question. On a terminal one key answers it (y or the language's own letter,
    /// or anything else for no), as in the pickers; from other input a line: anything but y, yes
    /// or the language's letter or word is no.
    func confirm(_ question: String) -> Bool {
        let answers = YesNo(localization)
        console.writeError(question + " " + answers.choices + " ")
        if answersWithKeys, let yes = KeyAnswer.yes(console: console, environment: environment, asciiOnly: asciiOnly, answers: answers) {
            return yes
        }
        guard let answer = console.readLine()?.trimmingSpaces else {
            console.writeError("\n")
            return false
        }
        return answers.isYes(line: answer)
    }
}
