import RainKit

extension ForecastViewContext {
    /// The screen's foot: whose data it shows, as their licences ask (`DataCredit`), in one
    /// line that fits the window: with the licence where it fits, the sources alone where not.
    /// Nil when no source asks for credit (Pirate Weather with the NWS's alerts and no air).
    /// `width`: the output's, which a pipe's uncut lines (`visibleWidth` the layout's) keep too.
    func creditLine(for cached: CachedForecast, width: Int) -> String? {
        CreditLine.line(names: cached.creditedNames, width: min(visibleWidth, max(width, 1)), localization: localization, style: style)
    }
}
