import RainKit
import RainTerminal

/// Which of the places a name lookup found is meant, for `locations add NAME` and for a show of
/// a name that is not saved: `--pick N`, the only one, or the pick list on a terminal.
/// Elsewhere, with several, `add` refuses to guess; `show` takes the first (the geocoder's
/// best-known) and says how to choose another.
struct PlaceChoice {
    enum WhenSeveral { case refuse, takeFirst }

    var query: String
    var pick: Int?
    var countryCode: String?
    /// The command as a hint repeats it, without the name: "rain locations add".
    var command: String
    var whenSeveral: WhenSeveral
    /// A saved place's name the query nearly is: the hint when no place has the name.
    var nearestSaved: String?
    /// The name stood where a command goes (`rain xyzzy`): none found is no command either.
    var mayBeACommand = false

    /// This lookup again with `--pick N`.
    private func again(pick: Int) -> String {
        let options = (countryCode.map { ["--country \($0)"] } ?? []) + ["--pick \(pick)"]
        return ([command] + Self.arguments(name: query, options: options)).joined(separator: " ")
    }

    /// A name and options as a hint writes them to be read back: the name first, or last after
    /// `--` when it starts with '-' (where it would be an option).
    static func arguments(name: String, options: [String]) -> [String] {
        name.hasPrefix("-") ? options + ["--", ShellWords.quoted(name)] : [ShellWords.quoted(name)] + options
    }

    /// `--pick` and `--country` as given, checked: a number a lookup can list, a two-letter code.
    static func checked(pick: Int?, country: String?) throws -> (pick: Int?, countryCode: String?) {
        if let pick, !(1...PlaceLookup.maximumMatches).contains(pick) {
            throw ValidationError(N_("'--pick {pick}': give a number from 1 to {most}"),
                                  ["pick": "\(pick)", "most": "\(PlaceLookup.maximumMatches)"])
        }
        if let country, !(country.count == 2 && country.allSatisfy { $0.isASCII && $0.isLetter }) {
            throw ValidationError(N_("'--country {value}': give a two-letter country code, e.g. DE"), ["value": country.strippingControlCharacters])
        }
        return (pick, country?.uppercased())
    }

    /// The place meant; nil when the user left the pick list without choosing.
    func choose(among places: [PlaceMatch], _ context: CommandContext) throws -> PlaceMatch? {
        let words = context.localization
        let quoted = "\"\(query.strippingControlCharacters)\""
        guard !places.isEmpty else {
            let coordinates = whenSeveral == .refuse
                ? (["rain locations add"] + Self.arguments(name: query, options: ["--lat LAT --lon LON"])).joined(separator: " ")
                : "rain show --lat LAT --lon LON"
            throw CommandFailure(
                countryCode.map { LocalizedText(N_("no place named {name} was found in {country}"), ["name": .verbatim(quoted), "country": .verbatim($0)]) }
                    ?? (mayBeACommand && !query.contains(" ")
                        ? LocalizedText(N_("unknown command or place '{word}'"), ["word": .verbatim(query.strippingControlCharacters)])
                        : LocalizedText(N_("no place named {name} was found"), ["name": .verbatim(quoted)])),
                hint: nearestSaved.map { .didYouMean($0.strippingControlCharacters) }
                    ?? LocalizedText(lines: [LocalizedText(N_("check the spelling, or give the place's coordinates:")), .verbatim(coordinates)]),
                kind: .badData)
        }
        if let pick {
            guard pick <= places.count else {
                throw CommandFailure(
                    LocalizedText.trn("'--pick {pick}': only 1 place is named {name}: {list}", "'--pick {pick}': only {count} places are named {name}: {list}",
                                      count: places.count, ["pick": .verbatim(String(pick)), "name": .verbatim(quoted), "list": .verbatim(Self.listing(places))]),
                    hint: places.count == 1 ? LocalizedText(N_("leave out --pick"))
                        : LocalizedText(N_("choose one with --pick 1 to --pick {count}"), ["count": .verbatim(String(places.count))]), kind: .badData)
            }
            return places[pick - 1]
        }
        if places.count == 1 { return places[0] }
        let narrowing = countryCode == nil ? [LocalizedText(N_("or narrow the search with --country CODE"))] : []
        guard context.console.isInputTerminal && context.console.isOutputTerminal else {
            switch whenSeveral {
            case .refuse:
                throw CommandFailure(LocalizedText(N_("{count} places are named {name}: {list}"),
                                                   ["count": .verbatim(String(places.count)), "name": .verbatim(quoted), "list": .verbatim(Self.listing(places))]),
                                     hint: LocalizedText(lines: [LocalizedText(N_("choose one, e.g. {command}"), ["command": .verbatim(again(pick: 1))])] + narrowing),
                                     kind: .badData)
            case .takeFirst:
                let another = countryCode == nil
                    ? words.tr("another: {command}, or narrow with --country CODE", ["command": again(pick: 2)])
                    : words.tr("another: {command}", ["command": again(pick: 2)])
                context.report(ErrorReport(message: words.tr("showing {name} (1 of {count} with that name)",
                                                             ["name": places[0].qualifiedName, "count": String(places.count)]),
                                           hint: another,
                                           exitCode: .success),
                               as: .notice)
                return places[0]
            }
        }
        let purpose: PlacePicker.Purpose = whenSeveral == .refuse ? .add : .show
        let outcome = try PickerSession.run({ PlacePicker(query: query, places: places, height: $0, purpose: purpose, localization: context.localization) },
                                            useColor: context.useColor, asciiOnly: context.asciiOnly, environment: context.environment)
        switch outcome {
        case .answer(let row): return places[row]
        case .cancelled: return nil
        case .interrupted(let signal): Signals.terminate(with: signal)
        }
    }

    /// "1) Paris, Île-de-France, France (48.85, 2.35)", a line each, under the error's first
    /// (one line of them all ran to 145 columns and more).
    static func listing(_ places: [PlaceMatch]) -> String {
        places.enumerated().map { "\n\($0.offset + 1)) \($0.element.qualifiedName.strippingControlCharacters) \($0.element.shortCoordinates)" }
            .joined()
    }
}
