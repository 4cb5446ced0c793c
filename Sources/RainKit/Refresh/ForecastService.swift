import Foundation

/// Forecasts for saved places: the cache first, the API when the cache is stale and the network
/// is there, one refresh at a time per home, the last good forecast kept whatever happens.
public struct ForecastService: Sendable {
    public let settings: Settings
    public let cache: ForecastCache
    let client: ForecastClient
    let reachability: ReachabilityMonitor
    /// What reachability is about: the proxy libcurl will go through, or else the API itself.
    let probedURL: String
    let now: @Sendable () -> Date
    let warn: @Sendable (String) -> Void

    /// - Parameters:
    ///   - verbose: receives one line per request (URL with the key redacted, status, time).
    ///   - warn: receives what the user should know although nothing failed (a damaged cache file set aside).
    public init(
        settings: Settings, verbose: (@Sendable (String) -> Void)? = nil,
        warn: @escaping @Sendable (String) -> Void = { _ in }, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.cache = ForecastCache(directory: settings.paths.forecastsDirectory)
        self.client = ForecastClient(settings: settings, verbose: verbose)
        self.probedURL = settings.proxyURL ?? settings.forecastURL
        self.reachability = ReachabilityMonitor(baseURL: probedURL)
        self.now = now
        self.warn = warn
    }

    /// The host reachability is about (the API's, or the proxy's) as messages name it, with the
    /// port unless it is the scheme's own.
    public var host: String {
        let defaultPort = probedURL.lowercased().hasPrefix("http://") ? 80 : 443
        let (host, port) = (reachability.host, reachability.port)
        guard port != defaultPort else { return host }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// A monitor of the API's host that polls at least as often as `interval` (and at most
    /// every 10 s while offline, every 60 s while online).
    public func reachabilityMonitor(pollingAtMost interval: Interval) -> ReachabilityMonitor {
        ReachabilityMonitor(baseURL: probedURL, onlineInterval: min(.seconds(60), interval.duration),
                            offlineInterval: min(.seconds(10), interval.duration))
    }

    public var refreshInterval: Duration { .seconds(settings.refreshIntervalMinutes * 60) }

    /// Young enough, and from the provider and in the units now configured: a forecast from
    /// another provider or in other units is never shown as if it were the one asked for.
    public func isFresh(_ cached: CachedForecast) -> Bool {
        cached.source == settings.provider.rawValue && cached.forecast.units == settings.units
            && !cached.isStale(maxAge: refreshInterval, now: now())
    }

    /// The cached forecast of a place. A file that cannot be read as one counts as none; it is
    /// set aside (never overwritten) with a warning, so the next refresh can write a good one.
    public func cached(for location: Location) -> CachedForecast? {
        do {
            return try cache.load(for: location.id)
        } catch {
            if case .corrupt = error, let aside = try? cache.setAside(for: location.id, now: now()) {
                warn("\(error); moved it aside to \(aside)")
            } else {
                warn(error.description)
            }
            return nil
        }
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
        let previous = locations.map { cached(for: $0) }
        let due = locations.indices.filter { index in
            !(onlyIfStale && previous[index].map(isFresh) == true)
        }
        var results: [Int: Result<Forecast, ForecastError>] = [:]
        if !due.isEmpty {
            if settings.provider == .darkSky && settings.apiKey == nil {
                for index in due { results[index] = .failure(.missingKey) }
            } else {
                guard reachability.probe() else { throw .offline(host: host) }
                willFetch()
                let fetched = await client.weather(for: due.map { locations[$0].coordinate })
                for (index, result) in zip(due, fetched) { results[index] = result }
            }
        }
        return locations.indices.map { index in
            let location = locations[index]
            switch results[index] {
            case nil:
                return RefreshOutcome(location: location, status: .fresh(previous[index]!))
            case .failure(let error):
                return RefreshOutcome(location: location, status: .failed(.forecast(error), cached: previous[index]))
            case .success(let forecast):
                let fresh = CachedForecast(location: location, fetchedAt: now(), source: settings.provider.rawValue, forecast: forecast)
                do throws(CacheError) {
                    try cache.save(fresh)
                    return RefreshOutcome(location: location, status: .refreshed(fresh))
                } catch {
                    return RefreshOutcome(location: location, status: .failed(.cache(error), cached: previous[index]))
                }
            }
        }
    }
}
