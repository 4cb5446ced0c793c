import FoundationEssentials
import Synchronization

/// One refresh's fetch of the places that are due: their forecasts and their places' official
/// alerts asked at once, each forecast written to the cache as it is handed on, while the other
/// transfers go on.
final class RefreshBatch: Sendable {
    private let service: ForecastService
    private let locations: [Location]
    /// The places fetched, by their index in `locations`; a request's position is its place's here.
    private let due: [Int]
    private let official: ForecastService.OfficialAlerts
    /// The air at the places, asked beside their forecasts (`ForecastService+AirQuality`).
    private let air: ForecastService.AirAnswers
    private let kept: @Sendable (CachedForecast) -> CachedForecast
    private let progress: (@Sendable (Int, Int) -> Void)?
    /// The cached forecast of the place at an index of `locations`.
    private let previous: @Sendable (Int) -> CachedForecast?
    private let state = Mutex(State())

    private struct State {
        /// What each place written came to, by its index in `locations`.
        var statuses: [Int: RefreshOutcome.Status] = [:]
        /// Forecasts fetched before their places' feeds had all answered, by request position.
        var held: [(position: Int, forecast: Forecast)] = []
    }

    init(service: ForecastService, locations: [Location], due: [Int],
         kept: @escaping @Sendable (CachedForecast) -> CachedForecast, progress: (@Sendable (Int, Int) -> Void)?,
         previous: @escaping @Sendable (Int) -> CachedForecast?) {
        self.service = service
        self.locations = locations
        self.due = due
        // The feeds read a place's whole cached forecast (its alerts), not what an outcome keeps.
        self.official = ForecastService.OfficialAlerts(for: locations, at: due, now: service.now(), previous: { service.cached(for: locations[$0]) },
                                                       remembered: { RememberedAlertPolls.load(service.settings.paths.alertPollsFile).polls },
                                                       held: { feed in
                                                           RememberedFeedHold.secondsLeft(at: service.settings.paths.quotaFile,
                                                                                          for: RememberedFeedHold.source(of: feed, in: service.settings), now: service.now())
                                                       })
        self.air = ForecastService.AirAnswers(at: due, enabled: service.settings.airQuality) { service.cached(for: locations[$0]) }
        self.kept = kept
        self.progress = progress
        self.previous = previous
    }

    /// Fetches and writes every place that is due; what each came to, by its index in
    /// `locations`. More places than the provider's per-minute limit takes, or Open-Meteo's
    /// beside it for the air, go a minute at a time, and more than its per-second limit a
    /// second at a time (`SecondPacing`); `willPace` is told first. All under the one refresh
    /// lock; `timeout_seconds` bounds each part. Throws `.offline` when the host could not be
    /// reached (what was written before stays written).
    func run(willFetch: @Sendable () -> Void, willPace: (@Sendable (QuotaPlan) -> Void)?) async throws(RefreshError) -> [Int: RefreshOutcome.Status] {
        if let refused = refusedBeforeAsking() { return refused }
        let settings = service.settings
        let pollen = AirQualityService.pollenPlaces(due.map { locations[$0].coordinate })
        let plan = QuotaPlan(pacing: due.count, with: settings, pollenPlaces: pollen)
        if let plan, plan.placesPerMinute != nil {
            willPace?(plan)
        } else if let plan = QuotaPlan(refreshing: due.count, with: settings, pollenPlaces: pollen), plan.pacedSeconds >= QuotaPlan.noticeableSeconds {
            willPace?(plan)
        }
        willFetch()
        // The feeds and the air share the forecasts' time: one timeout for the whole refresh
        // (for each minute's part of a paced one).
        let budget = service.client.configuration.retry.totalBudget
        async let feedsAnswered: Void = service.fetch(official, for: locations, until: .now + budget)
        let failures = await fetchForecasts(atMostPerMinute: plan?.placesPerMinute, each: budget)
        await feedsAnswered
        rememberFeedHolds()
        rememberUsedUpQuotas(after: failures)
        rememberSecondLimit(answered: failures.contains { $0 == nil })
        await writeHeldForecasts()
        rememberAlertPolls()
        return try statuses(after: failures)
    }

