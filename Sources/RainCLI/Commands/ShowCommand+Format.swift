import FoundationEssentials
import RainKit
import RainTerminal

extension ShowCommand {
    /// `rain show --format TEMPLATE [--json]`: one line from the cache for a status bar. It
    /// never fetches or asks anything (a bar runs it every few seconds; `rain cron` keeps the
    /// cache fresh), and with nothing cached it says so and exits 66 (with --json, after an object
    /// waybar can read).
    func showStatusLine(_ template: StatusTemplate, for location: Location, lookupWords: String?, cached: CachedForecast?, presentation: Presentation,
                        _ context: CommandContext) throws {
        guard let cached else {
            if json { context.console.write(StatusValues.waybarNothingToShow()) }
            throw ExitStatus(code: ForecastProblemReport(.offlineRequested, location: location, hasForecast: false, lookupWords: lookupWords).report(to: context))
        }
        let values = StatusValues(cached, now: Date(), ascii: context.asciiOnly, style: TextStyle(usesColor: context.colorAskedFor && !json),
                                  presentation: presentation)
        let line = template.render(values)
        if json {
            context.writeJSON(values.waybarJSON(text: line))
        } else {
            context.print(line)
        }
    }
}
