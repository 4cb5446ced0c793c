import FoundationEssentials
import Synchronization

/// The official alerts that join a forecast: each alert feed (`AlertSource`) whose area holds
/// the place is asked while the forecasts are fetched (but a feed asked for the place less than
/// its `minimumInterval` ago, whose alerts of then are kept); a forecast that arrives before its
/// place's feeds have answered is held until they have (`ForecastService.refresh`). The
/// provider's copies of a feed that answered are left out (`AlertFeed.copies`): one alert, told once.
extension ForecastService {
    /// The alerts of the feeds of a batch's places, filled in as the feeds answer.
    final class OfficialAlerts: Sendable {
        /// Each request: the place's index in the batch, and the feed asked.
        let requests: [(index: Int, feed: any AlertFeed)]
        /// Each place's requests, by their positions in `requests`.
        private let positions: [Int: [Int]]
        /// What each request found, by its position (kept in that order, however the answers come).
        private let found = Mutex([Int: [Forecast.Alert]]())
        /// The positions of the requests whose feed answered (now, or when its kept alerts were):
        /// not those that failed, now or at the last poll of a feed not asked now
        /// (`Forecast.alertFeedsThatFailed`, `RememberedAlertPolls`), nor those held back by a
        /// 429's `Retry-After`, whose alerts of the last answer stand in.
        private let answered = Mutex(Set<Int>())
        /// What went wrong with a request, by its position; the lines for feeds that could not be
        /// reached apart, since they are said only when the forecasts could be.
        private let failures = Mutex((problems: [Int: FeedFailure](), unreachable: [Int: FeedFailure](), notes: [Int: LocalizedText]()))

        /// The positions of the requests to send: the others' feeds were asked for the place
        /// less than their `minimumInterval` ago, and what they gave then is kept.
        let askedPositions: [Int]
        /// When each place's feeds with a `minimumInterval` were asked and what their answer
        /// said of itself, by the place's index (none: never answered).
        private let asked: Mutex<[Int: Asking]>
        /// The feeds that said their service is deprecated or in beta (a 203), by display name:
        /// said once a batch, not once a place.
        private let nonAuthoritative = Mutex(Set<String>())
        /// The indices of the places a feed asked at most so often is asked for now.
        private let polled: Set<Int>
        /// The 429 each feed answered in this batch, by display name: the batch asks that feed
        /// no more (MET: on a 429, "limit traffic immediately", metno/weatherapi-docs
        /// `doc/TermsOfService.md`), and its `Retry-After` holds every place of the batch.
        private let refusals = Mutex([String: ForecastError]())

        /// When a place's feed asked at most so often was asked, and the `Last-Modified` and
        /// `Expires` of its answer then (`Forecast.alertsLastModified`); for a poll remembered
        /// apart from its forecast (`RememberedAlertPolls`), the feeds whose poll failed.
        struct Asking: Sendable, Equatable {
            var at: Date?
            var lastModified: String?
            var expires: Date?
            var failed: Set<AlertSource> = []

            init(at: Date?, lastModified: String? = nil, expires: Date? = nil, failed: Set<AlertSource> = []) {
                (self.at, self.lastModified, self.expires, self.failed) = (at, lastModified, expires, failed)
            }

            init(of forecast: Forecast) {
                self.init(at: forecast.alertsAskedAt, lastModified: forecast.alertsLastModified, expires: forecast.alertsExpire)
            }

            /// Whether a feed that asks for at least `interval` between questions may not be asked
            /// yet at `now`: before that interval is over, or before the answer's `Expires` where
            /// that is later (but never more than an hour: an `Expires` far off would otherwise
            /// keep a place from its alerts).
            func holds(at now: Date, interval: TimeInterval) -> Bool {
                guard let at else { return false }
                let expiresIn = expires.map { min($0.timeIntervalSince(at), 3600) } ?? 0
                return (0..<max(interval, expiresIn)).contains(now.timeIntervalSince(at))
            }
        }
        /// The cached forecast of the place at an index (still the old one while its feeds
        /// have not all answered: the new one is held until they have).
        private let previous: @Sendable (Int) -> CachedForecast?

