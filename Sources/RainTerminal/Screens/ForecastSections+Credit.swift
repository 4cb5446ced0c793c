import RainKit

extension ForecastViewContext {
    /// The screen's foot: whose data it shows, as their licences ask (`DataCredit`), in one
    /// line that fits the window: with the licence where it fits, the sources alone where not.
    /// Nil when no source asks for credit (Pirate Weather with the NWS's alerts and no air).
    func creditLine(for cached: CachedForecast) -> String? {
        let names = cached.creditedNames.map(\.screenSafe)
        guard !names.isEmpty else { return nil }
        let sources = names.joined(separator: ", ")
        let forms = [tr("Data: {sources} (CC BY 4.0)", ["sources": sources]), tr("Data: {sources}", ["sources": sources]), sources]
        let line = forms.first { $0.displayWidth <= visibleWidth } ?? forms[forms.count - 1]
        return style.dim(line)
    }
}
