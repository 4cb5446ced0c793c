import FoundationEssentials

/// Forecasts for saved places: the cache first, the API when the cache is stale and the network
/// is there, one refresh at a time per home, the last good forecast kept whatever happens.
public struct ForecastService: Sendable {
    public let settings: Settings
    public let cache: ForecastCache
    /// Read after each refresh, so forecasts of places removed meanwhile are not kept.
    let store: LocationsStore
    /// Whose forecasts these are: the saved places', or places looked up and not saved.
    public let places: Places
    let client: ForecastClient
    /// What reachability is about: the proxy libcurl will go through, or else the API itself.
    let probedURL: String
    let now: @Sendable () -> Date
    let warn: @Sendable (LocalizedText) -> Void
    /// Whether a feed that failed is said (`ForecastService+Alerts`).
    public var saysFeedProblems = true
    /// The calls spent at Open-Meteo's free APIs this minute, by every refresh of this service.
    let openMeteoMinute = OpenMeteoMinute()
    /// The state files this service could not write, said once each (`keeping`).
    let unwrittenStateFiles = UnwrittenStateFiles()
    /// How many places the name looked up had, kept with its forecast (`CachedForecast.lookupMatches`).
    public var lookupMatches: Int?
    /// The refresh lock a show's refresh could not have: what it fetches is not kept (`refresh`).
    var unlockedBecause: FileError?

    public enum Places: Sendable {
        /// The cache of the saved places, swept of every place no longer saved.
        case saved
        /// A cache of its own (`RainPaths.lookupsDirectory`) for places looked up by a show and
        /// not saved, swept of what was not refreshed for a day.
        case lookedUp
    }

    /// - Parameters:
    ///   - places: whose forecasts: the saved places' cache, or the lookups'.
    ///   - verbose: receives one line per request (URL with the key redacted, status, time).
    ///   - warn: receives what the user should know although nothing failed (a damaged cache file set aside).
    public init(
        settings: Settings, places: Places = .saved, verbose: (@Sendable (String) -> Void)? = nil,
        warn: @escaping @Sendable (LocalizedText) -> Void = { _ in }, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.settings = settings
        self.places = places
        self.cache = ForecastCache(directory: places == .saved ? settings.paths.forecastsDirectory : settings.paths.lookupsDirectory)
        self.store = LocationsStore(paths: settings.paths)
        self.client = ForecastClient(settings: settings, verbose: verbose)
        self.probedURL = settings.proxyURL ?? settings.forecastURL
        self.now = now
        self.warn = warn
    }

    /// The host reachability is about (the API's, or the proxy's) as messages name it, with the
    /// port unless it is the scheme's own.
    public var host: String { ForecastEndpoint.hostForMessages(of: probedURL) }

    /// A monitor of the API's host that polls at least as often as `interval` (and at most
    /// every 10 s while offline, every 60 s while online).
    public func reachabilityMonitor(pollingAtMost interval: Interval) -> ReachabilityMonitor {
        ReachabilityMonitor(baseURL: probedURL, onlineInterval: min(.seconds(60), interval.duration),
                            offlineInterval: min(.seconds(10), interval.duration))
    }

    public var refreshInterval: Duration { .seconds(settings.refreshIntervalMinutes * 60) }

    /// Young enough, and from the provider and in the units now fetched (`fetchUnits`): a
    /// forecast from another provider or in other units is never shown as if it were the one
    /// asked for. A display unit changes nothing here, nor a language the provider writes no
    /// words in.
    public func isFresh(_ cached: CachedForecast) -> Bool {
        cached.source == settings.provider.rawValue && cached.forecast.units == settings.fetchUnits
            && cached.language == settings.fetchLanguage
            && !cached.isStale(maxAge: refreshInterval, now: now())
    }

    /// The cached forecast of a place. A file that cannot be read as one counts as none; it is
    /// set aside (never overwritten) with a warning, so the next refresh can write a good one.
    /// A saved place is shown as the store says it is now (renamed since the fetch, say): the
    /// cache keeps the place as it was when fetched, the store is the truth for what the user edits.
    public func cached(for location: Location) -> CachedForecast? {
        let read = cache.loadSettingAside(for: location.id, now: now())
        if let problem = read.problem { warn(problem) }
        guard var cached = read.cached else { return nil }
        if places == .saved { cached.location = location }
        return cached
    }

