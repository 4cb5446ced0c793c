import FoundationEssentials

/// Removes saved places together with what rain keeps about them: the store first (so a place is
/// never shown as removed while it is still saved), then each one's cached forecast and ensemble spread and any
/// damaged forecast files set aside. A refresh that was fetching a removed place meanwhile
/// deletes what it wrote (see `ForecastService.refresh`).
public struct LocationRemover: Sendable {
    public let store: LocationsStore
    public let cache: ForecastCache

    public init(store: LocationsStore, cache: ForecastCache) {
        self.store = store
        self.cache = cache
    }

    public init(paths: RainPaths) {
        self.init(store: LocationsStore(paths: paths), cache: ForecastCache(directory: paths.forecastsDirectory))
    }

    /// `LocationsStore.remove(ids:)`, then the forecasts of the places it removed.
    public func remove(ids: [UUID]) throws -> LocationsStore.Removal {
        forgetForecasts(of: try store.remove(ids: ids))
    }

    /// `LocationsStore.remove(resolving:read:)`, then the forecasts of the places it removed.
    public func remove(resolving references: [String], read: (LocationList) -> Void = { _ in }) throws -> LocationsStore.Removal {
        forgetForecasts(of: try store.remove(resolving: references, read: read))
    }

    private func forgetForecasts(of removal: LocationsStore.Removal) -> LocationsStore.Removal {
        try? cache.remove(for: removal.removed.map(\.id))
        try? SpreadCache(besideForecastsIn: cache.directory).files.remove(for: removal.removed.map(\.id))
        return removal
    }
}
