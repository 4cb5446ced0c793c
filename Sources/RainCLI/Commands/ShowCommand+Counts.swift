import FoundationEssentials
import RainKit
import RainTerminal

/// `--hours N` and `--days N`: how much of the forecast screen's hours and days to show.
extension ShowCommand {
    static let hourRange = 1...168, dayRange = 1...16

    /// What the command line alone can tell: a count in range, for the forecast screen.
    static func checkCounts(hours: Int?, days: Int?, all: Bool, json: Bool, format: Bool) throws {
        for (option, count, range) in [("--hours", hours, hourRange), ("--days", days, dayRange)] {
            guard let count else { continue }
            if !range.contains(count) {
                throw ValidationError(N_("'{option} {count}': give a number from {lowest} to {highest}"), ["option": option, "count": "\(count)", "lowest": "\(range.lowerBound)", "highest": "\(range.upperBound)"])
            }
            if let other = all ? "--all" : (json ? "--json" : (format ? "--format" : nil)) {
                throw ValidationError(N_("'{option}' cannot be combined with '{other}'"), ["option": option, "other": other])
            }
        }
    }

    /// Beyond what the provider sent, a clear error rather than less than was asked for.
    static func checkCounts(hours: Int?, days: Int?, against forecast: Forecast, now: Date, _ localization: Localization = .english) throws {
        if let hours {
            let ahead = ForecastView.hoursAhead(in: forecast, now: now).count
            if hours > ahead { throw countFailure("--hours", asked: hours, has: ahead, localization) }
        }
        if let days {
            let ahead = ForecastView.daysAhead(in: forecast, now: now).count
            if days > ahead { throw countFailure("--days", asked: days, has: ahead, localization) }
        }
    }

    private static func countFailure(_ option: String, asked: Int, has: Int, _ localization: Localization) -> CommandFailure {
        let values: KeyValuePairs<String, String> = ["option": option, "asked": String(asked)]
        let message = option == "--days"
            ? localization.trn("{option} {asked}: the forecast has 1 day", "{option} {asked}: the forecast has {count} days", count: has, values)
            : localization.trn("{option} {asked}: the forecast has 1 hour", "{option} {asked}: the forecast has {count} hours", count: has, values)
        return CommandFailure(message: message, hint: has > 0 ? localization.tr("ask for at most {count}", ["count": String(has)]) : nil,
                              kind: .badData)
    }
}
