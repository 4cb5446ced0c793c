import FoundationEssentials

/// MET Norway's MetAlerts (api.met.no, keyless): `GET /weatherapi/metalerts/2.0/current.json
/// ?lat=..&lon=..&lang=en`, the alerts in force covering the point as a GeoJSON
/// FeatureCollection (metno/weatherapi-docs `doc/metalerts/geojson.md`; the parameters in
/// api.met.no's MetAlerts documentation), for Norway, its waters and Svalbard.
public struct MetAlertsFeed: AlertFeed {
    public init() {}

    public var displayName: String { N_("MET Norway's alerts") }

    static let areas = [
        Area(latitudes: 57.5...71.5, longitudes: 4.0...31.5),
        Area(latitudes: 74.0...81.0, longitudes: 10.0...35.0),
    ]

    public func covers(_ coordinate: Coordinate) -> Bool { Self.areas.contains { $0.contains(coordinate) } }

    public func url(in settings: Settings) -> String { settings.metAlertsURL }

    public func endpoint(for coordinate: Coordinate, url: String) -> ForecastEndpoint {
        ForecastEndpoint(alertsAt: url, [("lat", ForecastEndpoint.format(coordinate.latitude)),
                                         ("lon", ForecastEndpoint.format(coordinate.longitude)), ("lang", "en")])
    }

    public func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try MetAlertsDecoder.decode(body)
    }
}
