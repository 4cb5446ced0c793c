internal import CCurl
import Synchronization

/// libcurl loaded and given its process-wide initialisation, once, lazily, before the first
/// handle is made (a global `let` is initialised exactly once, thread-safely): nil, or why not.
private let curlGlobalInitialization: String? = {
    defer { curlInitializationEnded.store(true, ordering: .releasing) }
    var error: UnsafePointer<CChar>?
    guard rain_curl_load(&error) == 1 else {
        return "cannot load libcurl: \(error.map { String(cString: $0) } ?? "unknown error") (Debian: apt-get install libcurl4)"
    }
    let code = rain_curl_global_init(Int(CURL_GLOBAL_ALL))
    return code == CURLE_OK ? nil : "libcurl could not be initialised: \(String(cString: rain_curl_easy_strerror(code)))"
}()

/// Whether `curlGlobalInitialization` has been worked out, one way or the other.
private let curlInitializationEnded = Atomic<Bool>(false)

enum CurlGlobal {
    /// Loads and initialises libcurl if nothing has yet. Throws why libcurl cannot be used.
    static func initialize() throws(TransferFailure) {
        if let reason = curlGlobalInitialization { throw .transport(reason: reason) }
    }

    /// Whether `initialize()` would return at once.
    static var isInitialized: Bool { curlInitializationEnded.load(ordering: .acquiring) }

    /// libcurl's short text for an error code; it never names the URL.
    static func message(for code: CURLcode) -> String {
        guard let text = rain_curl_easy_strerror(code) else { return "libcurl error \(code.rawValue)" }
        return String(cString: text)
    }

    /// The outcome a libcurl error code stands for.
    static func failure(for code: CURLcode, bodyLimitExceeded: Bool, bodyLimit: Int) -> TransferFailure {
        if bodyLimitExceeded { return .tooLarge(limit: bodyLimit) }
        let reason = message(for: code)
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            return .unreachable(reason: reason)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(reason: reason)
        case CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limit: bodyLimit)
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE:
            return .connectionLost(reason: reason)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM:
            return .tls(reason: reason)
        default:
            return .transport(reason: reason)
        }
    }
}
