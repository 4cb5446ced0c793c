import ForecastSimulator

/// Places used across the tests.
enum Place {
    static let berlin = (latitude: 52.52, longitude: 13.405)
    static let tokyo = (latitude: 35.6762, longitude: 139.6503)

    static func path(_ place: (latitude: Double, longitude: Double), key: String = "test-key", query: String = "units=si") -> String {
        "/forecast/\(key)/\(place.latitude),\(place.longitude)" + (query.isEmpty ? "" : "?" + query)
    }

    /// The first coordinates on a small grid whose scenario matches.
    static func find(_ matches: (ForecastSimulator.Scenario) -> Bool) -> (latitude: Double, longitude: Double)? {
        for latitudeStep in 0..<40 {
            for longitudeStep in 0..<40 {
                let place = (latitude: 40 + Double(latitudeStep) * 0.25, longitude: -5 + Double(longitudeStep) * 0.5)
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
