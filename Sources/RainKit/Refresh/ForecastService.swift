import Foundation

/// Forecasts for saved places: the cache first, the API when the cache is stale and the network
/// is there, one refresh at a time per home, the last good forecast kept whatever happens.
public struct ForecastService: Sendable {
    public let settings: Settings
    public let cache: ForecastCache
    let client: ForecastClient
    let reachability: ReachabilityMonitor
    let now: @Sendable () -> Date

    /// - Parameter verbose: receives one line per request (URL with the key redacted, status, time).
    public init(settings: Settings, verbose: (@Sendable (String) -> Void)? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.settings = settings
        self.cache = ForecastCache(directory: settings.paths.forecastsDirectory)
        self.client = ForecastClient(settings: settings, decoder: DarkSkyDecoder(), verbose: verbose)
        self.reachability = ReachabilityMonitor(baseURL: settings.baseURL)
        self.now = now
    }

    /// The API's host as messages name it.
    public var host: String { reachability.host }

    public var refreshInterval: Duration { .seconds(settings.refreshIntervalMinutes * 60) }

    public func isFresh(_ cached: CachedForecast) -> Bool {
        !cached.isStale(maxAge: refreshInterval, now: now())
    }

    /// The cached forecast of a place; a damaged file counts as none (the next refresh replaces it).
    public func cached(for location: Location) -> CachedForecast? {
        (try? cache.load(for: location.id)) ?? nil
    }

    /// Refreshes `locations` under the home's refresh lock.
    /// - Parameters:
    ///   - onlyIfStale: skip places whose cached forecast is younger than the refresh interval.
    ///   - lockWait: how long to wait for another rain's refresh; zero: fail at once with `.busy`.
    ///   - willFetch: called once, just before the first request, when there is anything to fetch.
    /// - Throws: `RefreshError` when nothing could be tried at all (offline: no request is sent).
    public func refresh(
        _ locations: [Location], onlyIfStale: Bool, lockWait: Duration,
        willFetch: @Sendable () -> Void = {}
    ) async throws(RefreshError) -> [RefreshOutcome] {
        let lock: FileLock
        do {
            lock = try FileLock.acquire(settings.paths.refreshLockFile, timeout: lockWait)
        } catch {
            switch error {
            case .busy: throw .busy
            case .file(let error): throw .lockFile(error)
            }
        }
        defer { lock.unlock() }

        // Read the cache only now: the refresh we may have waited for has just written it.
        var outcomes = locations.map { location in
            RefreshOutcome(location: location, status: .failed(.forecast(.missingKey), cached: cached(for: location)))
        }
        let due = outcomes.indices.filter { index in
            guard onlyIfStale, let cached = outcomes[index].forecast, isFresh(cached) else { return true }
            outcomes[index].status = .fresh(cached)
            return false
        }
        guard !due.isEmpty else { return outcomes }
        guard settings.apiKey != nil else {
            return outcomes  // every due place fails with .missingKey, set above
        }
        guard reachability.probe() else { throw .offline(host: host) }

        willFetch()
        let results = await client.weather(for: due.map { outcomes[$0].location.coordinate })
        for (index, result) in zip(due, results) {
            let location = outcomes[index].location
            let previous = outcomes[index].forecast
            switch result {
            case .success(let forecast):
                let fresh = CachedForecast(location: location, fetchedAt: now(), source: settings.provider.rawValue, forecast: forecast)
                do {
                    try cache.save(fresh)
                    outcomes[index].status = .refreshed(fresh)
                } catch {
                    outcomes[index].status = .failed(.cache(error), cached: previous)
                }
            case .failure(let error):
                outcomes[index].status = .failed(.forecast(error), cached: previous)
            }
        }
        return outcomes
    }
}
