import Foundation

/// Where `/v1/forecast` (the default `best_match`) has quarter hours of its own, as
/// open-meteo/open-meteo `Sources/App/Controllers/ForecastapiController.swift` picks the models
/// for a place (`getReaders`, `case .best_match`), in its order:
/// the Netherlands and Belgium (KNMI), Scandinavia (MET Nordic, from 54.9°N) and the UK (the
/// Met Office's UKV area, `Sources/App/Helper/RegionGeometry.swift`, `isInUKVArea`) come first
/// and have hourly models only; then ICON-D2 with `iconD2_15min` (`Sources/App/Icon/Icon.swift`,
/// its grid), AROME-France with `arome_france_15min`/`arome_france_hd_15min` (the box in the
/// controller, inside `Sources/App/MeteoFrance/MeteoFranceDomain.swift`'s grid), and HRRR with
/// `hrrr_conus_15min` (`Sources/App/Gfs/GfsDomain.swift`, a Lambert conformal grid,
/// `Sources/App/Domains/LambertConformalConic.swift` and `ProjectionGrid.swift`). Everywhere
/// else each quarter hour is derived from the hour (`Sources/App/Helper/Interpolation.swift`).
enum QuarterHourAreas {
    static func areNative(latitude: Double, longitude: Double) -> Bool {
        if (49.35..<53.79).contains(latitude), (2.19..<7.66).contains(longitude) { return false }
        if latitude >= 54.9, metNoNordic.contains(latitude: latitude, longitude: longitude) { return false }
        if isInUKVArea(latitude: latitude, longitude: longitude) { return false }
        if iconD2.contains(latitude: latitude, longitude: longitude) { return true }
        if (42.10..<51.32).contains(latitude), (-6.18..<8.35).contains(longitude) { return true }
        return hrrrConus.contains(latitude: latitude, longitude: longitude)
    }

    /// `RegularGrid(nx: 1215, ny: 746, latMin: 43.18, lonMin: -3.94, dx: 0.02, dy: 0.02)`.
    static let iconD2 = RegularGrid(nx: 1215, ny: 746, latitudeMin: 43.18, longitudeMin: -3.94, step: 0.02)
    /// `ProjectionGrid(nx: 1799, ny: 1059, latitude: 21.138...47.8424, longitude: (-122.72)...(-60.918))`
    /// with `LambertConformalConicProjection(λ0: -97.5, ϕ0: 0, ϕ1: 38.5, ϕ2: 38.5, radius: 6371229)`.
    static let hrrrConus = ConformalGrid(
        nx: 1799, ny: 1059, south: 21.138, west: -122.72, north: 47.8424, east: -60.918,
        projection: LambertConformal(meridian: -97.5, origin: 0, parallel: 38.5))
    /// `Sources/App/MetNo/MetNoDomain.swift`, `nordic_pp`.
    static let metNoNordic = ConformalGrid(
        nx: 1796, ny: 2321, south: 52.30272, west: 1.9184653, north: 72.18527, east: 41.764282,
        projection: LambertConformal(meridian: 15, origin: 63, parallel: 63))

    /// The UK rectangle without the triangle of the Channel off northern France.
    static func isInUKVArea(latitude: Double, longitude: Double) -> Bool {
        guard (49.9..<61).contains(latitude), (-11..<1.8).contains(longitude) else { return false }
        let corners = [(49.9, -0.2), (49.9, 1.8), (51.1, 1.8)]
        let sides = (0..<3).map { index -> Double in
            let a = corners[index], b = corners[(index + 1) % 3]
            return (longitude - a.1) * (b.0 - a.0) - (latitude - a.0) * (b.1 - a.1)
        }
        let inTriangle = !(sides.contains { $0 < 0 } && sides.contains { $0 > 0 })
        return !inTriangle
    }

    /// `Sources/App/Domains/RegularGrid.swift`, `findPointXy`: the nearest point, inside the grid.
    struct RegularGrid {
        var nx: Int, ny: Int
        var latitudeMin: Double, longitudeMin: Double, step: Double

        func contains(latitude: Double, longitude: Double) -> Bool {
            let x = Int(((longitude - longitudeMin) / step).rounded())
            let y = Int(((latitude - latitudeMin) / step).rounded())
            return (0..<nx).contains(x) && (0..<ny).contains(y)
        }
    }

    /// `LambertConformalConicProjection` with one standard parallel, on a sphere.
    struct LambertConformal {
        let meridian: Double, n: Double, f: Double, rho0: Double
        static let radius = 6_371_229.0

        init(meridian: Double, origin: Double, parallel: Double) {
            self.meridian = meridian * .pi / 180
            let phi1 = parallel * .pi / 180
            n = sin(phi1)
            f = cos(phi1) * pow(tan(.pi / 4 + phi1 / 2), n) / n
            rho0 = f / pow(tan(.pi / 4 + origin * .pi / 180 / 2), n)
        }

        func forward(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
            let theta = n * (longitude * .pi / 180 - meridian)
            let rho = f / pow(tan(.pi / 4 + latitude * .pi / 180 / 2), n)
            return (Self.radius * rho * sin(theta), Self.radius * (rho0 - rho * cos(theta)))
        }
    }

    /// `Sources/App/Domains/ProjectionGrid.swift`: the grid between its south-west and
    /// north-east corners, `findPointXy`.
    struct ConformalGrid {
        let nx: Int, ny: Int
        let projection: LambertConformal
        let origin: (x: Double, y: Double)
        let dx: Double, dy: Double

        init(nx: Int, ny: Int, south: Double, west: Double, north: Double, east: Double, projection: LambertConformal) {
            self.nx = nx
            self.ny = ny
            self.projection = projection
            origin = projection.forward(latitude: south, longitude: west)
            let corner = projection.forward(latitude: north, longitude: east)
            dx = (corner.x - origin.x) / Double(nx - 1)
            dy = (corner.y - origin.y) / Double(ny - 1)
        }

        func contains(latitude: Double, longitude: Double) -> Bool {
            let position = projection.forward(latitude: latitude, longitude: longitude)
            let x = ((position.x - origin.x) / dx).rounded(), y = ((position.y - origin.y) / dy).rounded()
            // Near the far pole the projection runs off to infinity: outside.
            guard x.isFinite, y.isFinite else { return false }
            return (0...Double(nx - 1)).contains(x) && (0...Double(ny - 1)).contains(y)
        }
    }
}
