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
    /// the Marianas of `MarineAreaCode` PM, which the Guam office warns), as boxes that keep to
    /// the borders where a neighbour's city is near: Vancouver, Toronto, Monterrey and Nassau
    /// are left out; border towns may not be (a place just outside gets an empty answer).
    static let areas = [
        Area(latitudes: 31.3...49.0, longitudes: -125.0...(-95.2)),     // the West and the Plains to the 49th parallel
        Area(latitudes: 27.0...31.3, longitudes: -104.6...(-93.5)),     // Texas but the Rio Grande's last stretch
        Area(latitudes: 25.8...27.0, longitudes: -99.5...(-96.9)),      // the Rio Grande valley, Brownsville
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
    ]

    public func covers(_ coordinate: Coordinate) -> Bool { Self.areas.contains { $0.contains(coordinate) } }

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

    public func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try NWSAlertDecoder.decode(body)
    }
}
