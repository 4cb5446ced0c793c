import FoundationEssentials
import RainKit

/// What `rain watch` knows at a moment: the places it watches and their forecasts, whether the
/// API can be reached (and since when not), and the last thing that went wrong.
public struct WatchState: Sendable {
    /// The places watched, in list order; at least one.
    public var locations: [Location]
    /// The current location, marked in the view of several places.
    public var currentID: UUID?
    public var forecasts: [UUID: CachedForecast]
    public var offlineSince: Date?
    public var lastFailure: String?
    public var every: Interval

    public init(locations: [Location], currentID: UUID? = nil, forecasts: [CachedForecast?], every: Interval) {
        self.locations = locations
        self.currentID = currentID
        self.forecasts = Dictionary(forecasts.compactMap { $0.map { ($0.location.id, $0) } }) { $1 }
        self.every = every
    }

    /// Watches `locations` from now on (the saved list, read again); `cached` gives a new
    /// place's forecast, those of places no longer watched are dropped. False when nothing
    /// changed: the same places, saying the same (a rename alone is a change), the same current.
    public mutating func watch(_ locations: [Location], current: UUID?, cached: (Location) -> CachedForecast?) -> Bool {
        let unchanged = current == currentID && locations.count == self.locations.count
            && zip(locations, self.locations).allSatisfy { $0.id == $1.id && $0.hasSameContent(as: $1) }
        guard !unchanged else { return false }
        for location in locations where forecasts[location.id] == nil { forecasts[location.id] = cached(location) }
        let ids = Set(locations.map(\.id))
        forecasts = forecasts.filter { ids.contains($0.key) }
        self.locations = locations
        currentID = current
        return true
    }

    /// True when one place is watched (the compact forecast view); else the one-line-per-place view.
    public var isSinglePlace: Bool { locations.count == 1 }

    /// What changed, for the log lines `rain watch` prints when it has no terminal.
    public enum Event: Sendable, Equatable {
        case refreshed(Location)
        case wentOffline(host: String)
        case cameBack
        case failed(String)
        case busy
    }

    /// Applies the result of one refresh of every watched place and says what changed.
    public mutating func apply(_ result: Result<[RefreshOutcome], RefreshError>, now: Date) -> [Event] {
        var events: [Event] = []
        switch result {
        case .success(let outcomes):
            if offlineSince != nil {
                offlineSince = nil
                events.append(.cameBack)
            }
            var failures: [String] = []
            for outcome in outcomes {
                if let forecast = outcome.newest { forecasts[outcome.location.id] = forecast }
                if let failure = outcome.failure {
                    let text = isSinglePlace ? failure.description : "\(outcome.location.name): \(failure.description)"
                    failures.append(text)
                    events.append(.failed(text))
                } else {
                    events.append(.refreshed(outcome.location))
                }
            }
            lastFailure = failures.isEmpty ? nil : failures.joined(separator: "; ")
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