        /// - Parameters:
        ///   - previous: the cached forecast of the place at an index, read for the feeds that
        ///     may not be asked again yet, and for a feed whose request fails.
        ///   - remembered: when those feeds were asked for a place whose forecast was not
        ///     written then (`RememberedAlertPolls`), by its ID (read only where such a feed
        ///     covers a place): the later of that and its cached forecast's holds.
        ///   - held: the seconds left of a 429's `Retry-After` an earlier run met at a feed
        ///     (`RememberedFeedHold`), nil where none holds: the feed is asked for no place, each
        ///     keeps what it gave last time, with the line a 429 gets.
        init(for locations: [Location], at indices: [Int], now: Date, previous: @escaping @Sendable (Int) -> CachedForecast?,
             remembered: () -> [UUID: Asking] = { [:] }, held: (any AlertFeed) -> Int? = { _ in nil }) {
            let requests: [(index: Int, feed: any AlertFeed)] = indices.flatMap { index in
                AlertSource.feeds(for: locations[index].coordinate).map { (index, $0) }
            }
            self.requests = requests
            positions = Dictionary(grouping: requests.indices) { requests[$0].index }
            var kept: [Int: [Forecast.Alert]] = [:]
            let remembered = requests.contains { $0.feed.minimumInterval != nil } ? remembered() : [:]
            var holds: [String: Int?] = [:]
            var heldBack: [Int: FeedFailure] = [:]
            var asking: [Int: Asking] = [:]
            var failedBefore = Set<Int>()
            for (position, (index, feed)) in requests.enumerated() {
                let cached = previous(index)
                var last: Asking?
                if let interval = feed.minimumInterval {
                    last = cached.map { Asking(of: $0.forecast) }
                    var failedLast = cached?.forecast.alertFeedsThatFailed.contains(feed.source) == true
                    if let poll = remembered[locations[index].id], let at = poll.at, at > last?.at ?? .distantPast {
                        // The alerts (and `Last-Modified`) are still those of the cached forecast.
                        last = Asking(at: at, lastModified: last?.lastModified, expires: poll.expires)
                        failedLast = failedLast || poll.failed.contains(feed.source)
                    }
                    if let last, last.holds(at: now, interval: interval) {
                        kept[position] = cached?.forecast.alerts.filter(feed.gave) ?? []
                        asking[index] = last
                        // Not asked: the place stands as the last poll left it, failed or answered.
                        if failedLast { failedBefore.insert(position) }
                        continue
                    }
                }
                if holds[feed.displayName] == nil { holds[feed.displayName] = .some(held(feed)) }
                if let secondsLeft = holds[feed.displayName] ?? nil {
                    // Not asked: when it was asked last stays as it was.
                    kept[position] = cached?.forecast.alerts.filter(feed.gave) ?? []
                    if let last { asking[index] = last }
                    heldBack[position] = FeedFailure(.rateLimited(retryAfter: secondsLeft), fetching: feed.displayName, for: locations[index].name)
                } else if feed.minimumInterval != nil {
                    // Asked now; until it answers, what the last answer said is still what we know.
                    asking[index] = Asking(at: now, lastModified: last?.lastModified, expires: last?.expires)
                }
            }
            askedPositions = requests.indices.filter { kept[$0] == nil }
            polled = Set(askedPositions.filter { requests[$0].feed.minimumInterval != nil }.map { requests[$0].index })
            self.asked = Mutex(asking)
            self.previous = previous
            found.withLock { $0 = kept }
            // A feed held back by a 429 has not answered, as when asking it failed: the
            // provider's copies of its alerts stand in for them until it does.
            answered.withLock { $0 = Set(kept.keys).subtracting(failedBefore).subtracting(heldBack.keys) }
            failures.withLock { $0.problems = heldBack }
        }

        /// `forecast` of the place at `index` with its feeds' alerts after its own, and when the
        /// feeds asked at most so often were asked for it (now, or when the kept alerts were).
        func joined(to forecast: Forecast, for index: Int) -> Forecast {
            var joined = forecast
            let answers = (positions[index] ?? []).filter { position in answered.withLock { $0.contains(position) } }
                .map { position in (feed: requests[position].feed, alerts: found.withLock { $0[position] ?? [] }) }
            joined.alerts.removeAll { alert in answers.contains { $0.feed.copies(alert, of: $0.alerts) } }
            joined = joined.adding(alerts(for: index))
            let asking = asked.withLock { $0[index] }
            joined.alertsAskedAt = asking?.at
            joined.alertsLastModified = asking?.lastModified
            joined.alertsExpire = asking?.expires
            joined.alertFeedsThatFailed = feedsThatFailed(at: index)
            return joined
        }

        /// The feeds asked at most so often that have not answered for the place at `index`:
        /// what the next refresh that does not ask them must act on as this one did.
        private func feedsThatFailed(at index: Int) -> Set<AlertSource> {
            let answered = answered.withLock { $0 }
            return feedsAskedSoSeldom(at: index) { !answered.contains($0) }
        }