    /// Refreshes `locations` under the home's refresh lock. Each forecast is written to the
    /// cache as soon as it is decoded, while the other transfers go on (`RefreshBatch`).
    /// - Parameters:
    ///   - onlyIfStale: skip places whose cached forecast is younger than the refresh interval.
    ///   - lockWait: how long to wait for another rain's refresh; zero: fail at once with `.busy`.
    ///   - willFetch: called once, just before the first request, when there is anything to fetch.
    ///   - willPace: called first when the places that are due go a minute at a time, to keep
    ///     the provider's per-minute limit (`RefreshBatch`).
    ///   - progress: called with (done, total) as each fetched place is done.
    ///   - keepingForecasts: false: each outcome holds only the forecast's `summary` (what a
    ///     line per place shows), so memory stays flat however many places there are.
    ///   - fetchingWithoutLock: the forecasts are to be shown now: a lock that cannot be had (a
    ///     read-only cache folder, a folder in the lock file's place) does not keep them from
    ///     being fetched, as a lookup's; a saved place's is then not kept (`CacheError.unlocked`).
    /// - Throws: `RefreshError.offline` when the host could not be resolved or connected to
    ///   (nothing was sent to it; the batch stopped at once, keeping what it had already saved).
    public func refresh(
        _ locations: [Location], onlyIfStale: Bool, lockWait: Duration,
        willFetch: @Sendable () -> Void = {}, willPace: (@Sendable (QuotaPlan) -> Void)? = nil,
        progress: (@Sendable (Int, Int) -> Void)? = nil, keepingForecasts: Bool = true, fetchingWithoutLock: Bool = false
    ) async throws(RefreshError) -> [RefreshOutcome] {
        let kept: @Sendable (CachedForecast) -> CachedForecast = { keepingForecasts ? $0 : $0.summary }
        // Forecasts written from this second on were fetched by a refresh we waited for.
        let started = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        let lock: FileLock?, waited: Bool
        var service = self
        do {
            (lock, waited) = try await refreshLock(waiting: lockWait)
        } catch .lockFile(let error) where places == .lookedUp || fetchingWithoutLock {
            // A place looked up is shown, never saved: a lock that cannot be had (a read-only
            // cache folder) does not keep it from being fetched; the cache it cannot write then
            // fails only the keeping, which the show says. A saved place's forecast fetched for
            // a show is shown too, but not written without the lock: the lock's error says why.
            (lock, waited) = (nil, false)
            if places == .saved { service.unlockedBecause = error }
        }
        defer { lock?.unlock() }

        // Read the cache only now: the refresh we may have waited for has just written it, and
        // what it fetched is not fetched again. Otherwise a place's is read when its new one is
        // written, so a large batch does not hold every old forecast in memory.
        let previous = onlyIfStale || waited ? locations.map { cached(for: $0).map(kept) } : nil
        let due = locations.indices.filter { index in
            guard let previous else { return true }
            guard let cached = previous[index], isFresh(cached) else { return true }
            return !(onlyIfStale || (waited && cached.fetchedAt >= started))
        }
        // The cache is swept however the batch ends; when it ends well, what the sweep found
        // marks the places removed meanwhile.
        var sweepsOnLeaving = service.unlockedBecause == nil
        defer { if sweepsOnLeaving { _ = sweepCache() } }
        var statuses: [Int: RefreshOutcome.Status] = [:]
        if !due.isEmpty {
            let batch = RefreshBatch(service: service, locations: locations, due: due, kept: kept, progress: progress) { [self] index in
                if let previous { return previous[index] }
                return cached(for: locations[index]).map(kept)
            }
            statuses = try await batch.run(willFetch: willFetch, willPace: willPace)
        }
        let saved = sweepsOnLeaving ? sweepCache() : nil
        sweepsOnLeaving = false
        return locations.indices.map { index in
            RefreshOutcome(location: locations[index], status: statuses[index] ?? .fresh(previous![index]!),
                           wasRemoved: saved.map { !$0.contains(locations[index].id) } ?? false)
        }
    }

    /// The home's refresh lock, and whether another rain's refresh had it first (then this one
    /// waited up to `lockWait` for it; zero: `.busy` at once).
    private func refreshLock(waiting lockWait: Duration) async throws(RefreshError) -> (lock: FileLock, waited: Bool) {
        do {
            do {
                return (try FileLock.acquire(settings.paths.refreshLockFile, timeout: .zero), false)
            } catch .busy where lockWait > .zero {
                return (try await FileLock.acquire(settings.paths.refreshLockFile, waiting: lockWait), true)
            }
        } catch {
            switch error {
            case .busy: throw .busy
            case .file(let error): throw .lockFile(error)
            }
        }
    }

