import Foundation

extension ForecastSimulator {
    /// The built-in geocoder's places (`/v1/search`), one line each, as `forecast-simulator
    /// --places` prints them: name, region and country, coordinates and time zone, and the
    /// names it also answers to in other languages.
    public static var geocoderPlaceLines: [String] {
        let places = OpenMeteo.places
        let nameWidth = places.map(\.name.count).max() ?? 0
        let areas = places.map { [$0.admin1, $0.country].filter { !$0.isEmpty }.joined(separator: ", ") }
        let areaWidth = areas.map(\.count).max() ?? 0
        return zip(places, areas).map { place, area in
            let coordinates = String(format: "%9.4f %10.4f", place.latitude, place.longitude)
            let others = Set(place.names.values).union(place.alternateNames).sorted().joined(separator: ", ")
            let line = pad(place.name, nameWidth) + "  " + pad(area, areaWidth) + "  " + coordinates + "  " + place.timeZone
                + (others.isEmpty ? "" : "  (also " + others + ")")
            return line
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
