import RainKit
import RainTerminal

/// `rain locations select LOC | --none`
struct LocationsSelectCommand: RunnableCommand {
    var savesChanges: Bool { true }
    static let configuration = CommandConfiguration(
        commandName: "select",
        abstract: "Make a saved place, or none, the current location.",
        discussion: """
        The current location is never removed. To remove it, select another place first; to \
        remove the last place, select none. Until a place is selected again, 'rain' and \
        'rain show' need a LOC. Without a LOC, a terminal shows the saved places to pick from \
        (enter selects, q cancels).
        """,
        arguments: [place],
        options: [none]
    )

    static let place = ArgumentDefinition.place(optional: true)
    static let none = Flag("none", help: "Leave no place selected as the current location.")

    var reference: String?
    var none: Bool

    init(parsed: ParsedValues) throws {
        reference = parsed[Self.place]
        none = parsed[Self.none]
        if none && reference != nil { throw ValidationError(N_("give either a location or '--none', not both")) }
    }

    func run(_ context: CommandContext) async throws {
        if none {
            let store = context.store
            let previous = try await DetachedThread.run { try store.selectNone() }
            let words = context.localization
            context.print(previous.map {
                words.tr("No place is the current location now (was {name}, {id}); any place can be removed.",
                         ["name": $0.name.strippingControlCharacters, "id": $0.shortID])
            } ?? words.tr("No place is the current location now; any place can be removed."))
            return
        }
        guard let reference = try reference ?? picked(context) else {
            context.printError(context.localization.tr("Nothing changed."))
            return
        }
        let store = context.store
        let location = try await DetachedThread.run { try store.select(reference) }
        context.print(context.localization.tr("{name} ({id}) is now the current location.",
                                              ["name": location.name.strippingControlCharacters, "id": location.shortID]))
    }

    /// The ID of the place picked from the saved places on a terminal; nil when the user left
    /// the list. Elsewhere a LOC is needed, as ever.
    private func picked(_ context: CommandContext) throws -> String? {
        guard context.console.isInputTerminal && context.console.isOutputTerminal else {
            throw ValidationError(N_("missing expected argument '<loc>' (a terminal shows a pick list)"))
        }
        let list = try context.loadPlaces()
        guard !list.locations.isEmpty else { throw LocationsError.noLocations }
        let places = list.locations.map {
            PlaceMatch(name: $0.name, coordinate: $0.coordinate, region: $0.region, country: $0.country, timeZone: $0.timeZone)
        }
        let current = list.locations.firstIndex { $0.id == list.currentID } ?? 0
        let outcome = try PickerSession.run({ PlacePicker(query: "", places: places, height: $0, purpose: .select, cursor: current, localization: context.localization) },
                                            useColor: context.useColor, asciiOnly: context.asciiOnly, environment: context.environment)
        switch outcome {
        // The row, not the place: a place saved twice (--again) shows twice alike.
        case .answer(let row): return list.locations[row].idString
        case .cancelled: return nil
        case .interrupted(let signal): Signals.terminate(with: signal)
        }
    }
}
