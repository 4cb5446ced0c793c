/// ifconfig.co's limit on automated use: "please limit automated requests to 1 request per
/// minute. Requests exceeding this limit may receive a 429 status code or be dropped
/// entirely" (mpolden/echoip `html/index.html`, FAQ). echoip's own code has no limiter: the
/// public instance's front refuses, and says no more than the status (no `Retry-After` is
/// documented), so the refusal is a bare 429. Counted per minute of the simulator's clock
/// (a fixed `now` keeps every request in one minute).
struct IPLocationRateLimiter: Sendable {
    let perMinute: Int
    private var minute = (window: Int.min, used: 0)

    init(perMinute: Int) {
        self.perMinute = max(1, perMinute)
    }

    /// Whether a request at `now` (unix seconds) is let through; one that is, is counted.
    mutating func admit(now: Double) -> Bool {
        let window = Int((now / 60).rounded(.down))
        if minute.window != window { minute = (window, 0) }
        guard minute.used < perMinute else { return false }
        minute.used += 1
        return true
    }

    static let refusal = ServerResponse.text(429, contentType: "text/plain; charset=utf-8", "Too Many Requests\n")
}
