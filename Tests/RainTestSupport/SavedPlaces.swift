import RainKit

extension LocationsStore {
    /// Saves a new place as `rain locations add NAME --lat LAT --lon LON --again` does, through
    /// the store's own API: the tests' shorthand for a list of places to start from.
    public func add(name: String, coordinate: Coordinate, select: Bool = false) throws -> (location: Location, isCurrent: Bool) {
        switch try add(Location(name: name, coordinate: coordinate), select: select, again: true) {
        case .added(let location, let isCurrent), .alreadySaved(let location, _, let isCurrent): return (location, isCurrent)
        }
    }
}
