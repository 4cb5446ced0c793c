import FoundationEssentials

/// The US National Weather Service's active alerts (api.weather.gov, keyless):
/// `GET /alerts/active?point=LAT,LON`, a GeoJSON FeatureCollection whose features'
/// `properties` are CAP alerts (weather-gov/api `assets/openapi.yaml`: `/alerts/active`,
/// `AlertPoint`, `Alert`), for places in the US and its territories.
public struct NWSAlertFeed: AlertFeed {
    public init() {}

    public var displayName: String { N_("the NWS alerts") }

    /// The states, Alaska, Hawaii, Puerto Rico and the Virgin Islands, Guam.
    static let areas = [
        Area(latitudes: 24.3...49.5, longitudes: -125.0...(-66.8)),
        Area(latitudes: 51.0...71.6, longitudes: -180.0...(-129.9)),
        Area(latitudes: 18.8...22.4, longitudes: -160.5...(-154.7)),
        Area(latitudes: 17.6...18.6, longitudes: -67.4...(-64.5)),
        Area(latitudes: 13.2...13.7, longitudes: 144.6...145.0),
    ]

    public func covers(_ coordinate: Coordinate) -> Bool { Self.areas.contains { $0.contains(coordinate) } }

    public func url(in settings: Settings) -> String { settings.nwsURL }

    public func endpoint(for coordinate: Coordinate, url: String) -> ForecastEndpoint {
        // The API takes at most four decimals (`PointString`) and redirects longer ones.
        ForecastEndpoint(alertsAt: url, [("point", "\(Self.rounded(coordinate.latitude)),\(Self.rounded(coordinate.longitude))")])
    }

    static func rounded(_ degrees: Double) -> String {
        ForecastEndpoint.format((degrees * 10_000).rounded() / 10_000)
    }

    public func decode(_ body: Data) throws(ForecastError) -> [Forecast.Alert] {
        try NWSAlertDecoder.decode(body)
    }
}
