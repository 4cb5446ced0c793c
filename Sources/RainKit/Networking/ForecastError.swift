/// Why a forecast could not be had. The messages never contain the API key.
public enum ForecastError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host could not be resolved or connected to, so nothing was sent: the machine is
    /// offline (or the host is down) as far as rain can tell.
    case offline(host: String)
    case timedOut(host: String)
    /// The connection broke before the whole answer came (reset, closed, cut off mid-body).
    case connectionLost(host: String)
    /// The server's TLS certificate could not be verified, or TLS failed otherwise.
    case tls(host: String, reason: String)
    /// `timeout_seconds` (the budget of the whole fetch: every try and wait) ran out.
    case outOfTime(host: String, seconds: Int)
    /// The fetch was cancelled before it was answered.
    case cancelled
    /// HTTP 429 or a quota answer; `retryAfter` in seconds when the server said; `quota` when
    /// its words name the limit used up (Open-Meteo's, `Providers/`).
    case rateLimited(retryAfter: Int?, quota: ExceededQuota? = nil)
    /// HTTP 401 or 403.
    case keyRefused(status: Int, message: String?)
    /// Any other HTTP error, with the server's message when its body had one.
    case http(status: Int, message: String?)
    /// The body could not be used: not JSON, a wrong type, a missing field. `path` names the field.
    case unusableBody(reason: LocalizedText, path: String?)
    /// A value of the right shape that no real answer has, in words that name it, found by a
    /// provider's reader once the JSON is read (`DarkSkyDecoder.utcOffset`).
    case implausible(LocalizedText)
    /// The body was larger than the cap (bytes).
    case tooLarge(limit: Int)
    /// No API key is configured.
    case missingKey
    /// The IP location service answered without coordinates: it does not know where the address is.
    case locationUnknown(host: String)
    /// The transport failed in some other way (a malformed URL, ...).
    case transport(reason: String)

    /// A quota the server said is used up for longer than a minute: every request before it
    /// resets is refused (`RememberedQuota`).
    public var usedUpQuota: ExceededQuota? {
        if case .rateLimited(_, let quota?) = self, !quota.isWorthRetryingSoon { return quota }
        return nil
    }

    /// A try that got no (whole) answer in time.
    var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }

    /// "8 MB", "512 KB", "900 bytes".
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }
}

extension ForecastError: RainError {
    /// HTTP statuses that say "try later": the server or a gateway is busy or down for now.
    static let temporaryStatuses: Set<Int> = [408, 502, 503, 504]

    public var kind: ErrorKind {
        switch self {
        case .offline, .timedOut, .outOfTime, .connectionLost, .rateLimited, .cancelled: return .temporary
        case .http(let status, _): return Self.temporaryStatuses.contains(status) ? .temporary : .unavailable
        case .keyRefused: return .permission
        case .unusableBody, .implausible, .tooLarge, .transport, .tls, .locationUnknown: return .unavailable
        case .missingKey: return .configuration
        }
    }
}

extension ForecastError {
    /// A reason given as English text (a server's words), shown as it is.
    static func unusableBody(reason: String, path: String?) -> ForecastError {
        .unusableBody(reason: .verbatim(reason), path: path)
    }

    public var text: LocalizedText {
        switch self {
        // "offline:" is a tag like rain's "error:", the same in every language (scripts look for it).
        case .offline(let host): return .verbatim("offline: ") + LocalizedText(N_("cannot reach {host}"), ["host": .verbatim(host)])
        case .timedOut(let host): return LocalizedText(N_("{host} did not answer in time"), ["host": .verbatim(host)])
        case .rateLimited(_, let quota?): return quota.text
        // A wait of none, or of more than a day (a Retry-After date in the year 9999), says
        // nothing a person can act on.
        case .rateLimited(let retryAfter?, nil) where (1...86_400).contains(retryAfter):
            return LocalizedText(N_("rate-limited; wait {wait}"), ["wait": .duration(seconds: retryAfter)])
        case .rateLimited(_, nil): return LocalizedText(N_("rate-limited; try later"))
        case .connectionLost(let host):
            return LocalizedText(N_("the connection to {host} broke before the whole answer arrived"), ["host": .verbatim(host)])
        case .outOfTime(let host, let seconds):
            return LocalizedText(N_("gave up on {host} after {seconds} s (timeout_seconds)"),
                                 ["host": .verbatim(host), "seconds": .verbatim(String(seconds))])
        case .keyRefused(let status, let message):
            return LocalizedText(N_("the API refused the key (HTTP {status})"), ["status": .verbatim(String(status))]) + ServerWords.line(message)
        case .http(let status, let message):
            return LocalizedText(N_("the API answered HTTP {status}"), ["status": .verbatim(String(status))]) + ServerWords.line(message)
        case .missingKey: return LocalizedText(N_("no API key configured"))
        case .tls(let host, let reason):
            return LocalizedText(N_("cannot make a secure connection to {host}:"), ["host": .verbatim(host)]) + .dataLine(reason)
        case .cancelled: return LocalizedText(N_("cancelled"))
        case .implausible(let reason): return reason
        // The reason under the words: a parser's, with its place, is long.
        case .unusableBody(let reason, nil): return LocalizedText(N_("unusable response from the API:")) + .verbatim("\n") + reason
        case .unusableBody(let reason, let path?):
            return LocalizedText(N_("unusable response from the API: {reason} at {field}"), ["reason": reason, "field": .verbatim(path)])
        case .tooLarge(let limit):
            return LocalizedText(N_("the API's response was over {size}; rain stopped reading it"),
                                 ["size": .verbatim(Self.size(limit))])
        case .locationUnknown(let host): return LocalizedText(N_("{host} cannot locate this machine"), ["host": .verbatim(host)])
        case .transport(let reason): return LocalizedText(N_("request failed: {reason}"), ["reason": .verbatim(reason)])
        }
    }

    /// `text` without the server's own words: what a feed's warning says, one line for the
    /// feed (its words would take it past 80 columns; the status says what failed).
    var textWithoutServerWords: LocalizedText {
        switch self {
        case .keyRefused(let status, _?): return ForecastError.keyRefused(status: status, message: nil).text
        case .http(let status, _?): return ForecastError.http(status: status, message: nil).text
        default: return text
        }
    }

    public var hintText: LocalizedText? {
        switch self {
        case .keyRefused: return LocalizedText(N_("check the key with: rain config show"))
        case .missingKey:
            return LocalizedText(lines: [LocalizedText(N_("set RAIN_API_KEY, or api_key_file in the configuration file")),
                                         LocalizedText(N_("rain config path shows the file; rain config init writes one"))])
        case .locationUnknown: return LocalizedText(N_("use a name, or --lat and --lon"))
        case .tls:
            // Two lines: one ran to 140 columns (the host is on the error line above).
            return LocalizedText(lines: [LocalizedText(N_("if the server uses a private certificate authority, set ca_file")),
                                         LocalizedText(N_("to its certificate file in the configuration (rain config path)"))])
        default: return nil
        }
    }
}
