import RainKit

/// The foot of a screen showing data whose sources ask for credit (`DataCredit`), in one line
/// that fits `width`: with the licences where it fits, the sources alone where not. Open-Meteo's
/// and MET Norway's data are CC BY 4.0; the air's CAMS data are under the Copernicus licence
/// (open-meteo/open-meteo-website `src/routes/en/licence/+page.svelte`: "air quality forecasts
/// ... from Copernicus", "Copernicus Licence"), so they are not said to be CC BY 4.0.
enum CreditLine {
    static func line(names: [String], width: Int, localization: Localization, style: TextStyle) -> String? {
        let names = names.map(\.screenSafe)
        guard !names.isEmpty else { return nil }
        let others = names.filter { $0 != DataCredit.camsName }
        var forms: [String] = []
        if others.count == names.count {
            forms.append(localization.tr("Data: {sources} (CC BY 4.0)", ["sources": names.joined(separator: ", ")]))
        } else if !others.isEmpty {
            forms.append(localization.tr("Data: {sources} (CC BY 4.0), CAMS (Copernicus)", ["sources": others.joined(separator: ", ")]))
        }
        let sources = (others + (others.count == names.count ? [] : [DataCredit.camsName])).joined(separator: ", ")
        forms += [localization.tr("Data: {sources}", ["sources": sources]), sources]
        let line = forms.first { $0.displayWidth <= width } ?? forms[forms.count - 1].truncated(toDisplayWidth: width)
        return style.dim(line)
    }

    /// The sources of every place's data, each once, in the order the places first need them.
    static func names(of forecasts: [CachedForecast]) -> [String] {
        forecasts.flatMap(\.creditedNames).reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }
    }
}
