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

    /// The alerts of the feeds for each place at `indices` of `locations` in a feed's area. A
    /// feed that fails leaves the forecast as the provider sent it, with a warning.
    func officialAlerts(for locations: [Location], at indices: [Int]) async -> OfficialAlerts {
        var found = OfficialAlerts()
        for index in indices {
            let coordinate = locations[index].coordinate
            let name = locations[index].name.strippingControlCharacters
            for feed in AlertSource.feeds(for: coordinate) {
                do {
                    let decode: @Sendable (Data) throws(ForecastError) -> [Forecast.Alert] = { body throws(ForecastError) in try feed.decode(body) }
                    found.alerts[index, default: []] += try await client.value(
                        from: feed.endpoint(for: coordinate, url: feed.url(in: settings)).identifying(contact: settings.alertsContact), decode: decode)
                } catch {
                    if case .offline(let host) = error {
                        found.unreachable.append(LocalizedText(N_("{place}: could not fetch {feed}: cannot reach {host}"),
                                                               ["place": .verbatim(name), "feed": LocalizedText(feed.displayName), "host": .verbatim(host)]))
                    } else {
                        warn(LocalizedText(N_("{place}: could not fetch {feed}: {problem}"),
                                           ["place": .verbatim(name), "feed": LocalizedText(feed.displayName), "problem": LocalizedText(error: error)]))
                    }
                }
            }
        }
        return found
    }
}
