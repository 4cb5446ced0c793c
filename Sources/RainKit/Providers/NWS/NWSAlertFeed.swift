import FoundationEssentials

/// The US National Weather Service's active alerts (api.weather.gov, keyless):
/// `GET /alerts/active?point=LAT,LON`, a GeoJSON FeatureCollection whose features'
/// `properties` are CAP alerts (weather-gov/api `assets/openapi.yaml`: `/alerts/active`,
/// `AlertPoint`, `Alert`), for places in the US and its territories.
public struct NWSAlertFeed: AlertFeed {
    public init() {}

    public var displayName: String { N_("the NWS alerts") }

    /// The states and DC, Puerto Rico and the Virgin Islands, Guam and the Northern Marianas,
    /// American Samoa (the `StateTerritoryCode`s of weather-gov/api `assets/openapi.yaml`, and
    /// the Marianas of `MarineAreaCode` PM, which the Guam office warns), as boxes, the border
    /// with Mexico as an outline (the line from the Pacific to the Colorado, the straight lines
    /// to the Rio Grande at El Paso, the river to the Gulf), and the Canadian shores of the
    /// Detroit and Niagara rivers, Lake Erie's and southern Vancouver Island left out: Vancouver,
    /// Victoria, Windsor, Toronto, Tijuana, Ciudad Juárez, Monterrey and Nassau are not asked
    /// (a place just outside would get an empty answer). The lines are drawn to a kilometre or
    /// two: a place on the very border may fall either side.
    static let coverage = Coverage(areas: [
        Area(latitudes: 32.72...49.0, longitudes: -125.0...(-95.2)),    // the West and the Plains to the 49th parallel
        Area(outline: [                                                  // California to Texas, south of 32.72°N
            (32.72, -117.4), (32.534, -117.4), (32.534, -117.124), (32.718, -114.719), (32.49, -114.81),
            (31.332, -111.075), (31.332, -108.208), (31.783, -108.208), (31.783, -106.528),
            // The Rio Grande: El Paso, Presidio, Big Bend, Del Rio, Eagle Pass, Laredo, Brownsville.
            (31.748, -106.487), (31.70, -106.38), (31.43, -106.15), (31.28, -105.87), (30.88, -105.33),
            (30.14, -104.68), (29.55, -104.37), (29.26, -103.78), (29.16, -103.60), (28.97, -103.25),
            (29.18, -102.96), (29.76, -102.55), (29.80, -101.56), (29.45, -101.06), (29.34, -100.92),
            (28.70, -100.51), (27.495, -99.51), (26.91, -99.28), (26.56, -99.16), (26.40, -99.02),
            (26.37, -98.82), (26.07, -98.26), (26.06, -97.95), (25.893, -97.50), (25.957, -97.146),
            (25.90, -96.8), (32.72, -93.5),
        ]),
        Area(latitudes: 28.9...41.7, longitudes: -95.2...(-69.9)),      // the South, the Midwest, the Mid-Atlantic
        Area(latitudes: 24.4...28.9, longitudes: -87.7...(-80.0)),      // Florida and its Keys, west of the Bahamas
        Area(latitudes: 41.7...49.4, longitudes: -95.2...(-89.5)),      // Minnesota, Wisconsin, the Northwest Angle
        Area(latitudes: 41.7...47.5, longitudes: -89.5...(-82.4)),      // Michigan
        Area(latitudes: 41.7...43.4, longitudes: -82.4...(-69.9)),      // Ohio to Massachusetts, south of Lake Ontario
        Area(latitudes: 43.4...45.02, longitudes: -76.4...(-66.9)),     // northern New York and New England
        Area(latitudes: 45.0...47.5, longitudes: -71.1...(-66.9)),      // northern Maine
        Area(latitudes: 51.0...71.6, longitudes: -180.0...(-141.0)),    // Alaska
        Area(latitudes: 51.0...55.5, longitudes: 172.0...180.0),        // the Aleutians west of 180 degrees
        Area(latitudes: 54.6...60.4, longitudes: -141.0...(-129.9)),    // the Alaska panhandle
        Area(latitudes: 18.8...22.4, longitudes: -160.5...(-154.7)),    // Hawaii
        Area(latitudes: 17.6...18.6, longitudes: -67.4...(-64.5)),      // Puerto Rico, the Virgin Islands
        Area(latitudes: 13.2...20.6, longitudes: 144.6...146.1),        // Guam, the Northern Marianas
        Area(latitudes: -14.6...(-11.0), longitudes: -171.2...(-168.1)), // American Samoa (not Samoa's Apia)
    ], excluded: [
        Area(outline: [                                                  // southern Ontario: Windsor, Lake Erie's north shore, Niagara
            (43.45, -82.45), (42.99, -82.42), (42.60, -82.52), (42.35, -82.93), (42.34, -82.98), (42.312, -83.074),
            (42.27, -83.13), (42.05, -83.17), (41.73, -82.68), (41.68, -82.40), (42.85, -78.95), (42.90, -78.92),
            (43.09, -79.07), (43.26, -79.06), (43.45, -79.06),
        ]),
        Area(outline: [                                                  // southern Vancouver Island: Victoria, Sooke, Sidney
            (48.50, -125.0), (48.50, -124.75), (48.29, -123.55), (48.27, -123.25), (48.75, -123.22), (49.0, -123.32), (49.0, -125.0),
        ]),
    ])

    public func covers(_ coordinate: Coordinate) -> Bool { Self.coverage.contains(coordinate) }

    public func url(in settings: Settings) -> String { settings.nwsURL }

    public func endpoint(for coordinate: Coordinate, url: String) -> ForecastEndpoint {
        // The API takes at most four decimals (`PointString`) and redirects longer ones; its
        // answers are `application/geo+json` (`AlertCollectionGeoJson`), the type it documents.
        ForecastEndpoint(alertsAt: url, [("point", "\(ForecastEndpoint.fourDecimals(coordinate.latitude)),\(ForecastEndpoint.fourDecimals(coordinate.longitude))")],
                         accept: "application/geo+json")
    }

    /// An alert of the NWS feed names itself by its URL (`@id`), under the alerts endpoint with
    /// the US's CAP OID (weather-gov/api `assets/openapi.yaml`, `AlertId`); a Dark Sky server's
    /// copy of an NWS alert names another page.
    public func gave(_ alert: Forecast.Alert) -> Bool {
        alert.uri?.hasPrefix("https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.") == true
    }

    /// Pirate Weather's copies of NWS alerts (Pirate-Weather/pirate-weather-code `API/alerts.py`,
    /// `_read_nws_alerts`) link the forecast page of the point, not the alert: `uri`
    /// "https://forecast.weather.gov/MapClick.php?lon=...&lat=..." for every one; the title is
    /// the NWS `event`. Its times are `effective` and the message's expiration
    /// (`API/NWS_Alerts_Local.py`), so an advisory that has ended is still among them.
    public func copies(_ alert: Forecast.Alert, of given: [Forecast.Alert]) -> Bool {
        alert.uri?.hasPrefix("https://forecast.weather.gov/MapClick.php") == true || given.contains { alert.isCopy(of: $0) }
    }

    public func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try NWSAlertDecoder.decode(body)
    }
}
