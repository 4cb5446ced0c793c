import FoundationEssentials

/// MET Norway's MetAlerts (api.met.no, keyless): `GET /weatherapi/metalerts/2.0/current.json
/// ?lat=..&lon=..&lang=en`, the alerts in force covering the point as a GeoJSON
/// FeatureCollection (metno/weatherapi-docs `doc/metalerts/geojson.md`; the parameters in
/// api.met.no's MetAlerts documentation), for Norway, its waters and Svalbard.
public struct MetAlertsFeed: AlertFeed {
    public init() {}

    public var displayName: String { N_("MetAlerts") }

    /// Mainland Norway and its waters as one outline, and Svalbard with Bjørnøya as a box: MET's
    /// warnings are for Norwegian areas (metno/weatherapi-docs `doc/metalerts/geojson.md`). The
    /// outline's land border with Sweden, Finland and Russia, from the Iddefjord (58.98°N
    /// 11.06°E, by Svinesund) through Treriksröset and the Tana to Grense Jakobselv (69.79°N
    /// 30.82°E), is georgique/world-geojson `areas/norway/mainland.json` (checked against the
    /// same repository's Sweden and Finland, and border towns both sides), simplified
    /// to within 1.5 km (Douglas-Peucker) and rounded to 0.01°: the Trysil bulge to 12.87°E is
    /// in, Töcksfors, Årjäng, Charlottenberg, Storlien, Gäddede, Idre, Riksgränsen, Utsjoki and
    /// Nuorgam are out. The sea side is drawn wide, MET's waters: the Barents Sea to 31.5°E at
    /// the Varangerfjord's mouth, 71.5°N, 4°E, and the Skagerrak to 57.85°N, west of the line
    /// from 9°E to the Koster islands (Skagen, Hirtshals and Koster are left out). A place
    /// within a kilometre or two of the border may fall either side (and gets an empty answer).
    static let coverage = Coverage(areas: [
        Area(outline: [
            (58.98, 11.06), (59.08, 11.16), (59.11, 11.34), (59.00, 11.45), (58.89, 11.46), (58.88, 11.54), (58.92, 11.66),
            (59.09, 11.78), (59.20, 11.78), (59.24, 11.82), (59.61, 11.70), (59.65, 11.86), (59.69, 11.88), (59.69, 11.93),
            (59.81, 11.90), (59.85, 11.84), (59.90, 11.98), (59.89, 12.16), (59.97, 12.34), (60.07, 12.48), (60.19, 12.54),
            (60.32, 12.50), (60.40, 12.61), (60.52, 12.60), (60.73, 12.39), (60.89, 12.33), (61.02, 12.22), (61.05, 12.45),
            (61.06, 12.69), (61.15, 12.71), (61.21, 12.81), (61.36, 12.87), (61.57, 12.58), (61.56, 12.42), (61.72, 12.14),
            (62.26, 12.30), (62.61, 12.05), (62.75, 12.14), (62.90, 12.07), (63.00, 12.22), (63.27, 11.98), (63.46, 12.20),
            (63.59, 12.15), (63.66, 12.29), (63.73, 12.33), (63.97, 12.68), (64.06, 12.92), (64.10, 13.21), (64.01, 13.99),
            (64.18, 14.15), (64.46, 14.12), (64.48, 14.09), (64.50, 13.89), (64.58, 13.66), (65.12, 14.32), (65.25, 14.38),
            (65.31, 14.50), (65.69, 14.53), (65.81, 14.62), (66.13, 14.52), (66.15, 15.03), (66.28, 15.49), (66.48, 15.38),
            (66.60, 15.61), (66.91, 16.03), (67.05, 16.39), (67.20, 16.41), (67.43, 16.08), (67.52, 16.15), (67.53, 16.41),
            (67.65, 16.56), (67.92, 16.74), (68.05, 17.18), (68.12, 17.28), (67.97, 17.90), (68.19, 18.15), (68.40, 18.10),
            (68.54, 18.13), (68.58, 18.40), (68.51, 18.62), (68.52, 18.98), (68.36, 19.91), (68.49, 20.22), (68.56, 19.94),
            (68.67, 20.21), (68.80, 20.33), (68.92, 20.31), (69.05, 20.06), (69.06, 20.55), (69.12, 20.72), (69.04, 21.06),
            (69.10, 21.11), (69.19, 20.99), (69.22, 21.01), (69.31, 21.28), (69.28, 21.63), (68.96, 22.18), (68.83, 22.34),
            (68.72, 22.37), (68.74, 22.54), (68.69, 22.80), (68.69, 23.04), (68.63, 23.17), (68.69, 23.44), (68.71, 23.67),
            (68.82, 23.77), (68.84, 23.88), (68.83, 23.98), (68.78, 24.08), (68.79, 24.16), (68.75, 24.16), (68.72, 24.28),
            (68.69, 24.61), (68.64, 24.77), (68.55, 24.90), (68.60, 24.91), (68.64, 25.12), (68.77, 25.14), (68.85, 25.25),
            (68.91, 25.49), (68.89, 25.63), (68.94, 25.70), (69.02, 25.78), (69.07, 25.72), (69.25, 25.70), (69.39, 25.84),
            (69.42, 25.80), (69.51, 25.87), (69.55, 25.82), (69.56, 25.90), (69.62, 25.97), (69.67, 25.89), (69.72, 26.01),
            (69.73, 26.11), (69.82, 26.24), (69.85, 26.37), (69.94, 26.48), (69.96, 26.85), (69.93, 26.88), (69.94, 26.97),
            (69.91, 27.03), (69.95, 27.31), (69.98, 27.27), (70.03, 27.53), (70.07, 27.57), (70.09, 27.96), (70.02, 27.98),
            (69.92, 28.16), (69.88, 28.34), (69.85, 28.33), (69.82, 28.41), (69.70, 29.13), (69.48, 29.34), (69.23, 28.83),
            (69.11, 28.81), (69.01, 29.05), (69.11, 29.24), (69.24, 29.32), (69.30, 29.29), (69.32, 29.39), (69.32, 29.56),
            (69.42, 29.86), (69.42, 30.03), (69.54, 30.17), (69.66, 30.09), (69.66, 30.22), (69.54, 30.51), (69.53, 30.81),
            (69.56, 30.93), (69.68, 30.95), (69.79, 30.82), (69.80, 31.50), (71.50, 31.50), (71.50, 4.00), (57.85, 4.00),
            (57.85, 9.00), (58.75, 10.75),
        ]),
        Area(latitudes: 74.0...81.0, longitudes: 10.0...35.0),    // Svalbard and Bjørnøya
    ])

