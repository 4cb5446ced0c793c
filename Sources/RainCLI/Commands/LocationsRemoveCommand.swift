import RainKit

/// `rain locations remove LOC... [--yes]`
struct LocationsRemoveCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove saved places (never the current location).",
        discussion: """
        All or nothing: if one LOC is unknown, ambiguous or the current location, nothing is \
        removed. On a terminal rain asks first; without a terminal pass --yes.
        """,
        arguments: [ArgumentDefinition(
            name: "loc", help: "The places: IDs, ID prefixes, numbers or names.", isRepeating: true, completion: .locations)],
        options: [.flag("yes", short: "y", help: "Remove without asking.")]
    )

    var references: [String]
    var yes: Bool

    init(parsed: ParsedValues) throws {
        references = parsed.arguments("loc")
        yes = parsed.flag("yes")
    }

    func run(_ context: CommandContext) async throws {
        let store = context.store
        let list = try store.load()
        let locations = try store.resolveForRemoval(references, in: list)
        if !yes {
            guard context.canAsk else {
                throw CommandFailure(
                    message: "refusing to remove without confirmation: standard input is not a terminal",
                    hint: "pass --yes to remove without asking", exitCode: .usage)
            }
            guard context.confirm(RemovalPrompt.question(for: locations)) else {
                context.printError("Nothing removed.")
                return
            }
        }
        let removal = try store.remove(ids: locations.map(\.id))
        for id in removal.vanished {
            let name = locations.first { $0.id == id }?.name ?? id.uuidString
            context.printError("rain: \(name.strippingControlCharacters) was already removed by another rain process")
        }
        for location in removal.removed {
            context.print("Removed \(location.name.strippingControlCharacters) (\(location.shortID)).")
        }
    }
}

/// The confirmation question of a removal: `Remove 2 locations (Berlin, Tokyo)?`
enum RemovalPrompt {
    static func question(for locations: [Location]) -> String {
        let names = locations.map { $0.name.strippingControlCharacters }.joined(separator: ", ")
        return "Remove \(locations.count) location\(locations.count == 1 ? "" : "s") (\(names))?"
    }
}
