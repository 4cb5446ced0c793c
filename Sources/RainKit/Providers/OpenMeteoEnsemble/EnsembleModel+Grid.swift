/// Where a regional ensemble model has data, judged before asking: outside its grid Open-Meteo
/// answers 200 with a body that is not JSON (`{"latitude":nan,...`, `EnsembleDecoder`), and
/// the request costs its calls all the same.
extension EnsembleModel {
    /// A regular latitude-longitude grid as open-meteo/open-meteo
    /// `Sources/App/Domains/RegularGrid.swift` finds a point in it (`findPointXy`): the
    /// nearest column and row, rounded half away from zero in `Float`, must be inside.
    struct Grid: Sendable {
        let nx: Int, ny: Int
        let latMin: Float, lonMin: Float
        let dx: Float, dy: Float

        func contains(_ coordinate: Coordinate) -> Bool {
            let x = ((Float(coordinate.longitude) - lonMin) / dx).rounded()
            let y = ((Float(coordinate.latitude) - latMin) / dy).rounded()
            return x >= 0 && x < Float(nx) && y >= 0 && y < Float(ny)
        }
    }

    /// The model's grid where it is regional; nil where it is global. From open-meteo
    /// `Sources/App/Icon/Icon.swift`, `grid`: `.iconEuEps` and `.iconD2Eps`. ICON-EPS, GEFS
    /// and ECMWF IFS ENS are global (`icon_seamless` falls back to ICON-EPS outside Europe).
    var grid: Grid? {
        switch self {
        case .iconEU: return Grid(nx: 689, ny: 329, latMin: 29.5, lonMin: -23.5, dx: 0.125, dy: 0.125)
        case .iconD2: return Grid(nx: 1214, ny: 745, latMin: 43.18, lonMin: -3.94, dx: 0.02, dy: 0.02)
        case .iconSeamless, .iconGlobal, .gfsSeamless, .gfs025, .ecmwfIFS025: return nil
        }
    }

    /// Whether the model has data at `coordinate`: global models everywhere, a regional one in
    /// its grid (a masked cell at the grid's edge may still have none: `EnsembleDecoder`).
    public func covers(_ coordinate: Coordinate) -> Bool {
        grid?.contains(coordinate) ?? true
    }
}
