import Foundation
import RainKit

/// `rain locations list`
struct LocationsListCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the saved places; '*' marks the current location.",
        options: [json]
    )

    static let json = Flag("json", help: "Print a JSON array: id, name, latitude, longitude, current.")

    var json: Bool

    init(parsed: ParsedValues) throws {
        json = parsed[Self.json]
    }

    func run(_ context: CommandContext) async throws {
        let list = try context.store.load()
        if json {
            context.writeJSON(LocationsJSON.render(list))
            return
        }
        guard !list.locations.isEmpty else { throw LocationsError.noLocations }
        context.console.write(LocationTable(list: list, useColor: context.useColor).render())
    }
}