    /// What every place comes to when no request may be sent: without the provider's key, or
    /// while a quota the provider said is used up has not reset (it would answer every request
    /// the same); nil when the batch may ask.
    private func refusedBeforeAsking() -> [Int: RefreshOutcome.Status]? {
        let settings = service.settings
        let error: ForecastError
        if settings.provider.unit.needsKey && settings.apiKey == nil {
            error = .missingKey
        } else if let quota = RememberedQuota.inForce(at: settings.paths.quotaFile, for: RememberedQuota.source(of: settings), now: service.now()) {
            error = .rateLimited(retryAfter: nil, quota: quota)
        } else {
            return nil
        }
        return Dictionary(uniqueKeysWithValues: due.map { ($0, .failed(.forecast(error), cached: previous($0))) })
    }

    /// Asks for the due places' forecasts and their air, `perMinute` places a minute of the
    /// clock at most (all at once when nil), each part's air within `budget`, until a part
    /// cannot reach the host or is refused by a used-up quota; each request's failure, by
    /// position in `due` (those never asked left out).
    private func fetchForecasts(atMostPerMinute perMinute: Int?, each budget: Duration) async -> [ForecastError?] {
        var failures: [ForecastError?] = []
        let second = SecondPacing(settings: service.settings)
        var pace: Int?
        paced: for part in Self.parts(of: due.count, atMost: perMinute) {
            if part.lowerBound > 0 { await Self.waitForNextMinute(now: service.now()) }
            var start = part.lowerBound
            while start < part.upperBound {
                let perSecond = second.placesPerPart(said: service.client.serverPerSecondLimit, first: start == 0)
                // Said where it holds places back: a refresh of fewer is not paced at all.
                if let perSecond, perSecond != pace, perSecond < part.upperBound - start {
                    service.client.configuration.verbose?("pacing: at most \(perSecond) \(perSecond == 1 ? "place" : "places") a second")
                    pace = perSecond
                }
                if start > part.lowerBound, perSecond != nil { await Self.waitForNextSecond(now: service.now()) }
                let piece = start..<(start + min(perSecond ?? part.count, part.upperBound - start))
                failures += await fetch(piece, budget: budget)
                if failures.contains(where: { $0?.stopsBatch == true }) { break paced }
                start = piece.upperBound
            }
        }
        // The places a stopped batch never asked end as the client ends those of its own batch.
        if let stop = failures.lazy.compactMap({ $0 }).first(where: \.stopsBatch) {
            for position in failures.count..<due.count { receive(.failure(stop), at: position) }
            failures += Array(repeating: stop, count: due.count - failures.count)
        }
        return failures
    }

    /// Writes down each counter's used-up quota, the forecast provider's and the air's (the
    /// same one where both are Open-Meteo's free service), so no later run asks before it resets.
    private func rememberUsedUpQuotas(after failures: [ForecastError?]) {
        let settings = service.settings
        let usedUp = [failures.lazy.compactMap({ $0?.usedUpQuota }).first.map { RememberedQuota(quota: $0, source: RememberedQuota.source(of: settings)) },
                      air.usedUpQuota.map { RememberedQuota(quota: $0, source: RememberedQuota.airSource(of: settings)) }]
        service.keeping { () throws(FileError) in try RememberedQuota.remember(usedUp.compactMap { $0 }, at: settings.paths.quotaFile, now: service.now()) }
    }

    /// Writes down each alert feed's 429 of this run (its `Retry-After`, or its poll interval
    /// without one), so no later run asks that feed before it ends (`RememberedFeedHold`).
    private func rememberFeedHolds() {
        let settings = service.settings
        let holds = official.refusalHolds().map { feed, seconds in
            RememberedFeedHold(source: RememberedFeedHold.source(of: feed, in: settings), retryAfter: seconds, now: service.now())
        }
        service.keeping { () throws(FileError) in try RememberedFeedHold.remember(holds, at: settings.paths.quotaFile, now: service.now()) }
    }

