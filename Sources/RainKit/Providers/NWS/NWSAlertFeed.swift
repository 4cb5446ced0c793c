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
    /// (a place just outside would get an empty answer). The Alaska panhandle, and Canada
    /// between the Northwest Angle and the Bay of Fundy, follow georgique/world-geojson
    /// `countries/usa.json`'s border with Canada (the vertices within half a kilometre of
    /// `countries/canada.json`'s, simplified to within 0.5 km, 1 km for the panhandle, the
    /// lakes divided on their water line), checked on the border towns both sides (Sault Ste.
    /// Marie, Port Huron and Sarnia, Ogdensburg and Prescott, Calais and St. Stephen, Hyder and
    /// Stewart); Chukotka and Big Diomede are cut off at the 1867 line through the Bering Strait
    /// (168°58'W) and south-west past St. Lawrence Island, and the British Virgin Islands by
    /// the line north of St. John. The lines are drawn to a kilometre or less on the rivers:
    /// a place on the very border may fall either side.
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
        Area(outline: [                                                  // the Alaska panhandle, to the line with British Columbia and Yukon
            (54.703, -130.618), (54.766, -130.654), (54.783, -130.632), (54.794, -130.552), (54.979, -130.27), (55.198, -130.099),
            (55.286, -129.977), (55.46, -130.048), (55.579, -130.125), (55.685, -130.111), (55.718, -130.147), (55.773, -130.151),
            (55.901, -130.009), (56.008, -130.004), (56.123, -130.104), (56.097, -130.248), (56.142, -130.427), (56.243, -130.471),
            (56.259, -130.589), (56.364, -130.792), (56.406, -131.097), (56.476, -131.24), (56.552, -131.476), (56.614, -131.578),
            (56.596, -131.83), (56.756, -131.896), (56.807, -131.874), (56.876, -132.122), (57.044, -132.047), (57.093, -132.363),
            (57.217, -132.251), (58.023, -133.08), (58.159, -133.176), (58.281, -133.352), (58.389, -133.459), (58.435, -133.377),
            (58.65, -133.759), (58.733, -133.835), (58.861, -134.256), (58.923, -134.335), (58.963, -134.311), (58.981, -134.407),
            (59.036, -134.385), (59.131, -134.481), (59.129, -134.569), (59.196, -134.679), (59.249, -134.703), (59.283, -134.962),
            (59.347, -135.03), (59.386, -134.992), (59.426, -135.099), (59.481, -135.03), (59.568, -135.033), (59.623, -135.11),
            (59.627, -135.157), (59.662, -135.22), (59.698, -135.239), (59.738, -135.365), (59.796, -135.472), (59.662, -135.95),
            (59.637, -136.195), (59.6, -136.343), (59.558, -136.236), (59.526, -136.241), (59.465, -136.294), (59.449, -136.351),
            (59.466, -136.475), (59.287, -136.469), (59.166, -136.585), (59.159, -136.826), (58.992, -137.285), (58.907, -137.447),
            (58.906, -137.524), (58.981, -137.499), (59.245, -137.609), (59.752, -138.595), (59.816, -138.669), (59.905, -138.708),
            (59.996, -139.062), (60.095, -139.2), (60.354, -139.079), (60.334, -139.691), (60.183, -139.985), (60.308, -140.457),
            (60.221, -140.521), (60.307, -141.007), (54.6, -141.0), (54.6, -130.618),
        ]),
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
        // Canada beside the boxes, north of the border from Passamaquoddy Bay up the St. Croix, the
        // Maine line, the St. John (between Madawaska, 47.36°N, and Edmundston, 47.37°N, the river
        // is drawn at 47.365°N), the 45th parallel, the St. Lawrence, the lakes' water line, the
        // St. Marys, the boundary waters and the Rainy River (drawn at 48.606°N between
        // International Falls and Fort Frances) to the Northwest Angle.
        Area(outline: [
            (44.823, -66.929), (44.829, -66.967), (44.869, -66.981), (44.906, -66.967), (44.954, -67.023), (45.114, -67.113),
            (45.161, -67.161), (45.169, -67.202), (45.164, -67.227), (45.185, -67.261), (45.191, -67.286), (45.166, -67.301),
            (45.148, -67.297), (45.139, -67.317), (45.129, -67.323), (45.127, -67.343), (45.162, -67.404), (45.174, -67.4),
            (45.192, -67.426), (45.228, -67.44), (45.243, -67.463), (45.285, -67.485), (45.305, -67.456), (45.326, -67.455),
            (45.347, -67.431), (45.359, -67.434), (45.379, -67.42), (45.413, -67.452), (45.423, -67.475), (45.487, -67.501),
            (45.505, -67.464), (45.499, -67.451), (45.508, -67.448), (45.502, -67.413), (45.528, -67.43), (45.564, -67.422),
            (45.598, -67.44), (45.602, -67.477), (45.587, -67.493), (45.616, -67.657), (45.687, -67.731), (45.662, -67.731),
            (45.685, -67.816), (45.739, -67.788), (45.783, -67.808), (45.819, -67.769), (45.877, -67.799), (45.913, -67.75),
            (45.94, -67.777), (47.057, -67.791), (47.117, -67.887), (47.192, -67.967), (47.33, -68.162), (47.361, -68.307),
            (47.365, -68.33), (47.337, -68.382), (47.289, -68.382), (47.281, -68.456), (47.296, -68.475), (47.287, -68.574),
            (47.259, -68.596), (47.236, -68.637), (47.234, -68.741), (47.182, -68.904), (47.248, -69.049), (47.372, -69.052),
            (47.402, -69.035), (47.426, -69.046), (47.424, -69.085), (47.441, -69.115), (47.46, -69.23), (46.695, -69.999),
            (46.415, -70.057), (46.406, -70.096), (46.364, -70.139), (46.341, -70.2), (46.303, -70.211), (46.29, -70.238),
            (46.187, -70.288), (46.149, -70.244), (46.106, -70.258), (46.068, -70.31), (46.058, -70.288), (46.018, -70.315),
            (45.993, -70.288), (45.963, -70.318), (45.947, -70.249), (45.886, -70.26), (45.85, -70.34), (45.798, -70.403),
            (45.731, -70.387), (45.668, -70.538), (45.578, -70.672), (45.497, -70.716), (45.447, -70.656), (45.404, -70.628),
            (45.375, -70.645), (45.387, -70.664), (45.424, -70.79), (45.389, -70.815), (45.323, -70.804), (45.286, -70.845),
            (45.234, -70.84), (45.244, -70.895), (45.288, -70.911), (45.333, -70.955), (45.344, -71.016), (45.315, -71.021),
            (45.294, -71.106), (45.244, -71.142), (45.256, -71.227), (45.296, -71.274), (45.277, -71.337), (45.242, -71.373),
            (45.236, -71.436), (45.207, -71.4), (45.13, -71.433), (45.058, -71.499), (45.011, -71.499), (45.002, -72.199),
            (45.013, -72.622), (45.017, -73.125), (44.998, -73.916), (44.992, -74.339), (45.0, -74.666), (44.992, -74.721),
            (45.013, -74.842), (44.984, -74.894), (44.982, -74.984), (44.951, -75.017), (44.928, -75.097), (44.901, -75.152),
            (44.871, -75.24), (44.766, -75.413), (44.498, -75.792), (44.428, -75.822), (44.343, -75.962), (44.347, -76.012),
            (44.283, -76.16), (44.233, -76.152), (44.21, -76.229), (44.2, -76.314), (44.133, -76.358), (44.099, -76.443),
            (43.634, -76.794), (43.634, -78.69), (43.453, -79.2), (43.265, -79.069), (43.147, -79.049), (43.085, -79.071),
            (43.059, -79.005), (42.983, -79.022), (42.954, -78.929), (42.912, -78.907), (42.832, -78.937), (42.397, -80.079),
            (42.208, -81.258), (41.679, -82.395), (41.677, -82.686), (41.859, -83.07), (42.041, -83.156), (42.121, -83.123),
            (42.224, -83.142), (42.316, -83.084), (42.332, -82.98), (42.377, -82.834), (42.557, -82.647), (42.545, -82.584),
            (42.62, -82.513), (42.672, -82.513), (42.757, -82.469), (42.812, -82.474), (42.908, -82.463), (42.966, -82.414),
            (42.999, -82.417), (43.594, -82.123), (45.339, -82.521), (45.822, -83.597), (45.998, -83.435), (46.105, -83.573),
            (46.122, -83.654), (46.103, -83.758), (46.118, -83.829), (46.06, -83.905), (46.057, -83.957), (46.101, -83.977),
            (46.118, -84.007), (46.148, -84.006), (46.186, -84.078), (46.241, -84.107), (46.256, -84.098), (46.267, -84.115),
            (46.314, -84.121), (46.323, -84.106), (46.373, -84.14), (46.419, -84.146), (46.506, -84.111), (46.526, -84.126),
            (46.532, -84.139), (46.527, -84.174), (46.539, -84.191), (46.532, -84.227), (46.493, -84.262), (46.508, -84.372),
            (46.499, -84.389), (46.502, -84.43), (46.453, -84.477), (46.462, -84.562), (46.631, -84.765), (46.888, -84.861),
            (47.854, -87.196), (48.148, -87.981), (48.162, -88.0), (48.309, -88.371), (48.247, -88.682), (47.973, -89.341),
            (48.014, -89.484), (48.003, -89.566), (48.006, -89.665), (48.021, -89.734), (48.008, -89.83), (47.986, -89.893),
            (48.03, -89.986), (48.08, -90.014), (48.109, -90.124), (48.109, -90.206), (48.093, -90.363), (48.109, -90.453),
            (48.093, -90.569), (48.122, -90.563), (48.093, -90.75), (48.137, -90.788), (48.161, -90.786), (48.177, -90.821),
            (48.243, -90.832), (48.239, -90.89), (48.179, -91.093), (48.091, -91.233), (48.054, -91.431), (48.067, -91.453),
            (48.047, -91.571), (48.106, -91.549), (48.102, -91.631), (48.115, -91.664), (48.117, -91.7), (48.201, -91.719),
            (48.208, -91.851), (48.234, -91.901), (48.234, -91.953), (48.25, -91.958), (48.27, -92.005), (48.318, -92.013),
            (48.36, -92.046), (48.36, -92.145), (48.349, -92.211), (48.356, -92.274), (48.334, -92.293), (48.292, -92.296),
            (48.25, -92.269), (48.225, -92.362), (48.362, -92.48), (48.411, -92.461), (48.447, -92.519), (48.436, -92.648),
            (48.462, -92.711), (48.493, -92.689), (48.504, -92.62), (48.546, -92.628), (48.54, -92.716), (48.609, -92.933),
            (48.631, -92.953), (48.624, -92.997), (48.629, -93.183), (48.644, -93.216), (48.627, -93.365), (48.606, -93.4),
            (48.586, -93.466), (48.549, -93.466), (48.517, -93.647), (48.522, -93.815), (48.571, -93.804), (48.631, -93.842),
            (48.658, -94.257), (48.704, -94.257), (48.709, -94.411), (48.695, -94.455), (48.704, -94.543), (48.744, -94.642),
            (48.78, -94.686), (48.827, -94.699), (48.883, -94.683), (49.074, -94.738), (49.115, -94.768), (49.295, -94.823),
            (49.32, -94.82), (49.372, -94.971), (49.354, -95.054), (49.382, -95.155), (49.5, -95.155), (49.5, -66.5),
            (44.82, -66.5),
        ]),
        Area(outline: [(71.6, -180.0), (71.6, -168.98), (65.5, -168.98), (64.2, -172.0), (62.6, -180.0)]),  // Chukotka, Big Diomede
        Area(outline: [(18.6, -64.86), (18.41, -64.86), (18.385, -64.72), (18.36, -64.64), (18.25, -64.5), (18.6, -64.5)]),  // the BVI
    ])

    public func covers(_ coordinate: Coordinate) -> Bool { Self.coverage.contains(coordinate) }

    public func url(in settings: Settings) -> String { settings.nwsURL }

    public func endpoint(for coordinate: Coordinate, url: String) -> ForecastEndpoint {
        // The API takes at most four decimals (`PointString`) and redirects longer ones; its
        // answers are `application/geo+json` (`AlertCollectionGeoJson`), the type it documents.
        ForecastEndpoint(alertsAt: url, [("point", "\(ForecastEndpoint.fourDecimals(coordinate.latitude)),\(ForecastEndpoint.fourDecimals(coordinate.longitude))")],
                         accept: "application/geo+json")
    }

    public var source: AlertSource { .nws }

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
