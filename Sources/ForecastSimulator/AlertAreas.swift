import Foundation

/// Where the official alert services have warnings of their own, as the simulator tells it
/// (its own coarse lines, not rain's): a point outside gets an empty FeatureCollection, as the
/// real services answer a place they issue nothing for.
enum AlertAreas {
    /// Mainland Norway and its waters, Svalbard and Jan Mayen: MET's warnings are "for Norwegian
    /// areas" (metno/weatherapi-docs `doc/metalerts/geojson.md`). The land border from
    /// georgique/world-geojson `areas/norway/mainland.json`, simplified to within 4 km; the sea
    /// drawn wide, Denmark's north and the Koster islands left out.
    static func inNorway(latitude: Double, longitude: Double) -> Bool {
        if (74...81).contains(latitude), (10...35).contains(longitude) { return true }       // Svalbard, Bjørnøya
        if (70.7...71.2).contains(latitude), (-9.2 ... -7.8).contains(longitude) { return true }  // Jan Mayen
        return inside(norway, latitude: latitude, longitude: longitude)
    }

    /// Even-odd: a ray east of the point crosses the outline an odd number of times when inside.
    static func inside(_ corners: [(Double, Double)], latitude: Double, longitude: Double) -> Bool {
        var inside = false
        var previous = corners[corners.count - 1]
        for corner in corners {
            if (corner.0 > latitude) != (previous.0 > latitude),
               longitude < corner.1 + (latitude - corner.0) / (previous.0 - corner.0) * (previous.1 - corner.1) {
                inside.toggle()
            }
            previous = corner
        }
        return inside
    }

    private static let norway: [(Double, Double)] = [
        (58.98, 11.06), (59.08, 11.16), (59.11, 11.34), (58.89, 11.46), (58.92, 11.66), (59.24, 11.82), (59.61, 11.70),
        (59.69, 11.93), (59.85, 11.84), (59.97, 12.34), (60.40, 12.61), (61.02, 12.22), (61.06, 12.69), (61.36, 12.87),
        (61.57, 12.58), (61.56, 12.42), (61.72, 12.14), (62.26, 12.30), (62.61, 12.05), (62.75, 12.14), (62.90, 12.07),
        (63.00, 12.22), (63.27, 11.98), (63.46, 12.20), (63.59, 12.15), (64.06, 12.92), (64.10, 13.21), (64.01, 13.99),
        (64.18, 14.15), (64.46, 14.12), (64.58, 13.66), (65.31, 14.50), (65.81, 14.62), (66.13, 14.52), (66.15, 15.03),
        (66.28, 15.49), (66.48, 15.38), (66.91, 16.03), (67.05, 16.39), (67.20, 16.41), (67.43, 16.08), (67.52, 16.15),
        (67.53, 16.41), (67.92, 16.74), (68.12, 17.28), (67.97, 17.90), (68.19, 18.15), (68.54, 18.13), (68.58, 18.40),
        (68.51, 18.62), (68.52, 18.98), (68.36, 19.91), (68.49, 20.22), (68.56, 19.94), (68.80, 20.33), (68.92, 20.31),
        (69.05, 20.06), (69.06, 20.55), (69.12, 20.72), (69.04, 21.06), (69.22, 21.01), (69.31, 21.28), (69.28, 21.63),
        (68.96, 22.18), (68.72, 22.37), (68.69, 23.04), (68.63, 23.17), (68.71, 23.67), (68.84, 23.88), (68.69, 24.61),
        (68.55, 24.90), (68.64, 25.12), (68.85, 25.25), (68.94, 25.70), (69.67, 25.89), (69.94, 26.48), (69.96, 26.85),
        (69.91, 27.03), (70.07, 27.57), (70.09, 27.96), (69.82, 28.41), (69.70, 29.13), (69.48, 29.34), (69.23, 28.83),
        (69.11, 28.81), (69.01, 29.05), (69.11, 29.24), (69.30, 29.29), (69.42, 30.03), (69.54, 30.17), (69.66, 30.09),
        (69.54, 30.51), (69.56, 30.93), (69.79, 30.82), (69.80, 31.50), (71.50, 31.50), (71.50, 4.00), (57.85, 4.00),
        (57.85, 9.00), (58.75, 10.75),
    ]
}