        /// When the feeds asked at most so often were asked now for the places at `indices`
        /// (those asked), and until when their answers hold the next poll back: what a place
        /// whose forecast is not written must remember elsewhere (`RememberedAlertPolls`).
        /// Every such feed counts as failed there, whether it answered or not: an answer's
        /// alerts are kept only with a forecast, so the next refresh that does not ask again
        /// must keep the provider's copies and the cached alerts, as after a failed poll
        /// (hostile trial 19, A19-1: MET's answer was dropped, and so were the copies).
        func polls(of indices: [Int]) -> [Int: Asking] {
            let all = asked.withLock { $0 }
            return Dictionary(uniqueKeysWithValues: indices.filter(polled.contains).compactMap { index in
                all[index].map { (index, Asking(at: $0.at, expires: $0.expires, failed: feedsAskedSoSeldom(at: index))) }
            })
        }

        /// The feeds asked at most so often for the place at `index`, of the request positions
        /// `including` lets by.
        private func feedsAskedSoSeldom(at index: Int, including: (Int) -> Bool = { _ in true }) -> Set<AlertSource> {
            Set((positions[index] ?? []).filter { requests[$0].feed.minimumInterval != nil && including($0) }.map { requests[$0].feed.source })
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

        /// A warning for each feed that failed otherwise (one per feed however many places), in
        /// request order, but for the places at `places`.
        func problems(leavingOut places: Set<Int>) -> [LocalizedText] {
            let (problems, notes) = failures.withLock { ($0.problems, $0.notes) }
            return notes.keys.sorted().filter { !places.contains(requests[$0].index) }.map { notes[$0]! } + lines(problems, leavingOut: places)
        }

        /// A line for each feed that could not be reached (one per feed), but for the places at `places`.
        func unreachable(leavingOut places: Set<Int>) -> [LocalizedText] { lines(failures.withLock { $0.unreachable }, leavingOut: places) }

        /// One line per feed for the whole batch (`FeedFailure.lines`), however many places failed.
        private func lines(_ byPosition: [Int: FeedFailure], leavingOut places: Set<Int>) -> [LocalizedText] {
            FeedFailure.lines(byPosition.keys.sorted().filter { !places.contains(requests[$0].index) }.map { byPosition[$0]! })
        }

        fileprivate func record(_ alerts: [Forecast.Alert], from position: Int) {
            found.withLock { $0[position] = alerts }
        }

        /// The `If-Modified-Since` for the request at `position`: the `Last-Modified` of the
        /// last answer of a feed asked at most so often, whose alerts the place's cached
        /// forecast holds (the value exactly as the server sent it, as MET asks).
        fileprivate func ifModifiedSince(for position: Int) -> String? {
            let (index, feed) = requests[position]
            guard feed.minimumInterval != nil else { return nil }
            return asked.withLock { $0[index]?.lastModified }
        }

        /// An answer: its alerts, or for a `304 Not Modified`, the ones it gave last time (read
        /// from the cache as for a failed request); and for a feed asked at most so often, what
        /// the answer said of itself. A 203 is said once a batch for each feed.
        fileprivate func record(_ answer: ConditionalAnswer<[Forecast.Alert]>, from position: Int) {
            let (index, feed) = requests[position]
            let metadata = answer.metadata
            if metadata.isNonAuthoritative, nonAuthoritative.withLock({ $0.insert(feed.displayName).inserted }) {
                let note = LocalizedText(N_("{feed}: API deprecated or in beta; rain may need an update"),
                                         ["feed": LocalizedText(feed.displayName)])
                failures.withLock { $0.notes[position] = note }
            }
            if feed.minimumInterval != nil {
                asked.withLock { asked in
                    asked[index]?.expires = metadata.expires
                    // A 304 need not repeat Last-Modified: the one sent still names what we have.
                    if metadata.lastModified != nil || !metadata.isNotModified { asked[index]?.lastModified = metadata.lastModified }
                }
            }
            answered.withLock { _ = $0.insert(position) }
            guard let alerts = answer.value else {
                return record(previous(index)?.forecast.alerts.filter(feed.gave) ?? [], from: position)
            }
            record(alerts, from: position)
        }

        /// A request that failed: what its feed gave last time stays (each alert ends when it
        /// expires). For a feed asked at most so often it was asked all the same: it is not
        /// asked again before its `minimumInterval` is over (MET counts every poll), nor
        /// before the `Retry-After` of a 429 where that is later (`Asking.holds`' `expires`,
        /// at most an hour), at any place of the batch.
        fileprivate func recordFailure(of position: Int, _ error: ForecastError) {
            let (index, feed) = requests[position]
            let cached = previous(index)
            if case .rateLimited(let retryAfter, _) = error {
                refusals.withLock { if $0[feed.displayName] == nil { $0[feed.displayName] = error } }
                if feed.minimumInterval != nil, let retryAfter {
                    let places = requests.filter { $0.feed.displayName == feed.displayName }.map(\.index)
                    asked.withLock { asked in
                        guard let at = asked[index]?.at else { return }
                        let until = at.addingTimeInterval(TimeInterval(retryAfter))
                        for place in places {
                            let expires = asked[place]?.expires ?? until
                            asked[place]?.expires = max(expires, until)
                        }
                    }
                }
            }
            record(cached?.forecast.alerts.filter(feed.gave) ?? [], from: position)
        }

        /// The 429 `feed` answered earlier in this batch, if it did.
        fileprivate func refusal(of feed: any AlertFeed) -> ForecastError? { refusals.withLock { $0[feed.displayName] } }

        /// The feeds that answered this batch with a 429 and how long, in seconds, the next
        /// runs must hold to (`RememberedFeedHold`): its `Retry-After`, or without one the
        /// feed's `minimumInterval`, where it has one (MET: "limit traffic immediately").
        func refusalHolds() -> [(feed: any AlertFeed, seconds: Int)] {
            let refused = refusals.withLock { $0 }
            return refused.keys.sorted().compactMap { name in
                guard case .rateLimited(let retryAfter, _) = refused[name],
                      let feed = requests.first(where: { $0.feed.displayName == name })?.feed,
                      let seconds = Self.holdSeconds(retryAfter: retryAfter, of: feed) else { return nil }
                return (feed, seconds)
            }
        }

        /// How long the next runs hold to `feed` after its 429: its `Retry-After`, or without
        /// one its `minimumInterval`, at most `RememberedFeedHold.longest`; nil: no hold.
        static func holdSeconds(retryAfter: Int?, of feed: any AlertFeed) -> Int? {
            (retryAfter ?? feed.minimumInterval.map { Int($0) }).map { min($0, Int(RememberedFeedHold.longest)) }
        }

        /// `error` as the line about it should say it: a 429 names the wait rain keeps to
        /// (`holdSeconds`), not a longer one the server asked for, which rain does not keep.
        static func asHeld(_ error: ForecastError, by feed: any AlertFeed) -> ForecastError {
            guard case .rateLimited(let retryAfter, nil) = error, let seconds = holdSeconds(retryAfter: retryAfter, of: feed) else { return error }
            return .rateLimited(retryAfter: seconds)
        }

        fileprivate func record(_ failure: FeedFailure, from position: Int) {
            failures.withLock { lines in
                if failure.unreachable { lines.unreachable[position] = failure } else { lines.problems[position] = failure }
            }
        }
    }

