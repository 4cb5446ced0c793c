import FoundationEssentials
import Synchronization

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
    public func cached(for location: Location) -> CachedForecast? {
        do {
            return try cache.load(for: location.id)
        } catch {
            if case .corrupt = error, let aside = try? cache.setAside(for: location.id, now: now()) {
                warn(LocalizedText(N_("{problem}; moved it aside to {path}"), ["problem": LocalizedText(error: error), "path": .verbatim(aside)]))
            } else {
                warn(LocalizedText(error: error))
            }
            return nil
        }
    }

    /// Refreshes `locations` under the home's refresh lock. Each forecast is written to the
    /// cache as soon as it is decoded, while the other transfers go on; the cache folder is
    /// synced once for the batch.
    /// - Parameters:
    ///   - onlyIfStale: skip places whose cached forecast is younger than the refresh interval.
    ///   - lockWait: how long to wait for another rain's refresh; zero: fail at once with `.busy`.
    ///   - willFetch: called once, just before the first request, when there is anything to fetch.
    ///   - progress: called with (done, total) as each fetched place is done.
    ///   - keepingForecasts: false: each outcome holds only the forecast's `summary` (what a
    ///     line per place shows), so memory stays flat however many places there are.
    /// - Throws: `RefreshError.offline` when the host could not be resolved or connected to
    ///   (nothing was sent to it; the batch stopped at once, keeping what it had already saved).
    public func refresh(
        _ locations: [Location], onlyIfStale: Bool, lockWait: Duration,
        willFetch: @Sendable () -> Void = {}, progress: (@Sendable (Int, Int) -> Void)? = nil,
        keepingForecasts: Bool = true
    ) async throws(RefreshError) -> [RefreshOutcome] {
        let kept: @Sendable (CachedForecast) -> CachedForecast = { keepingForecasts ? $0 : $0.summary }
        // Forecasts written from this second on were fetched by a refresh we waited for.
        let started = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        let lock: FileLock
        var waited = false
        do {
            do {
                lock = try FileLock.acquire(settings.paths.refreshLockFile, timeout: .zero)
            } catch .busy where lockWait > .zero {
                waited = true
                lock = try await FileLock.acquire(settings.paths.refreshLockFile, waiting: lockWait)
            }
        } catch {
            switch error {
            case .busy: throw .busy
            case .file(let error): throw .lockFile(error)
            }
        }
        defer { lock.unlock() }

        // Read the cache only now: the refresh we may have waited for has just written it, and
        // what it fetched is not fetched again.
        // Only then are the cached forecasts needed up front; otherwise a place's is read when
        // it is needed (below), so a large batch does not hold every old forecast in memory.
        let previous = onlyIfStale || waited ? locations.map { cached(for: $0).map(kept) } : nil
        let due = locations.indices.filter { index in
            guard let previous else { return true }
            guard let cached = previous[index], isFresh(cached) else { return true }
            return !(onlyIfStale || (waited && cached.fetchedAt >= started))
        }
        // The cache is swept however the batch ends; when it ends well, what the sweep found
        // marks the places removed meanwhile.
        var sweepsOnLeaving = true
        defer { if sweepsOnLeaving { _ = sweepCache() } }
        var statuses: [Int: RefreshOutcome.Status] = [:]
        if !due.isEmpty {
            // Reading a place's cached forecast (what sets a damaged file aside before it is
            // replaced) is as much work as decoding the new one: the first places' are read
            // now, while libcurl loads on its own thread (glibc lets no thread start until it is
            // loaded, so this is work that fits the wait); each of the others when it is needed.
            var readAhead: [Int: CachedForecast?] = [:]
            var moonDays: [(index: Int, days: MoonsAhead)] = []
            if previous == nil {
                for index in due.prefix(settings.maxConcurrentRequests) {
                    let cached = cached(for: locations[index])
                    readAhead[index] = cached.map(kept)
                    if let cached { moonDays.append((index, MoonsAhead(daysOf: cached.forecast, at: locations[index].coordinate))) }
                }
            }
            let read = readAhead, plannedMoons = moonDays
            let previousForecast: @Sendable (Int) -> CachedForecast? = { [self] index in
                if let previous { return previous[index] }
                if let known = read[index] { return known }
                return cached(for: locations[index]).map(kept)
            }
            if settings.provider.unit.needsKey && settings.apiKey == nil {
                for index in due { statuses[index] = .failed(.forecast(.missingKey), cached: previousForecast(index)) }
            } else {
                willFetch()
                // The alert feeds are asked alongside the forecasts.
                let official = OfficialAlerts(for: locations, at: due, now: now()) { cached(for: locations[$0]) }
                async let feedsAnswered: Void = fetch(official, for: locations)
                // The moon of the places read ahead is worked out here while libcurl is still
                // loading (the first request waits for that anyway; worked out later, on one
                // thread, it came between the load's end and the request), then while the
                // requests are out, in the order they were asked (see `MoonsAhead`), a place at a
                // time, so that on one thread (rain's executor) the feeds' answers are taken in
                // between.
                let moons = MoonsWorkedAhead()
                var moonsLeft = plannedMoons[...]
                while CurlGlobal.isLoading, let (index, planned) = moonsLeft.popFirst() {
                    moons.workOut(index, planned)
                }
                async let moonsWorkedOut: Void = { [moonsLeft] () async in
                    for (index, planned) in moonsLeft where !moons.isTaken(index) {
                        moons.workOut(index, planned)
                        await Task.yield()
                    }
                }()
                let saved = SavedStatuses()
                let held = HeldForecasts()
                // Each forecast is written (with its fsync) where the client hands it on, on its
                // thread, while the other transfers go on; the client's back-pressure holds the
                // transfers back when writing falls behind, so nothing waits or piles up here
                // (but a forecast whose alert feeds have not answered, held aside below).
                // The folder is synced once, after the last place, on that thread too (never on
                // a cooperative one).
                @Sendable func store(_ position: Int, _ result: Result<Forecast, ForecastError>) {
                    let index = due[position]
                    let status = save(result.map { official.joined(to: $0, for: index) }, for: locations[index],
                                      moons: moons.take(index), keeping: kept) { previousForecast(index) }
                    let done = saved.set(index, status)
                    if done == due.count { cache.syncFolder() }
                    progress?(done, due.count)
                }
                let fetched = await client.weather(for: due.map { locations[$0].coordinate }) { position, result in
                    // A forecast whose place's feeds have not all answered is held, not waited
                    // for: waiting here would hold back every later save and, through the
                    // back-pressure, the transfers, while the batch's time runs.
                    if case .success = result, !official.hasAnswered(due[position]) {
                        held.add(position, result)
                    } else {
                        store(position, result)
                    }
                }
                await feedsAnswered
                await moonsWorkedOut
                let late = held.all
                if !late.isEmpty {
                    // Written on a thread of their own, with their fsyncs, as the others were.
                    _ = try? await DetachedThread.run { for (position, result) in late { store(position, result) } }
                }
                // A place whose forecast failed says so in its own line; its feeds are not said too.
                let failed = Set(fetched.indices.filter { fetched[$0] != nil }.map { due[$0] })
                official.problems(leavingOut: failed).forEach(warnOfFeed)
                if fetched.contains(where: { if case .offline? = $0 { true } else { false } }) {
                    throw .offline(host: host)
                }
                official.unreachable(leavingOut: failed).forEach(warnOfFeed)
                statuses.merge(saved.all) { $1 }
            }
        }
        sweepsOnLeaving = false
        let saved = sweepCache()
        return locations.indices.map { index in
            RefreshOutcome(location: locations[index], status: statuses[index] ?? .fresh(previous![index]!),
                           wasRemoved: saved.map { !$0.contains(locations[index].id) } ?? false)
        }
    }

    /// Writes a fetched forecast to the cache (the folder is synced later, once).
    private func save(_ result: Result<Forecast, ForecastError>, for location: Location, moons: MoonsAhead?,
                      keeping kept: (CachedForecast) -> CachedForecast,
                      previous: () -> CachedForecast?) -> RefreshOutcome.Status {
        switch result {
        case .failure(let error):
            return .failed(.forecast(error), cached: previous())
        case .success(let forecast):
            let zone = settings.provider.unit.timeZone(forecastZone: forecast.timeZone, placeZone: location.timeZone)
            var fresh = CachedForecast(location: location, fetchedAt: now(), source: settings.provider.rawValue,
                                       forecast: forecast.inTimeZone(zone).withAstronomy(at: location.coordinate, ahead: moons))
            fresh.language = settings.fetchLanguage
            // A damaged file is set aside before it would be replaced, never overwritten (read
            // here when the refresh did not read it before; a lookup when it did).
            let old = previous()
            do throws(CacheError) {
                try cache.save(fresh, syncingFolder: false)
                return .refreshed(kept(fresh))
            } catch {
                return .failed(.cache(error), cached: old, fetched: kept(fresh))
            }
        }
    }

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
            return saved
        case .lookedUp:
            cache.sweep(writtenBefore: now().addingTimeInterval(-24 * 3600))
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

