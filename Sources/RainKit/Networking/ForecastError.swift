/// Why a forecast could not be had. The messages never contain the API key.
public enum ForecastError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host could not be resolved or connected to, so nothing was sent: the machine is
    /// offline (or the host is down) as far as rain can tell.
    case offline(host: String)
    case timedOut(host: String)
    /// `timeout_seconds` (the budget of the whole fetch: every try and wait) ran out.
    case outOfTime(host: String, seconds: Int)
    /// The fetch was cancelled before it was answered.
    case cancelled
    /// HTTP 429 or a quota answer; `retryAfter` in seconds when the server said.
    case rateLimited(retryAfter: Int?)
    /// HTTP 401 or 403.
    case keyRefused(status: Int, message: String?)
    /// Any other HTTP error, with the server's message when its body had one.
    case http(status: Int, message: String?)
    /// The body could not be used: not JSON, a wrong type, a missing field. `path` names the field.
    case unusableBody(reason: String, path: String?)
    /// The body was larger than the cap (bytes).
    case tooLarge(limit: Int)
    /// No API key is configured.
    case missingKey
    /// The transport failed in some other way (TLS, a bad CA file, ...).
    case transport(reason: String)

    public var description: String {
        switch self {
        case .offline(let host):
            return "offline: cannot reach \(host)"
        case .timedOut(let host):
            return "\(host) did not answer in time"
        case .outOfTime(let host, let seconds):
            return "gave up on \(host) after \(seconds) s (timeout_seconds, tries and waits included)"
        case .cancelled:
            return "cancelled"
        case .rateLimited(let retryAfter):
            if let retryAfter { return "rate-limited by the API; try again in \(retryAfter) s" }
            return "rate-limited by the API; try again later"
        case .keyRefused(let status, let message):
            return "the API refused the key (HTTP \(status)\(message.map { ": \($0)" } ?? ""))"
        case .http(let status, let message):
            return "the API answered HTTP \(status)\(message.map { ": \($0)" } ?? "")"
        case .unusableBody(let reason, let path):
            return "unusable response from the API: \(reason)\(path.map { " at \($0)" } ?? "")"
        case .tooLarge(let limit):
            return "the API's response is larger than \(limit) bytes"
        case .missingKey:
            return "no API key configured"
        case .transport(let reason):
            return "request failed: \(reason)"
        }
    }
}
