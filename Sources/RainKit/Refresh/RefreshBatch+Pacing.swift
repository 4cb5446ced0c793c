import FoundationEssentials

extension RefreshBatch {
    /// The places that are due in parts of at most `size` (`QuotaPlan.placesPerMinute`, when
    /// asking all at once would go over the provider's per-minute limit), or in one part.
    /// Positions in `due`.
    static func parts(of count: Int, atMost size: Int?) -> [Range<Int>] {
        let size = max(1, size ?? count)
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// Waits for the next minute of the UTC clock, when the server's count starts again
    /// (open-meteo/open-meteo `RateLimiter.swift` clears it at each whole minute), and a moment
    /// past it, so that no clock a little behind the server's counts it twice.
    static func waitForNextMinute(now: Date) async {
        let wait = 60 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
        try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)) + 500))
    }
}
