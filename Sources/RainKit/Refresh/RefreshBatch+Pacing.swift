import FoundationEssentials

extension RefreshBatch {
    /// The places that are due, in parts of at most `placesPerMinute`, when asking all at once
    /// would go over the provider's per-minute limit (`QuotaPlan.placesPerMinute`); one part
    /// otherwise. Positions in `due`.
    static func parts(of count: Int, pacing plan: QuotaPlan?) -> [Range<Int>] {
        let size = plan?.placesPerMinute ?? count
        return stride(from: 0, to: count, by: max(1, size)).map { $0..<min($0 + size, count) }
    }

    /// Waits for the next minute of the UTC clock, when the server's count starts again
    /// (open-meteo/open-meteo `RateLimiter.swift` clears it at each whole minute), and a moment
    /// past it, so that no clock a little behind the server's counts it twice.
    static func waitForNextMinute(now: Date) async {
        let wait = 60 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
        try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)) + 500))
    }
}
