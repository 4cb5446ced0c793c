import FoundationEssentials
import Synchronization

/// The official alerts that join a forecast: each alert feed (`AlertSource`) whose area holds
/// the place is asked while the forecasts are fetched (but a feed asked for the place less than
/// its `minimumInterval` ago, whose alerts of then are kept); a forecast that arrives before its
/// place's feeds have answered is held until they have (`ForecastService.refresh`).
extension ForecastService {
    /// The alerts of the feeds of a batch's places, filled in as the feeds answer.
    final class OfficialAlerts: Sendable {
        /// Each request: the place's index in the batch, and the feed asked.
        let requests: [(index: Int, feed: any AlertFeed)]
        /// Each place's requests, by their positions in `requests`.
        private let positions: [Int: [Int]]
        /// What each request found, by its position (kept in that order, however the answers come).
        private let found = Mutex([Int: [Forecast.Alert]]())
        /// What went wrong with a request, by its position; the lines for feeds that could not be
        /// reached apart, since they are said only when the forecasts could be.
        private let failures = Mutex((problems: [Int: LocalizedText](), unreachable: [Int: LocalizedText]()))

        /// The positions of the requests to send: the others' feeds were asked for the place
        /// less than their `minimumInterval` ago, and what they gave then is kept.
        let asked: [Int]
        /// When each place's feeds with a `minimumInterval` were asked, by the place's index
        /// (none: never answered).
        private let askedAt: Mutex<[Int: Date]>
        /// The cached forecast of the place at an index (still the old one while its feeds
        /// have not all answered: the new one is held until they have).
        private let previous: @Sendable (Int) -> CachedForecast?

        /// - Parameter previous: the cached forecast of the place at an index, read for the
        ///   feeds that may not be asked again yet, and for a feed whose request fails.
        init(for locations: [Location], at indices: [Int], now: Date, previous: @escaping @Sendable (Int) -> CachedForecast?) {
            let requests: [(index: Int, feed: any AlertFeed)] = indices.flatMap { index in
                AlertSource.feeds(for: locations[index].coordinate).map { (index, $0) }
            }
            self.requests = requests
            positions = Dictionary(grouping: requests.indices) { requests[$0].index }
            var kept: [Int: [Forecast.Alert]] = [:]
            var askedAt: [Int: Date] = [:]
            for (position, (index, feed)) in requests.enumerated() {
                guard let interval = feed.minimumInterval else { continue }
                if let cached = previous(index), let last = cached.forecast.alertsAskedAt, (0..<interval).contains(now.timeIntervalSince(last)) {
                    kept[position] = cached.forecast.alerts.filter(feed.gave)
                    askedAt[index] = last
                } else {
                    askedAt[index] = now
                }
            }
            asked = requests.indices.filter { kept[$0] == nil }
            self.askedAt = Mutex(askedAt)
            self.previous = previous
            found.withLock { $0 = kept }
        }

        /// `forecast` of the place at `index` with its feeds' alerts after its own, and when the
        /// feeds asked at most so often were asked for it (now, or when the kept alerts were).
        func joined(to forecast: Forecast, for index: Int) -> Forecast {
            var joined = forecast.adding(alerts(for: index))
            joined.alertsAskedAt = askedAt.withLock { $0[index] }
            return joined
        }

        /// Whether every feed of the place at `index` has answered (or none covers it).
        func hasAnswered(_ index: Int) -> Bool {
            guard let mine = positions[index] else { return true }
            return found.withLock { found in mine.allSatisfy { found[$0] != nil } }
        }

        /// The alerts the feeds of the place at `index` have given so far, in request order.
        func alerts(for index: Int) -> [Forecast.Alert] {
            guard let mine = positions[index] else { return [] }
            return found.withLock { found in mine.flatMap { found[$0] ?? [] } }
        }

        /// A warning for each feed that failed otherwise, in request order, but for the places
        /// at `places`.
        func problems(leavingOut places: Set<Int>) -> [LocalizedText] { lines(failures.withLock { $0.problems }, leavingOut: places) }

        /// A line for each feed that could not be reached, but for the places at `places`.
        func unreachable(leavingOut places: Set<Int>) -> [LocalizedText] { lines(failures.withLock { $0.unreachable }, leavingOut: places) }

        private func lines(_ byPosition: [Int: LocalizedText], leavingOut places: Set<Int>) -> [LocalizedText] {
            byPosition.keys.sorted().filter { !places.contains(requests[$0].index) }.map { byPosition[$0]! }
        }

        fileprivate func record(_ alerts: [Forecast.Alert], from position: Int) {
            found.withLock { $0[position] = alerts }
        }

        /// A request that failed: what its feed gave last time stays (each alert ends when it
        /// expires), and for a feed asked at most so often, when it was asked then, so that the
        /// next refresh asks again.
        fileprivate func recordFailure(of position: Int) {
            let (index, feed) = requests[position]
            let cached = previous(index)
            if feed.minimumInterval != nil { askedAt.withLock { $0[index] = cached?.forecast.alertsAskedAt } }
            record(cached?.forecast.alerts.filter(feed.gave) ?? [], from: position)
        }

        fileprivate func record(_ line: LocalizedText, from position: Int, unreachable: Bool) {
            failures.withLock { lines in
                if unreachable { lines.unreachable[position] = line } else { lines.problems[position] = line }
            }
        }
    }

    /// Says a feed's problem, unless `saysFeedProblems` is off (`--quiet`): the forecast was
    /// kept, the feed is asked again at the next refresh, and a problem that lasts would be the
    /// same line at every run of cron, mailed each time.
    func warnOfFeed(_ line: LocalizedText) {
        if saysFeedProblems { warn(line) }
    }

    /// Asks the feeds of `official`'s requests, `max_concurrent_requests` at a time, and records
    /// each answer as it comes. A feed that fails leaves the forecast as the provider sent it
    /// (with what a feed asked at most so often gave last time), with a warning.
    func fetch(_ official: OfficialAlerts, for locations: [Location]) async {
        let requests = official.requests
        await withTaskGroup(of: Void.self) { group in
            for (started, position) in official.asked.enumerated() {
                let (index, feed) = requests[position]
                if started >= settings.maxConcurrentRequests { await group.next() }
                let location = locations[index]
                let endpoint = feed.endpoint(for: location.coordinate, url: feed.url(in: settings)).identifying(contact: settings.alertsContact)
                let decode: @Sendable (Data) throws(ForecastError) -> [Forecast.Alert] = { body throws(ForecastError) in try feed.decode(body) }
                group.addTask { [client] in
                    do throws(ForecastError) {
                        official.record(try await client.value(from: endpoint, decode: decode), from: position)
                    } catch {
                        let place = LocalizedText.verbatim(location.name.strippingControlCharacters)
                        if case .offline(let host) = error {
                            official.record(LocalizedText(N_("{place}: could not fetch {feed}: cannot reach {host}"),
                                                          ["place": place, "feed": LocalizedText(feed.displayName), "host": .verbatim(host)]),
                                            from: position, unreachable: true)
                        } else {
                            official.record(LocalizedText(N_("{place}: could not fetch {feed}: {problem}"),
                                                          ["place": place, "feed": LocalizedText(feed.displayName), "problem": error.text]),
                                            from: position, unreachable: false)
                        }
                        official.recordFailure(of: position)
                    }
                }
            }
        }
    }
}
