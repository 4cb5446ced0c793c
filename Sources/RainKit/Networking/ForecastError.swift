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
    /// The body was larger than the cap (bytes).
    case tooLarge(limit: Int)
    /// No API key is configured.
    case missingKey
    /// The IP location service answered without coordinates: it does not know where the address is.
    case locationUnknown(host: String)
    /// The transport failed in some other way (a malformed URL, ...).
    case transport(reason: String)

    /// A try that got no (whole) answer in time.
    var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .offline(let host):
            return "offline: cannot reach \(host)"
        case .timedOut(let host):
            return "\(host) did not answer in time"
        case .connectionLost(let host):
            return "the connection to \(host) broke before the whole answer arrived"
        case .tls(let host, let reason):
            return "cannot make a secure connection to \(host): \(reason)"
        case .outOfTime(let host, let seconds):
            return "gave up on \(host) after \(seconds) s (timeout_seconds, tries and waits included)"
        case .cancelled:
            return "cancelled"
        case .rateLimited(_, let quota?):
            return quota.message(in: .english)
        case .rateLimited(let retryAfter, nil):
            if let retryAfter { return "rate-limited by the API; try again in \(retryAfter) s" }
            return "rate-limited by the API; try again later"
        case .keyRefused(let status, let message):
            return "the API refused the key (HTTP \(status)\(message.map { ": \($0)" } ?? ""))"
        case .http(let status, let message):
            return "the API answered HTTP \(status)\(message.map { ": \($0)" } ?? "")"
        case .unusableBody(let reason, let path):
            return "unusable response from the API: \(reason)\(path.map { " at \($0)" } ?? "")"
        case .tooLarge(let limit):
            return "the API's response was larger than \(Self.size(limit)), more than any forecast needs; rain stopped reading it"
        case .missingKey:
            return "no API key configured"
        case .locationUnknown(let host):
            return "\(host) cannot locate this machine"
        case .transport(let reason):
            return "request failed: \(reason)"
        }
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
        case .unusableBody, .tooLarge, .transport, .tls, .locationUnknown: return .unavailable
        case .missingKey: return .configuration
        }
    }

    public var hint: String? {
        switch self {
        case .missingKey:
            return "set RAIN_API_KEY, or api_key_file in the configuration file (rain config path shows where; rain config init writes one)"
        case .keyRefused:
            return "check the key with: rain config show"
        case .locationUnknown:
            return "use a name, or --lat and --lon"
        case .tls(let host, _):
            return "if \(host) uses a certificate from a private authority, name that authority's certificate file in ca_file in the configuration (rain config path)"
        default:
            return nil
        }
    }
}

extension ForecastError {
    /// A reason given as English text (a server's words), shown as it is.
    public static func unusableBody(reason: String, path: String?) -> ForecastError {
        .unusableBody(reason: .verbatim(reason), path: path)
    }

    /// The errors met most, in the user's language; the others in English.
    public func message(in localization: Localization) -> String {
        switch self {
        // "offline:" is a tag like rain's "error:", the same in every language (scripts look for it).
        case .offline(let host): return "offline: " + localization.tr("cannot reach {host}", ["host": host])
        case .timedOut(let host): return localization.tr("{host} did not answer in time", ["host": host])
        case .rateLimited(_, let quota?): return quota.message(in: localization)
        case .rateLimited(let retryAfter?, nil):
            return localization.tr("rate-limited by the API; try again in {seconds} s", ["seconds": "\(retryAfter)"])
        case .rateLimited(nil, nil): return localization.tr("rate-limited by the API; try again later")
        case .connectionLost(let host):
            return localization.tr("the connection to {host} broke before the whole answer arrived", ["host": host])
        case .outOfTime(let host, let seconds):
            return localization.tr("gave up on {host} after {seconds} s (timeout_seconds, tries and waits included)",
                                   ["host": host, "seconds": String(seconds)])
        case .keyRefused(let status, let message):
            return localization.tr("the API refused the key (HTTP {status})", ["status": String(status)]) + (message.map { ": \($0)" } ?? "")
        case .http(let status, let message):
            return localization.tr("the API answered HTTP {status}", ["status": String(status)]) + (message.map { ": \($0)" } ?? "")
        case .missingKey: return localization.tr("no API key configured")
        case .tls(let host, let reason):
            return localization.tr("cannot make a secure connection to {host}: {reason}", ["host": host, "reason": reason])
        case .cancelled: return localization.tr("cancelled")
        case .unusableBody(let reason, nil): return localization.tr("unusable response from the API: {reason}", ["reason": localization.tr(reason)])
        case .unusableBody(let reason, let path?):
            return localization.tr("unusable response from the API: {reason} at {field}", ["reason": localization.tr(reason), "field": path])
        case .tooLarge(let limit):
            return localization.tr("the API's response was larger than {size}, more than any forecast needs; rain stopped reading it",
                                   ["size": Self.size(limit)])
        case .locationUnknown(let host): return localization.tr("{host} cannot locate this machine", ["host": host])
        case .transport(let reason): return localization.tr("request failed: {reason}", ["reason": reason])
        }
    }

    public func hint(in localization: Localization) -> String? {
        switch self {
        case .keyRefused: return localization.tr("check the key with: rain config show")
        case .missingKey:
            return localization.tr("set RAIN_API_KEY, or api_key_file in the configuration file (rain config path shows where; rain config init writes one)")
        case .locationUnknown: return localization.tr("use a name, or --lat and --lon")
        case .tls(let host, _):
            return localization.tr("if {host} uses a certificate from a private authority, name that authority's certificate file in ca_file in the configuration (rain config path)",
                                   ["host": host])
        default: return hint
        }
    }
}
