import FoundationEssentials
import RainKit
import RainTerminal

/// `rain locations list`
struct LocationsListCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the saved places; '*' marks the current location.",
        discussion: """
        With no saved places there is nothing to show: exit 66 and one line on stderr, with or \
        without --json (which still prints [], so a script reading it gets valid JSON).
        """,
        options: [json]
    )

    static let json = Flag("json", help: "Print a JSON array: id, name, latitude, longitude, current, and country, region, timezone for places a lookup found.")

    var json: Bool

    init(parsed: ParsedValues) throws {
        json = parsed[Self.json]
    }

    func run(_ context: CommandContext) async throws {
        let list = try context.loadPlaces()
        if json {
            context.writeJSON(LocationsJSON.render(list))
        } else if !list.locations.isEmpty {
            context.console.write(LocationTable(list: list, useColor: context.useColor, localization: context.localization).render(width: context.fittingWidth))
        }
        guard !list.locations.isEmpty else { throw LocationsError.noLocations }
    }
}
