/// `rain`: the root of the command tree.
struct RainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rain",
        abstract: "Weather forecasts for your saved places, in the terminal and from cron.",
        discussion: """
        rain keeps a list of saved places with one current location, fetches forecasts from a \
        Dark Sky-compatible API, caches them, and shows them.
        """,
        subcommands: [
            ShowCommand.self, RefreshCommand.self, WatchCommand.self, LocationsCommand.self, CronCommand.self, ConfigCommand.self,
            CompletionsCommand.self,
        ],
        defaultSubcommand: ShowCommand.self
    )
}
