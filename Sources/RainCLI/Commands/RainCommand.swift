/// `rain`: the root of the command tree.
struct RainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rain",
        abstract: "Weather forecasts for your saved places, in the terminal and from cron.",
        discussion: """
        rain keeps a list of saved places with one current location, fetches forecasts from \
        Open-Meteo (no key needed) or, with an API key, from a Dark Sky-compatible API such as \
        Pirate Weather, caches them, and shows them. Start with 'rain locations add NAME'.

        A word that names no command is a place: 'rain tokyo' is 'rain show tokyo'. A command \
        wins over a place of the same name, and so does a word spelt like one: for a place \
        called 'watch' or 'wath', type 'rain show wath'.
        """,
        options: [GlobalOptions.version],
        subcommands: [
            ShowCommand.self, RefreshCommand.self, NotifyCommand.self, WatchCommand.self, LocationsCommand.self, CronCommand.self, TimerCommand.self, ConfigCommand.self,
            CompletionsCommand.self, HelpCommand.self,
        ],
        defaultSubcommand: ShowCommand.self,
        usage: "<subcommand> | [<loc>] [<show-options>]"
    )
}
