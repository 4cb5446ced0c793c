import FoundationEssentials

extension ForecastService {
    /// `refresh`, at most `perMinute` places in each minute of the UTC clock: a batch that would
    /// go over a service's per-minute limit (`QuotaPlan.placesPerMinute`) waits for the next
    /// minute, when the server's count starts again (open-meteo/open-meteo `RateLimiter.swift`
    /// clears it at each whole minute), before its next part. `timeout_seconds` bounds each
    /// part, not the waits between them. The outcomes are in the order of `locations`.
    public func refresh(
        _ locations: [Location], pacedAt perMinute: Int, onlyIfStale: Bool, lockWait: Duration,
        willFetch: @Sendable () -> Void = {}, progress: (@Sendable (Int, Int) -> Void)? = nil,
        keepingForecasts: Bool = true
    ) async throws(RefreshError) -> [RefreshOutcome] {
        let size = max(1, perMinute)
        var outcomes: [RefreshOutcome] = []
        var start = 0
        while start < locations.count {
            if start > 0 {
                // A moment past the minute, so that no clock a little behind the server's counts it twice.
                let wait = 60 - now().timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
                try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)) + 500))
            }
            let part = Array(locations[start..<min(start + size, locations.count)])
            let done = start
            let total = locations.count
            var partProgress: (@Sendable (Int, Int) -> Void)?
            if let progress {
                partProgress = { @Sendable finished, _ in progress(done + finished, total) }
            }
            outcomes += try await refresh(part, onlyIfStale: onlyIfStale, lockWait: lockWait, willFetch: willFetch,
                                          progress: partProgress, keepingForecasts: keepingForecasts)
            start += size
        }
        return outcomes
    }
}