    public func covers(_ coordinate: Coordinate) -> Bool { Self.coverage.contains(coordinate) }

    public func url(in settings: Settings) -> String { settings.metAlertsURL }

    public func endpoint(for coordinate: Coordinate, url: String) -> ForecastEndpoint {
        ForecastEndpoint(alertsAt: url, [("lat", ForecastEndpoint.fourDecimals(coordinate.latitude)),
                                         ("lon", ForecastEndpoint.fourDecimals(coordinate.longitude)), ("lang", "en")])
            .triedOnce()
    }

    public func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try MetAlertsDecoder.decode(body)
    }

    /// metno/weatherapi-docs `doc/TermsOfService.md`, "Traffic": "If you need push notification
    /// (e.g. for MetAlerts), don't make more than one poll every 10 mins." A poll that failed
    /// is one too, and is not tried again at once (`endpoint`): on a 429, "limit traffic
    /// immediately" ("Throttling and traffic shaping").
    public var minimumInterval: TimeInterval? { 600 }

    public var source: AlertSource { .metAlerts }

    /// Pirate Weather passes on the WMO alert hub's messages (Pirate-Weather/pirate-weather-code
    /// `API/WMO_Alerts_Local.py`), whose alerting authority for Norway is MET, each linking its
    /// CAP file on api.met.no. It leaves out only urgency "Past" (so MET's all-clears and
    /// cancels, severity Minor, come through), keeps sea areas' messages, and keeps the CAP
    /// file's first language, MET's Norwegian ("Mye regn, gult nivå, Agder, ...", whatever
    /// `lang` asks): its copies are known by that link, not by their words. Its other alerts
    /// at a place in MET's area are its own and stay, as at an NWS place.
    public var copiesLinkPrefix: String? { "https://api.met.no/weatherapi/metalerts/" }
}
