extension ForecastSimulator {
    /// The places of the built-in geocoder whose answers carry a simulated alert (their
    /// scenario's `hasAlert`: about one place in three, fixed by its coordinates), as
    /// "New York (US)": in the Dark Sky answer's `alerts`, and from `/alerts/active` and the
    /// MetAlerts path, which rain asks for places in the US and in Norway. What the simulator's
    /// `--help` and the README list.
    /// A name the table has twice in one country names its area too: "Springfield (Illinois, US)".
    public static var geocoderPlacesWithAlerts: [String] {
        let places = OpenMeteo.places
        return places.filter { scenario(latitude: $0.latitude, longitude: $0.longitude).hasAlert }.map { place in
            guard !place.countryCode.isEmpty else { return place.name }
            let twice = places.filter { $0.name == place.name && $0.countryCode == place.countryCode }.count > 1
            return "\(place.name) (\(twice ? place.admin1 + ", " : "")\(place.countryCode))"
        }
    }
}
