/// The forecast `rain show` can show for a place, and why it is not a fresh one when it is not.
public struct DisplayForecast: Sendable {
    public enum Problem: Sendable, Equatable {
        /// Showing the cache was asked for (`--offline`).
        case offlineRequested
        case offline(host: String)
        case busy
        case failed(RefreshFailure)
        /// The refresh lock could not be taken (`RefreshError.lockFile`).
        case refreshLock(RefreshError)

        /// The forecast fetched could not be kept because its cache cannot be written (a
        /// read-only folder), not because it was too large to keep.
        public var isUnwritableCache: Bool {
            if case .failed(.cache(let error)) = self { return !error.isTooLarge }
            return false
        }
    }

    /// The newest forecast there is: fetched now, or cached.
    public var forecast: CachedForecast?
    /// Why `forecast` is not a fresh one (or there is none); nil when all is well.
    public var problem: Problem?
}

extension ForecastService {
    /// The cached forecast when it is fresh; otherwise a refresh first (waiting up to `lockWait`
    /// for another rain's refresh, whose result then usually makes fetching unnecessary).
    public func forecastForDisplay(
        of location: Location, offline: Bool, lockWait: Duration, willFetch: @Sendable () -> Void = {}
    ) async -> DisplayForecast {
        let cached = cached(for: location)
        if offline { return DisplayForecast(forecast: cached, problem: cached == nil ? .offlineRequested : nil) }
        if let cached, isFresh(cached) { return DisplayForecast(forecast: cached, problem: nil) }
        do {
            let outcome = try await refresh([location], onlyIfStale: true, lockWait: lockWait, willFetch: willFetch,
                                            fetchingWithoutLock: true)[0]
            return DisplayForecast(forecast: outcome.newest, problem: outcome.failure.map { .failed($0) })
        } catch {
            switch error {
            case .offline(let host):
                return DisplayForecast(forecast: cached, problem: .offline(host: host))
            case .busy:
                return DisplayForecast(forecast: self.cached(for: location), problem: .busy)
            case .lockFile:
                return DisplayForecast(forecast: cached, problem: .refreshLock(error))
            }
        }
    }
}

/// The forecasts `rain show --all` can show, place by place, and what went wrong.
public struct DisplayForecasts: Sendable {
    /// In the order of the places asked for: the newest forecast there is, or nil.
    public var forecasts: [CachedForecast?]
    /// The places whose refresh was tried and failed (their last good forecast is in `forecasts`).
    public var failures: [RefreshOutcome]
    /// Why nothing could be refreshed at all (offline, another rain refreshing, the lock file).
    public var problem: DisplayForecast.Problem?
}

extension ForecastService {
    /// Every place's forecast: the fresh ones from the cache, the stale or missing ones fetched
    /// first, all in one batch.
    public func forecastsForDisplay(
        of locations: [Location], offline: Bool, lockWait: Duration, willFetch: @Sendable () -> Void = {}
    ) async -> DisplayForecasts {
        let cached = locations.map { self.cached(for: $0) }
        if offline || cached.allSatisfy({ $0.map(isFresh) == true }) {
            return DisplayForecasts(forecasts: cached, failures: [], problem: nil)
        }
        do {
            let outcomes = try await refresh(locations, onlyIfStale: true, lockWait: lockWait, willFetch: willFetch)
            return DisplayForecasts(forecasts: outcomes.map(\.newest), failures: outcomes.filter { $0.failure != nil }, problem: nil)
        } catch {
            switch error {
            case .offline(let host):
                return DisplayForecasts(forecasts: cached, failures: [], problem: .offline(host: host))
            case .busy:
                return DisplayForecasts(forecasts: locations.map { self.cached(for: $0) }, failures: [], problem: .busy)
            case .lockFile:
                return DisplayForecasts(forecasts: cached, failures: [], problem: .refreshLock(error))
            }
        }
    }
}