    /// Writes down the calls a second the forecasts' server said in this run, so the next run
    /// paces by it from its first request (`RememberedSecondLimit`); forgets it when the server
    /// answered without saying one.
    private func rememberSecondLimit(answered: Bool) {
        let settings = service.settings
        guard settings.provider.unit.saysPerSecondLimit else { return }
        let said = service.client.serverPerSecondLimit
        guard said != nil || answered else { return }
        service.keeping { () throws(FileError) in
            try RememberedSecondLimit.remember(said, for: RememberedQuota.source(of: settings), at: settings.paths.quotaFile, now: service.now())
        }
    }

    /// Writes down when MetAlerts was asked for the places whose forecasts were not written (a
    /// failed request, a cache that could not be written), which would have kept it: the next
    /// run does not ask again before MET's 10 minutes (`RememberedAlertPolls`).
    private func rememberAlertPolls() {
        let unwritten = state.withLock { state in
            due.filter { index in if case .refreshed = state.statuses[index] { false } else { true } }
        }
        let polls = official.polls(of: unwritten)
        let byPlace = Dictionary(polls.map { (locations[$0.key].id, $0.value) }) { $1 }
        service.keeping { () throws(FileError) in try RememberedAlertPolls.remember(byPlace, at: service.settings.paths.alertPollsFile, now: service.now()) }
    }

    /// One part's forecasts and their air, asked at once: each request's failure, nil for a success.
    private func fetch(_ part: Range<Int>, budget: Duration) async -> [ForecastError?] {
        // Counted with the calls an earlier refresh of this service spent this minute.
        let openMeteoCalls = QuotaPlan.openMeteoCalls(at: due[part].map { locations[$0].coordinate }, with: service.settings)
        await service.openMeteoMinute.spendPacing(openMeteoCalls, now: service.now)
        // A part's air in its minute: the server counts those calls with the forecasts'.
        async let airAnswered: Void = service.fetch(air, at: Array(due[part]), for: locations, until: .now + budget)
        let failures = await service.client.weather(for: due[part].map { locations[$0].coordinate }) { position, result in
            self.receive(result, at: part.lowerBound + position)
        }
        await airAnswered
        return failures
    }

    /// A forecast as the client hands it on, on the client's thread: written there, unless its
    /// place's feeds have not all answered. Then it is held, not waited for: waiting here would
    /// hold back every later write and, through the client's back-pressure, the transfers.
    private func receive(_ result: Result<Forecast, ForecastError>, at position: Int) {
        if case .success(let forecast) = result, !(official.hasAnswered(due[position]) && air.hasAnswered(due[position])) {
            state.withLock { $0.held.append((position, forecast)) }
        } else {
            write(result, at: position)
        }
    }

    /// Writes the place's forecast with its feeds' alerts, and records what it came to.
    private func write(_ result: Result<Forecast, ForecastError>, at position: Int) {
        let index = due[position]
        let status = service.save(result.map { air.joined(to: official.joined(to: $0, for: index), for: index) }, for: locations[index],
                                  keeping: kept) { previous(index) }
        let done = state.withLock { state in
            state.statuses[index] = status
            return state.statuses.count
        }
        progress?(done, due.count)
    }

    /// The forecasts held for their feeds, written once every feed has answered, on a thread
    /// of their own as the others were.
    private func writeHeldForecasts() async {
        let held = state.withLock { $0.held }
        guard !held.isEmpty else { return }
        _ = try? await DetachedThread.run { for (position, forecast) in held { self.write(.success(forecast), at: position) } }
    }

    /// What each place came to once the batch is over, the feeds' problems said. A place whose
    /// forecast failed says so in its own line, so its feeds are not said too.
    private func statuses(after failures: [ForecastError?]) throws(RefreshError) -> [Int: RefreshOutcome.Status] {
        let failed = Set(failures.indices.filter { failures[$0] != nil }.map { due[$0] })
        official.problems(leavingOut: failed).forEach(service.warnOfFeed)
        air.problems(leavingOut: failed).forEach(service.warnOfFeed)
        if failures.contains(where: { if case .offline? = $0 { true } else { false } }) {
            throw .offline(host: service.host)
        }
        official.unreachable(leavingOut: failed).forEach(service.warnOfFeed)
        air.unreachable(leavingOut: failed).forEach(service.warnOfFeed)
        return state.withLock { $0.statuses }
    }
}
