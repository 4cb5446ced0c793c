import Dispatch
import FoundationEssentials
import Synchronization

/// The official alerts that join a forecast: each alert feed (`AlertSource`) whose area holds
/// the place is asked while the forecasts are fetched, and a place's forecast waits only for
/// its own feeds' answers.
extension ForecastService {
    /// The alerts of the feeds of a batch's places, filled in as the feeds answer.
    final class OfficialAlerts: Sendable {
        /// Each request: the place's index in the batch, and the feed asked.
        let requests: [(index: Int, feed: any AlertFeed)]
        /// What each request found, by its position in `requests` (kept in that order, however
        /// the answers come).
        private let found = Mutex([Int: [Forecast.Alert]]())
        private let unreachableFeeds = Mutex([Int: LocalizedText]())
        /// For each place with a feed, how many of its feeds have not answered, and the signal
        /// given when the last one has.
        private let waiting: Mutex<[Int: Int]>
        private let answered: [Int: DispatchSemaphore]

        init(for locations: [Location], at indices: [Int]) {
            requests = indices.flatMap { index in AlertSource.feeds(for: locations[index].coordinate).map { (index, $0) } }
            waiting = Mutex(requests.reduce(into: [:]) { counts, request in counts[request.index, default: 0] += 1 })
            answered = Dictionary(uniqueKeysWithValues: Set(requests.map(\.index)).map { ($0, DispatchSemaphore(value: 0)) })
        }

        /// The alerts of the place at `index` once all its feeds have answered (at once for a
        /// place no feed covers). Blocks: call it from a thread of the batch's own.
        func alerts(for index: Int) -> [Forecast.Alert] {
            guard let signal = answered[index] else { return [] }
            signal.wait()
            signal.signal()  // for whoever asks again
            return found.withLock { found in
                requests.indices.filter { requests[$0].index == index }.flatMap { found[$0] ?? [] }
            }
        }

        /// A line for each feed that could not be reached: said only when the forecasts could
        /// be (offline, the forecast's own fetch says so once).
        var unreachable: [LocalizedText] { unreachableFeeds.withLock { lines in lines.keys.sorted().map { lines[$0]! } } }

        fileprivate func record(_ alerts: [Forecast.Alert], from position: Int) {
            let index = requests[position].index
            found.withLock { $0[position] = alerts }
            let isLast = waiting.withLock { waiting in
                waiting[index, default: 1] -= 1
                return waiting[index] == 0
            }
            if isLast { answered[index]?.signal() }
        }

        fileprivate func recordUnreachable(_ line: LocalizedText, from position: Int) {
            unreachableFeeds.withLock { $0[position] = line }
        }
    }

    /// Asks the feeds of `official`'s requests, `max_concurrent_requests` at a time, and records
    /// each answer as it comes. A feed that fails leaves the forecast as the provider sent it,
    /// with a warning.
    func fetch(_ official: OfficialAlerts, for locations: [Location]) async {
        let requests = official.requests
        await withTaskGroup(of: Void.self) { group in
            for position in requests.indices {
                let (index, feed) = requests[position]
                if position >= settings.maxConcurrentRequests { await group.next() }
                let location = locations[index]
                let endpoint = feed.endpoint(for: location.coordinate, url: feed.url(in: settings)).identifying(contact: settings.alertsContact)
                let decode: @Sendable (Data) throws(ForecastError) -> [Forecast.Alert] = { body throws(ForecastError) in try feed.decode(body) }
                group.addTask { [self, client] in
                    do throws(ForecastError) {
                        official.record(try await client.value(from: endpoint, decode: decode), from: position)
                    } catch {
                        report(error, of: feed, for: location, to: official, from: position)
                        official.record([], from: position)
                    }
                }
            }
        }
    }

    private func report(_ error: ForecastError, of feed: any AlertFeed, for location: Location, to official: OfficialAlerts, from position: Int) {
        let place = LocalizedText.verbatim(location.name.strippingControlCharacters)
        if case .offline(let host) = error {
            official.recordUnreachable(LocalizedText(N_("{place}: could not fetch {feed}: cannot reach {host}"),
                                                     ["place": place, "feed": LocalizedText(feed.displayName), "host": .verbatim(host)]),
                                      from: position)
        } else {
            warn(LocalizedText(N_("{place}: could not fetch {feed}: {problem}"),
                               ["place": place, "feed": LocalizedText(feed.displayName), "problem": LocalizedText(error: error)]))
        }
    }
}
