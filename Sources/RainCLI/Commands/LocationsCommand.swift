/// `rain locations`: the saved places.
struct LocationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locations",
        abstract: "List, add, remove, select, rename and reorder saved places.",
        discussion: """
        LOC is a full location ID, a unique ID prefix of 4 or more characters, the number \
        'rain locations' prints, or a name (case-insensitive).
        """,
        subcommands: [
            LocationsListCommand.self, LocationsAddCommand.self,
            LocationsRemoveCommand.self, LocationsSelectCommand.self,
            LocationsRenameCommand.self, LocationsMoveCommand.self,
        ],
        defaultSubcommand: LocationsListCommand.self
    )
}