    /// Writes a fetched forecast to the cache, in the place's own zone and with rain's own
    /// astronomy, and says what the place came to. `previous` reads the place's cached forecast.
    func save(_ result: Result<Forecast, ForecastError>, for location: Location,
              keeping kept: (CachedForecast) -> CachedForecast,
              previous: () -> CachedForecast?) -> RefreshOutcome.Status {
        switch result {
        case .failure(let error):
            return .failed(.forecast(error), cached: previous())
        case .success(let forecast):
            // The place's own zone (saved from the geocoder, or given) wins over the answer's
            // where this machine knows it: a saved Kaliningrad stays at UTC+2 when an answer says
            // Europe/Warsaw. Else the provider's rule (Open-Meteo's stand-in zones).
            let placeZone = location.timeZone.flatMap { ZoneInfo.named($0) == nil ? nil : $0 }
            let zone = placeZone ?? settings.provider.unit.timeZone(forecastZone: forecast.timeZone, placeZone: location.timeZone)
            let (fitted, alerts) = forecast.mergingIdenticalAlerts().keepingAlertsThatFit()
            if alerts > Forecast.alertLimit {
                warnOfFeed(.trn("{place}: kept the {kept} most severe of {count} alert", "{place}: kept the {kept} most severe of {count} alerts",
                                count: alerts, ["place": .verbatim(location.name), "kept": .verbatim(String(Forecast.alertLimit))]))
            }
            var fresh = CachedForecast(location: location, fetchedAt: now(), source: settings.provider.rawValue,
                                       forecast: fitted.inTimeZone(zone).withAstronomy(at: location.coordinate))
            fresh.language = settings.fetchLanguage
            if places == .lookedUp { fresh.lookupMatches = lookupMatches }
            // A damaged file is set aside before it would be replaced, never overwritten. This read
            // is that check for a plain refresh (nothing read the file before the fetch), so it
            // comes before the write, not only when the write fails.
            let old = previous()
            if let unlockedBecause { return .failed(.cache(.unlocked(unlockedBecause)), cached: old, fetched: kept(fresh)) }
            do throws(CacheError) {
                try cache.save(fresh)
                return .refreshed(kept(fresh))
            } catch {
                return .failed(.cache(error), cached: old, fetched: kept(fresh))
            }
        }
    }

    /// The lookups' forecasts and the saved places', whichever this service keeps: the spreads
    /// of both are in one folder (`SpreadCache`).
    private var lookups: ForecastCache { ForecastCache(directory: settings.paths.lookupsDirectory) }
    private var savedForecasts: ForecastCache { ForecastCache(directory: settings.paths.forecastsDirectory) }

    /// The forecasts of places looked up that are kept, the last written: about 100 KB each
    /// (8 MB at most), so that looking up thousands of places in a day cannot fill the disk.
    static let lookupsKept = 100

    /// Deletes the cache files of places that are no longer saved (removed while this refresh
    /// was fetching them, or by an older rain) and temporary files of killed writers. Runs
    /// under the refresh lock, after this refresh's writes; nothing is deleted when the store
    /// cannot be read. The IDs of the places saved, for saved places whose store was read.
    private func sweepCache() -> Set<UUID>? {
        switch places {
        case .saved:
            guard let list = try? store.load() else {
                AtomicFile.sweepTemporaryFiles(in: cache.directory)
                return nil
            }
            let saved = Set(list.locations.map(\.id))
            cache.sweep(keeping: saved)
            // The lookups' spreads share the folder and go with the lookups' forecasts (below).
            SpreadCache(besideForecastsIn: cache.directory).files.sweep(keeping: saved.union(lookups.placeIDs))
            return saved
        case .lookedUp:
            let spreads = SpreadCache(besideForecastsIn: cache.directory).files
            let swept = cache.sweep(writtenBefore: now().addingTimeInterval(-24 * 3600), keepingNewest: Self.lookupsKept)
            try? spreads.remove(for: swept)
            // A spread of no forecast kept (its lookup's deleted by hand) goes; a saved place's
            // stays however old, for `--offline` and `--format`.
            spreads.sweep(keeping: cache.placeIDs.union(savedForecasts.placeIDs))
            return nil
        }
    }
}

extension Forecast {
    /// With `alerts` after the provider's own.
    func adding(_ alerts: [Alert]) -> Forecast {
        var forecast = self
        forecast.alerts += alerts
        return forecast
    }
}
