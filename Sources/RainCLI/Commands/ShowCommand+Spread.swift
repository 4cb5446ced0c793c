import FoundationEssentials
import RainKit
import RainTerminal

/// `rain show --spread`: the forecast and, under it, how sure it is, from the ensemble's runs.
extension ShowCommand {
    static let spread = Flag("spread", help: "Also ask the ensemble's runs (ICON in Europe, GFS elsewhere) how sure the forecast is: each day's likely high and low and how many runs bring rain; with --json, a 'spread' object.")

    static func checkSpread(_ spread: Bool, all: Bool, format: Bool, graph: Bool, offline: Bool) throws {
        guard spread else { return }
        if let other = all ? "--all" : (format ? "--format" : (graph ? "--graph" : (offline ? "--offline" : nil))) {
            throw ValidationError(N_("'--spread' cannot be combined with '{other}'"), ["other": other])
        }
    }

    /// Asks the ensemble for `forecast`'s place: the forecast with its spread, or as it is and
    /// one warning line when the ensemble service fails.
    func withSpread(_ forecast: CachedForecast, service: ForecastService, _ context: CommandContext) async -> CachedForecast {
        switch await service.spread(for: forecast.location, beside: forecast.forecast) {
        case .spread(let spread):
            var joined = forecast
            joined.spread = spread
            return joined
        case .failed(let line):
            context.report(ErrorReport(message: context.localization.tr(line), exitCode: .success), as: .warning)
            return forecast
        }
    }

    /// The spread's lines under the forecast screen.
    func writeSpread(_ cached: CachedForecast, now: Date, presentation: Presentation, _ context: CommandContext) {
        guard let spread = cached.spread else { return }
        var view = SpreadView(width: context.outputWidth, ascii: context.asciiOnly, now: now, presentation: presentation)
        view.dayCount = dayCount
        context.console.write("\n" + view.lines(spread, of: cached).joined(separator: "\n") + "\n")
    }
}
