/// When to try a request again: at most `maxAttempts` tries, waiting between them with
/// exponential backoff and full jitter (a random wait between zero and
/// `min(maxBackoff, baseBackoff * 2^(retry - 1))`), or what the server asked for in
/// `Retry-After` (clamped to `0...maxRetryAfter`). Never past `totalBudget`, counted from the
/// first try: a retry whose wait would end after it is not made.
public struct RetryPolicy: Sendable, Equatable {
    public var maxAttempts: Int
    public var baseBackoff: Duration
    public var maxBackoff: Duration
    public var maxRetryAfter: Duration
    public var totalBudget: Duration

    public init(maxAttempts: Int = 3, baseBackoff: Duration = .milliseconds(500), maxBackoff: Duration = .seconds(8),
                maxRetryAfter: Duration = .seconds(60), totalBudget: Duration = .seconds(60)) {
        self.maxAttempts = maxAttempts
        self.baseBackoff = baseBackoff
        self.maxBackoff = maxBackoff
        self.maxRetryAfter = maxRetryAfter
        self.totalBudget = totalBudget
    }

    /// A policy that never retries.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The wait before the next try after try number `attempt` (1-based) failed in a way worth
    /// retrying, or nil when there is to be no next try.
    func delay(afterAttempt attempt: Int, serverDelay: Duration?, elapsed: Duration) -> Duration? {
        guard attempt < maxAttempts else { return nil }
        let wait: Duration
        if let serverDelay {
            wait = min(max(serverDelay, .zero), maxRetryAfter)
        } else {
            let exponent = min(attempt - 1, 30)
            let cap = min(maxBackoff, baseBackoff * (1 << exponent))
            let capNanoseconds = max(0, cap.wholeMilliseconds) * 1_000_000
            wait = .nanoseconds(capNanoseconds == 0 ? 0 : Int.random(in: 0...capNanoseconds))
        }
        guard elapsed + wait <= totalBudget else { return nil }
        return wait
    }
}
