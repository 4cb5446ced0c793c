/// Why a transfer got no complete answer. The reasons are libcurl's own short texts
/// (`curl_easy_strerror`), which never name the URL.
public enum TransferFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name did not resolve or nothing accepted the connection.
    case unreachable(reason: String)
    /// The connect or total timeout passed, or the transfer was slower than the low-speed limit.
    case timedOut(reason: String)
    /// The connection broke before any answer came (the server closed it, a reset).
    case connectionLost(reason: String)
    /// The server's certificate could not be verified, or the TLS handshake failed.
    case tls(reason: String)
    /// The body was larger than the limit (bytes); the transfer was aborted.
    case tooLarge(limit: Int)
    /// Anything else: TLS, a bad CA file, a malformed URL, ...
    case transport(reason: String)
    /// The time the batch was given ran out before this request could be answered.
    case outOfTime
    /// Stopped before it was answered: the batch was cancelled or stopped.
    case cancelled

    public var description: String {
        switch self {
        case .unreachable(let reason), .timedOut(let reason), .connectionLost(let reason),
             .tls(let reason), .transport(let reason):
            return reason
        case .tooLarge(let limit):
            return "response larger than \(limit) bytes"
        case .outOfTime:
            return "out of time"
        case .cancelled:
            return "cancelled"
        }
    }
}
