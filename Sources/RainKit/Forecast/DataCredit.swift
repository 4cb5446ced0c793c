import FoundationEssentials

/// Whose data a forecast shows, credited as their licences ask: Open-Meteo's API data are
/// CC BY 4.0 with "a link next to any location Open-Meteo data are displayed"
/// (open-meteo/open-meteo-website `src/routes/en/licence/+page.svelte`, whose
/// `attribution.svx` reads "Weather data by Open-Meteo.com"), its air from the Copernicus
/// Atmosphere Monitoring Service (the same page's data sources); MET Norway's data are
/// NLOD 2.0 and CC BY 4.0, credited "Data from MET Norway" (metno/weatherapi-docs
/// `doc/License.md`, `doc/TermsOfService.md`, "Attribution"). The NWS's alerts are a US
/// government work with no credit asked, and Pirate Weather's terms ask none of a client.
public struct DataCredit: Sendable, Equatable {
    /// What of the forecast it is for: `forecast`, `alerts`, `air` or `spread`.
    public var part: String
    /// The name shown: "Open-Meteo.com", "MET Norway", "CAMS".
    public var name: String
    public var url: String
    public var licence: String

    public init(part: String, name: String, url: String, licence: String) {
        (self.part, self.name, self.url, self.licence) = (part, name, url, licence)
    }

    static let openMeteo = (name: "Open-Meteo.com", url: "https://open-meteo.com/", licence: "CC BY 4.0")
    /// The air's source, whose data are under the Copernicus licence, not CC BY 4.0.
    public static let camsName = "CAMS"
}

extension CachedForecast {
    /// The credits the data of this forecast need, in the order their parts are shown: the
    /// forecast (Open-Meteo's), the air (CAMS through Open-Meteo), the spread (Open-Meteo's
    /// ensemble), the alerts (MET Norway's, where its feed was asked for the place).
    public var credits: [DataCredit] {
        let openMeteo = DataCredit.openMeteo
        var credits: [DataCredit] = []
        if source == Provider.openMeteo.rawValue {
            credits.append(DataCredit(part: "forecast", name: openMeteo.name, url: openMeteo.url, licence: openMeteo.licence))
        }
        if forecast.air != nil {
            credits.append(DataCredit(part: "air", name: openMeteo.name, url: openMeteo.url, licence: openMeteo.licence))
            credits.append(DataCredit(part: "air", name: DataCredit.camsName, url: "https://atmosphere.copernicus.eu/", licence: "Copernicus licence"))
        }
        if spread != nil {
            credits.append(DataCredit(part: "spread", name: openMeteo.name, url: openMeteo.url, licence: openMeteo.licence))
        }
        if forecast.alertsAskedAt != nil, MetAlertsFeed().covers(location.coordinate) {
            credits.append(DataCredit(part: "alerts", name: "MET Norway", url: "https://api.met.no/", licence: "CC BY 4.0, NLOD 2.0"))
        }
        return credits
    }

    /// The credits' names, each once, in order: what the screen's credit line lists.
    public var creditedNames: [String] {
        credits.map(\.name).reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }
    }
}
