internal import CCurl

/// libcurl's process-wide initialisation, done once, lazily, before the first handle is made
/// (a global `let` is initialised exactly once, thread-safely).
private let curlGlobalInitialization: Int32 = Int32(curl_global_init(Int(CURL_GLOBAL_ALL)).rawValue)

enum CurlGlobal {
    /// Initialises libcurl if nothing has yet; returns whether libcurl is usable.
    @discardableResult
    static func initialize() -> Bool { curlGlobalInitialization == Int32(CURLE_OK.rawValue) }

    /// libcurl's short text for an error code; it never names the URL.
    static func message(for code: CURLcode) -> String {
        guard let text = curl_easy_strerror(code) else { return "libcurl error \(code.rawValue)" }
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
