import RainKit
import RainTerminal

/// `rain locations remove LOC... [--yes]` or `rain locations remove --interactive`
struct LocationsRemoveCommand: RunnableCommand {
    var savesChanges: Bool { true }
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove saved places (never the current location).",
        discussion: """
        All or nothing: if one LOC is unknown, ambiguous or the current location, nothing is \
        removed. On a terminal rain asks first, and one key answers: y removes, any other \
        key does not; without a terminal pass --yes. With --interactive, pick the places from \
        a list instead: up/down or j/k move, space checks, a checks all, enter goes on, q or \
        Esc leaves.
        """,
        arguments: [places],
        options: [yes, interactive],
        usage: "<loc> ... [--yes] | --interactive"
    )

    /// The current location is not offered: removing it is refused.
    static let places = ArgumentDefinition(
        name: "loc", help: "The places: IDs, ID prefixes, numbers or names.", isOptional: true, isRepeating: true,
        completion: .removableLocations)
    static let yes = Flag("yes", short: "y", help: "Remove without asking.")
    static let interactive = Flag("interactive", short: "i", help: "Pick the places to remove from a list (needs a terminal).")

    var references: [String]
    var yes: Bool
    var interactive: Bool

    init(parsed: ParsedValues) throws {
        references = parsed.values(of: Self.places)
        yes = parsed[Self.yes]
        interactive = parsed[Self.interactive]
        if interactive, let first = references.first {
            throw ValidationError(N_("unexpected argument '{first}' with '--interactive'"), ["first": first])
        }
        if !interactive && references.isEmpty {
            throw ValidationError(N_("missing expected argument '<loc>' (or use '--interactive')"))
        }
    }

    func validate(in context: CommandContext) throws {
        guard interactive else { return }
        if !context.console.isInputTerminal {
            throw ValidationError(N_("'--interactive' needs a terminal, and standard input is not one"), hint: N_("name the places instead"))
        }
        if !context.console.isOutputTerminal {
            throw ValidationError(N_("'--interactive' needs a terminal, and standard output is not one"), hint: N_("name the places instead"))
        }
    }

    func run(_ context: CommandContext) async throws {
        let store = context.store
        let remover = LocationRemover(store: store, cache: ForecastCache(directory: context.paths.forecastsDirectory))
        if yes && !interactive {
            // Nothing to ask: the places are resolved and removed in one read of the file.
            let references = references
            let removal: LocationsStore.Removal
            do {
                removal = try await DetachedThread.run { try remover.remove(resolving: references) { context.warnIfCurrentIsMissing(in: $0) } }
            } catch {
                try context.rethrowHintingQuotes(error, references, command: "rain locations remove", in: nil)
            }
            return report(removal, of: removal.removed, context)
        }
        let list = try context.loadPlaces(from: store)
        let locations: [Location]
        if interactive {
            guard let picked = try pick(from: list, context) else { return }
            locations = picked
        } else {
            do {
                locations = try store.resolveForRemoval(references, in: list)
            } catch {
                try context.rethrowHintingQuotes(error, references, command: "rain locations remove", in: list)
            }
        }
        if !yes {
            guard context.canAsk else {
                throw CommandFailure(LocalizedText(N_("refusing to remove without confirmation: standard input is not a terminal")),
                                     hint: LocalizedText(N_("pass --yes to remove without asking")), kind: .usage)
            }
            guard context.confirm(RemovalPrompt.question(for: locations, in: context.localization)) else {
                context.printError(context.localization.tr("Nothing removed."))
                return
            }
        }
        let ids = locations.map(\.id)
        report(try await DetachedThread.run { try remover.remove(ids: ids) }, of: locations, context)
    }

    private func report(_ removal: LocationsStore.Removal, of locations: [Location], _ context: CommandContext) {
        for id in removal.vanished {
            let name = locations.first { $0.id == id }?.name ?? id.uuidString
            context.report(ErrorReport(message: context.localization.tr("{name} was already removed by another rain process", ["name": name]),
                                       exitCode: .success), as: .notice)
        }
        for location in removal.removed {
            context.print(context.localization.tr("Removed {name} ({id}).", ["name": location.name.strippingControlCharacters, "id": location.shortID]))
        }
    }

    /// The places checked in the full-screen list; nil when the user left it or there is
    /// nothing to pick. The terminal is restored when this returns.
    private func pick(from list: LocationList, _ context: CommandContext) throws -> [Location]? {
        guard !list.locations.isEmpty else { throw LocationsError.noLocations }
        guard list.locations.contains(where: { !list.isCurrent($0) }) else {
            let only = list.locations[0]
            context.printError(context.localization.tr("Nothing to remove: {name} ({id}) is the only saved place and the current location.",
                                                       ["name": only.name.strippingControlCharacters, "id": only.shortID]))
            return nil
        }
        let outcome = try PickerSession.run({ RemovalPicker(list: list, height: $0, localization: context.localization) },
                                            useColor: context.useColor, asciiOnly: context.asciiOnly, environment: context.environment)
        switch outcome {
        case .answer(let locations):
            return locations
        case .cancelled:
            context.printError(context.localization.tr("Nothing removed."))
            return nil
        case .interrupted(let signal):
            Signals.terminate(with: signal)
        }
    }
}

/// The confirmation question of a removal: `Remove 2 locations (Berlin, Tokyo)?`
enum RemovalPrompt {
    static func question(for locations: [Location], in localization: Localization = .english) -> String {
        let names = locations.map { $0.name.strippingControlCharacters }.joined(separator: ", ")
        return localization.trn("Remove 1 location ({names})?", "Remove {count} locations ({names})?", count: locations.count, ["names": names])
    }
}
