import FoundationEssentials

/// The official alerts that join a forecast: each alert feed (`AlertSource`) whose area holds
/// the place is asked when its forecast is fetched.
extension ForecastService {
    /// The alerts of the feeds for each place at `indices` of `locations` in a feed's area. A
    /// feed that fails leaves the forecast as the provider sent it, with a warning (offline is
    /// left to the forecast's own fetch to say).
    func officialAlerts(for locations: [Location], at indices: [Int]) async -> [Int: [Forecast.Alert]] {
        var found: [Int: [Forecast.Alert]] = [:]
        for index in indices {
            let coordinate = locations[index].coordinate
            for feed in AlertSource.feeds(for: coordinate) {
                do {
                    let decode: @Sendable (Data) throws(ForecastError) -> [Forecast.Alert] = { body throws(ForecastError) in try feed.decode(body) }
                    found[index, default: []] += try await client.value(
                        from: feed.endpoint(for: coordinate, url: feed.url(in: settings)).identifying(contact: settings.alertsContact), decode: decode)
                } catch {
                    if case .offline = error { continue }
                    warn("\(locations[index].name.strippingControlCharacters): could not fetch \(feed.displayName): \(error)")
                }
            }
        }
        return found
    }
}