    /// Says a feed's problem, unless `saysFeedProblems` is off (`--quiet`): the forecast was
    /// kept, the feed is asked again at a later refresh, and a problem that lasts would be the
    /// same line at every run of cron, mailed each time.
    func warnOfFeed(_ line: LocalizedText) {
        if saysFeedProblems { warn(line) }
    }

    /// Asks the feeds of `official`'s requests, `max_concurrent_requests` at a time, and records
    /// each answer as it comes. A feed that fails leaves the forecast as the provider sent it
    /// (with what a feed asked at most so often gave last time), with a warning. All of them
    /// end by `deadline`, the command's (`timeout_seconds` bounds a whole command): a feed that
    /// hangs costs one timeout, not one for each group of places. Each feed is asked for one
    /// place first and for the others once it has answered: a feed that answers 429 is asked
    /// no more in the batch, its other places keep what it gave last time, as on a failure.
    func fetch(_ official: OfficialAlerts, for locations: [Location], until deadline: ContinuousClock.Instant) async {
        let requests = official.requests
        await withTaskGroup(of: String.self) { group in
            var waiting = official.askedPositions, running = 0
            var asking = Set<String>(), heard = Set<String>()
            while !waiting.isEmpty {
                let ready = waiting.firstIndex { !asking.contains(requests[$0].feed.displayName) || heard.contains(requests[$0].feed.displayName) }
                guard running < settings.maxConcurrentRequests, let ready else {
                    guard let answered = await group.next() else { break }
                    running -= 1
                    heard.insert(answered)
                    continue
                }
                let position = waiting.remove(at: ready)
                let (index, feed) = requests[position]
                running += 1
                asking.insert(feed.displayName)
                let location = locations[index]
                let endpoint = feed.endpoint(for: location.coordinate, url: feed.url(in: settings))
                    .identifying(contact: settings.alertsContact).askingIfModified(since: official.ifModifiedSince(for: position))
                let decode: @Sendable (Data) throws(ForecastError) -> [Forecast.Alert] = { body throws(ForecastError) in try feed.alerts(in: body) }
                group.addTask { [client] in
                    do throws(ForecastError) {
                        if let refusal = official.refusal(of: feed) { throw refusal }
                        official.record(try await client.conditionalValue(from: endpoint, until: deadline, decode: decode), from: position)
                    } catch {
                        official.record(FeedFailure(OfficialAlerts.asHeld(error, by: feed), fetching: feed.displayName, for: location.name),
                                        from: position)
                        official.recordFailure(of: position, error)
                    }
                    return feed.displayName
                }
            }
        }
    }
}
