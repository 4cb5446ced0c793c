import FoundationEssentials
import Synchronization

/// The calls this process has spent at Open-Meteo's free APIs in the current minute of the UTC
/// clock. The server keeps one count per address across the forecast, the air and the
/// ensemble (open-meteo/open-meteo `Sources/App/Helper/Vapor/RateLimiter.swift`, `check`;
/// `ApiKeyManager.swift`, `withApiParameter`) and clears it at each whole minute, so a
/// refresh paces all three against this one budget, whatever the forecast's provider.
final class OpenMeteoMinute: Sendable {
    private let spent = Mutex((minute: Int.min, calls: 0.0))
    /// The free per-minute limit (`OpenMeteoRateLimit.limits`).
    let limit: Double

    init(limit: Double = OpenMeteoRateLimit.limits.perMinute ?? 600) {
        self.limit = limit
    }

    private static func minute(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 60).rounded(.down)) }

    /// The calls counted in `now`'s minute.
    func spent(at now: Date) -> Double {
        spent.withLock { $0.minute == Self.minute(now) ? $0.calls : 0 }
    }

    /// Counts `calls` in `now`'s minute.
    func spend(_ calls: Double, at now: Date) {
        spent.withLock { spent in
            let minute = Self.minute(now)
            spent = (minute, (spent.minute == minute ? spent.calls : 0) + calls)
        }
    }

    /// Waits for the next minute when `calls` more would go over the limit in this one (not
    /// when none are counted yet: a request heavier than the limit is asked as it is), then
    /// counts them.
    func spendPacing(_ calls: Double, now: @Sendable () -> Date) async {
        guard calls > 0 else { return }
        let already = spent(at: now())
        if already > 0 && already + calls > limit { await RefreshBatch.waitForNextMinute(now: now()) }
        spend(calls, at: now())
    }
}
