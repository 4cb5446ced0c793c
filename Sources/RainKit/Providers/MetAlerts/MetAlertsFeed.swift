import FoundationEssentials

/// MET Norway's MetAlerts (api.met.no, keyless): `GET /weatherapi/metalerts/2.0/current.json
/// ?lat=..&lon=..&lang=en`, the alerts in force covering the point as a GeoJSON
/// FeatureCollection (metno/weatherapi-docs `doc/metalerts/geojson.md`; the parameters in
/// api.met.no's MetAlerts documentation), for Norway, its waters and Svalbard.
public struct MetAlertsFeed: AlertFeed {
    public init() {}

    public var displayName: String { N_("MET Norway's alerts") }

    /// Norway, its coast and Svalbard, as boxes that follow the border with Sweden, and Troms
    /// and Finnmark as an outline along the borders with Sweden, Finland (Kilpisjärvi's arm,
    /// the Tana) and Russia (the Pasvik): Stockholm, Helsinki, Tallinn, Denmark's north
    /// (Hirtshals, Skagen), Finnish Lapland and Nikel are left out. The lines are drawn to a
    /// kilometre or two: a place on the very border may fall either side (and gets an empty answer).
    static let coverage = Coverage(areas: [
        Area(latitudes: 57.9...59.0, longitudes: 4.0...10.0),     // the south coast (Lindesnes, 57.98°N) and the Skagerrak
        Area(latitudes: 59.0...64.0, longitudes: 4.0...12.3),     // southern Norway to Trøndelag
        Area(latitudes: 64.0...66.0, longitudes: 4.0...14.5),     // Namdalen, Helgeland
        Area(latitudes: 66.0...68.5, longitudes: 4.0...18.0),     // Nordland to Narvik
        Area(outline: [                                           // Troms and Finnmark
            (68.5, 4.0), (71.5, 4.0), (71.5, 31.5), (69.80, 31.5), (69.79, 30.85), (69.45, 30.12), (69.05, 28.93),
            (69.72, 29.20), (70.09, 28.35), (70.07, 27.95), (69.93, 27.10), (69.40, 25.80), (68.95, 25.75),
            (68.62, 24.80), (68.63, 23.50), (68.80, 22.40), (69.31, 21.27), (69.06, 20.55), (68.5, 18.8),
        ]),
        Area(latitudes: 74.0...81.0, longitudes: 10.0...35.0),    // Svalbard and Bjørnøya
    ])

    public func covers(_ coordinate: Coordinate) -> Bool { Self.coverage.contains(coordinate) }

    public func url(in settings: Settings) -> String { settings.metAlertsURL }

    public func endpoint(for coordinate: Coordinate, url: String) -> ForecastEndpoint {
        ForecastEndpoint(alertsAt: url, [("lat", ForecastEndpoint.fourDecimals(coordinate.latitude)),
                                         ("lon", ForecastEndpoint.fourDecimals(coordinate.longitude)), ("lang", "en")])
    }

    public func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try MetAlertsDecoder.decode(body)
    }

    /// metno/weatherapi-docs `doc/TermsOfService.md`, "Traffic": "If you need push notification
    /// (e.g. for MetAlerts), don't make more than one poll every 10 mins."
    public var minimumInterval: TimeInterval? { 600 }

    /// MET's alerts carry its CAP identifier, which starts with its WMO organisation ID
    /// (`doc/metalerts/CAP-v2-profile.md`, `<identifier>`).
    public func gave(_ alert: Forecast.Alert) -> Bool { alert.id?.hasPrefix("2.49.0.1.578.0.") == true }

    /// Every alert a provider has for a place in MET's area is a copy of MET's: Pirate Weather
    /// passes on the WMO alert hub's messages (Pirate-Weather/pirate-weather-code
    /// `API/WMO_Alerts_Local.py`), whose alerting authority for Norway is MET. It leaves out
    /// only urgency "Past" (so MET's all-clears and cancels, severity Minor, come through),
    /// keeps sea areas' messages, and keeps the CAP file's first language, which is MET's
    /// Norwegian ("Mye regn, gult nivå, Agder, ...", whatever `lang` asks): no title or domain
    /// tells them from MET's own, and the feed that answered has them all, as MET words them.
    public func copies(_ alert: Forecast.Alert, of given: [Forecast.Alert]) -> Bool { true }
}
