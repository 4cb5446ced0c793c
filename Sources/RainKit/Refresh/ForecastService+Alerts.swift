import FoundationEssentials

/// The official alerts that join a forecast: each alert feed (`AlertSource`) whose area holds
/// the place is asked when its forecast is fetched.
extension ForecastService {
    /// What the alert feeds gave, and the feeds that could not be reached.
    struct OfficialAlerts {
        var alerts: [Int: [Forecast.Alert]] = [:]
        /// A line for each feed that could not be reached: said only when the forecasts could
        /// be (offline, the forecast's own fetch says so once).
        var unreachable: [LocalizedText] = []
    }

    /// The alerts of the feeds for each place at `indices` of `locations` in a feed's area, asked
    /// `max_concurrent_requests` at a time. A feed that fails leaves the forecast as the provider
    /// sent it, with a warning.
    func officialAlerts(for locations: [Location], at indices: [Int]) async -> OfficialAlerts {
        let requests = indices.flatMap { index in AlertSource.feeds(for: locations[index].coordinate).map { (index, $0) } }
        guard !requests.isEmpty else { return OfficialAlerts() }
        var results = [Result<[Forecast.Alert], ForecastError>?](repeating: nil, count: requests.count)
        await withTaskGroup(of: (position: Int, result: Result<[Forecast.Alert], ForecastError>).self) { group in
            for position in requests.indices {
                let (index, feed) = requests[position]
                if position >= settings.maxConcurrentRequests, let answered = await group.next() {
                    results[answered.position] = answered.result
                }
                let coordinate = locations[index].coordinate
                let endpoint = feed.endpoint(for: coordinate, url: feed.url(in: settings)).identifying(contact: settings.alertsContact)
                let decode: @Sendable (Data) throws(ForecastError) -> [Forecast.Alert] = { body throws(ForecastError) in try feed.decode(body) }
                group.addTask { [client] in
                    let result: Result<[Forecast.Alert], ForecastError>
                    do throws(ForecastError) {
                        result = .success(try await client.value(from: endpoint, decode: decode))
                    } catch {
                        result = .failure(error)
                    }
                    return (position, result)
                }
            }
            for await answered in group {
                results[answered.position] = answered.result
            }
        }
        var found = OfficialAlerts()
        for (position, (index, feed)) in requests.enumerated() {
            switch results[position]! {
            case .success(let alerts):
                found.alerts[index, default: []] += alerts
            case .failure(.offline(let host)):
                found.unreachable.append(LocalizedText(N_("{place}: could not fetch {feed}: cannot reach {host}"),
                                                       ["place": .verbatim(locations[index].name.strippingControlCharacters),
                                                        "feed": LocalizedText(feed.displayName), "host": .verbatim(host)]))
            case .failure(let error):
                warn(LocalizedText(N_("{place}: could not fetch {feed}: {problem}"),
                                   ["place": .verbatim(locations[index].name.strippingControlCharacters),
                                    "feed": LocalizedText(feed.displayName), "problem": LocalizedText(error: error)]))
            }
        }
        return found
    }
}
