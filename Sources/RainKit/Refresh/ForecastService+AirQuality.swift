import FoundationEssentials
import Synchronization

/// The air at each place of a batch (`Providers/AirQuality/`), asked beside its forecast as
/// the alert feeds are (`ForecastService+Alerts`): a forecast that arrives first is held until
/// its place's air has answered. A failed request keeps what the place's cached forecast had
/// and says one line, as a feed's does; it never fails the weather.
extension ForecastService {
    final class AirAnswers: Sendable {
        /// The indices of the places asked (none when `air_quality` is off).
        let asked: [Int]
        private let isAsked: Set<Int>
        private let found = Mutex([Int: AirQuality?]())
        private let failures = Mutex((problems: [Int: FeedFailure](), unreachable: [Int: FeedFailure]()))
        private let previous: @Sendable (Int) -> CachedForecast?

        init(at indices: [Int], enabled: Bool, previous: @escaping @Sendable (Int) -> CachedForecast?) {
            asked = enabled ? indices : []
            isAsked = Set(asked)
            self.previous = previous
        }

        func asks(_ index: Int) -> Bool { isAsked.contains(index) }

        func hasAnswered(_ index: Int) -> Bool {
            guard isAsked.contains(index) else { return true }
            return found.withLock { $0[index] != nil }
        }

        /// `forecast` with the place's air (none when not asked).
        func joined(to forecast: Forecast, for index: Int) -> Forecast {
            guard isAsked.contains(index) else { return forecast }
            var joined = forecast
            joined.air = found.withLock { $0[index] ?? nil }
            return joined
        }

        func problems(leavingOut places: Set<Int>) -> [LocalizedText] { lines(failures.withLock { $0.problems }, leavingOut: places) }
        func unreachable(leavingOut places: Set<Int>) -> [LocalizedText] { lines(failures.withLock { $0.unreachable }, leavingOut: places) }

        /// One line for the whole batch (`FeedFailure.lines`), however many places failed.
        private func lines(_ byIndex: [Int: FeedFailure], leavingOut places: Set<Int>) -> [LocalizedText] {
            FeedFailure.lines(byIndex.keys.sorted().filter { !places.contains($0) }.map { byIndex[$0]! })
        }

        fileprivate func record(_ air: AirQuality, for index: Int) {
            found.withLock { $0[index] = .some(air) }
        }

        /// A quota of a window past the next minute that a request was refused by.
        var usedUpQuota: ExceededQuota? {
            failures.withLock { failures in failures.problems.values.lazy.compactMap(\.error.usedUpQuota).first }
        }

        /// A request that failed: the air the place's cached forecast had stays.
        fileprivate func recordFailure(of index: Int, _ failure: FeedFailure) {
            let cached = previous(index)
            var kept = cached?.forecast.air
            // A cache written before the air kept its own time: the forecast's is the air's.
            if kept != nil && kept?.fetchedAt == nil { kept?.fetchedAt = cached?.fetchedAt }
            found.withLock { $0[index] = .some(kept) }
            failures.withLock { lines in
                if failure.unreachable { lines.unreachable[index] = failure } else { lines.problems[index] = failure }
            }
        }
    }

    /// Asks for the air at those of `places` (indices of `locations`) that `air` asks for, as
    /// many at a time as `AirQualityService.requestsInFlight` allows, recording each answer as
    /// it comes, all by `deadline` (the command's time, as the feeds).
    func fetch(_ air: AirAnswers, at places: [Int], for locations: [Location], until deadline: ContinuousClock.Instant) async {
        let url = settings.airQualityURL
        // A quota its counter has used up (remembered, or told by a request of this batch)
        // refuses them all: none is sent, and each keeps the air it had.
        if let quota = air.usedUpQuota ?? RememberedQuota.inForce(at: settings.paths.quotaFile, for: RememberedQuota.airSource(of: settings), now: now()) {
            for index in places.filter(air.asks) {
                air.recordFailure(of: index, FeedFailure(.rateLimited(retryAfter: nil, quota: quota), fetching: AirQualityService.displayName,
                                                         for: locations[index].name))
            }
            return
        }
        let atOnce = AirQualityService.requestsInFlight(with: settings)
        await withTaskGroup(of: Void.self) { group in
            for (started, index) in places.filter(air.asks).enumerated() {
                if started >= atOnce { await group.next() }
                let location = locations[index]
                let now = self.now()
                let endpoint = AirQualityService.endpoint(for: location.coordinate, url: url, now: now)
                let decode: @Sendable (Data) throws(ForecastError) -> AirQuality = { body throws(ForecastError) in
                    try AirQualityDecoder.decode(body, now: now)
                }
                group.addTask { [client] in
                    do throws(ForecastError) {
                        air.record(try await client.value(from: endpoint, until: deadline, decode: decode), for: index)
                    } catch {
                        air.recordFailure(of: index, FeedFailure(error, fetching: AirQualityService.displayName, for: location.name))
                    }
                }
            }
        }
    }
}
