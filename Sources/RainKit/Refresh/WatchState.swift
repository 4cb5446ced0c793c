import Foundation

/// What `rain watch` knows at a moment: the forecast it shows, whether the API can be reached
/// (and since when not), and the last thing that went wrong.
public struct WatchState: Sendable {
    public var location: Location
    public var forecast: CachedForecast?
    public var offlineSince: Date?
    public var lastFailure: String?
    public var every: Interval

    public init(location: Location, forecast: CachedForecast?, every: Interval) {
        self.location = location
        self.forecast = forecast
        self.every = every
    }

    /// What changed, for the log lines `rain watch` prints when it has no terminal.
    public enum Event: Sendable, Equatable {
        case refreshed
        case wentOffline(host: String)
        case cameBack
        case failed(String)
        case busy
    }

    /// Applies the result of one refresh and says what changed.
    public mutating func apply(_ result: Result<RefreshOutcome, RefreshError>, now: Date) -> [Event] {
        var events: [Event] = []
        switch result {
        case .success(let outcome):
            if offlineSince != nil {
                offlineSince = nil
                events.append(.cameBack)
            }
            forecast = outcome.forecast ?? forecast
            if let failure = outcome.failure {
                lastFailure = failure.description
                events.append(.failed(failure.description))
            } else {
                lastFailure = nil
                events.append(.refreshed)
            }
        case .failure(.offline(let host)):
            if offlineSince == nil {
                offlineSince = now
                events.append(.wentOffline(host: host))
            }
        case .failure(.busy):
            events.append(.busy)
        case .failure(let error):
            lastFailure = error.description
            events.append(.failed(error.description))
        }
        return events
    }

    /// Applies a report of the reachability monitor.
    public mutating func apply(_ reachability: Reachability, host: String, now: Date) -> [Event] {
        switch reachability {
        case .offline where offlineSince == nil:
            offlineSince = now
            return [.wentOffline(host: host)]
        case .online where offlineSince != nil:
            offlineSince = nil
            return [.cameBack]
        default:
            return []
        }
    }
}
