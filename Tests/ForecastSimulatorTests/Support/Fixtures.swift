import ForecastSimulator

/// Places used across the tests.
enum Place {
    static let berlin = (latitude: 52.52, longitude: 13.405)
    static let tokyo = (latitude: 35.6762, longitude: 139.6503)
    /// The south-west corner of a grid inside HRRR's (Kansas to Ohio), where Pirate Weather's
    /// minutes are HRRR's own.
    static let hrrrCorner = (latitude: 35.0, longitude: -100.0)

    static func path(_ place: (latitude: Double, longitude: Double), key: String = "test-key", query: String = "units=si") -> String {
        "/forecast/\(key)/\(place.latitude),\(place.longitude)" + (query.isEmpty ? "" : "?" + query)
    }

    /// The first coordinates on a small grid whose scenario matches: by default in Europe
    /// (40...50°N, 5°W...15°E); `from` another south-west corner.
    static func find(from corner: (latitude: Double, longitude: Double) = (40, -5),
                     _ matches: (ForecastSimulator.Scenario) -> Bool) -> (latitude: Double, longitude: Double)? {
        for latitudeStep in 0..<40 {
            for longitudeStep in 0..<40 {
                let place = (latitude: corner.latitude + Double(latitudeStep) * 0.25, longitude: corner.longitude + Double(longitudeStep) * 0.5)
                if matches(ForecastSimulator.scenario(latitude: place.latitude, longitude: place.longitude)) { return place }
            }
        }
        return nil
    }
}

/// Starts a simulator for one test; the caller stops it with `defer`.
func startedSimulator(_ configuration: ForecastSimulator.Configuration = .init()) throws -> ForecastSimulator {
    let simulator = ForecastSimulator(configuration: configuration)
    try simulator.start()
    return simulator
}