/// Forecasts fetched before their places' alert feeds answered, saved once they have.
private final class HeldForecasts: Sendable {
    private let held = Mutex([(position: Int, result: Result<Forecast, ForecastError>)]())

    func add(_ position: Int, _ result: Result<Forecast, ForecastError>) {
        held.withLock { $0.append((position, result)) }
    }

    var all: [(position: Int, result: Result<Forecast, ForecastError>)] { held.withLock { $0 } }
}

/// The moon of places' days worked out ahead. A place's save takes what is there, once: a
/// place saved before its moon was worked out works it out itself, and is then passed over.
private final class MoonsWorkedAhead: Sendable {
    private let moons = Mutex((worked: [Int: MoonsAhead](), taken: Set<Int>()))

    /// Works out the place's moon and keeps it, unless the place's forecast has come meanwhile.
    func workOut(_ index: Int, _ planned: MoonsAhead) {
        var ahead = planned
        ahead.workOut()
        moons.withLock { if !$0.taken.contains(index) { $0.worked[index] = ahead } }
    }

    func take(_ index: Int) -> MoonsAhead? {
        moons.withLock { moons in
            moons.taken.insert(index)
            return moons.worked.removeValue(forKey: index)
        }
    }

    func isTaken(_ index: Int) -> Bool { moons.withLock { $0.taken.contains(index) } }
}

/// What each place of a batch came to, filled in as results arrive.
private final class SavedStatuses: Sendable {
    private let statuses = Mutex([Int: RefreshOutcome.Status]())

    /// Records one and returns how many are recorded.
    func set(_ index: Int, _ status: RefreshOutcome.Status) -> Int {
        statuses.withLock { statuses in
            statuses[index] = status
            return statuses.count
        }
    }

    var all: [Int: RefreshOutcome.Status] { statuses.withLock { $0 } }
}
