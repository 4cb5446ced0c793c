internal import CCurl
import Dispatch
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
/// Whether a thread has claimed the load ahead of the first transfer (`CurlGlobal.beginLoad()`).
private let loadBegun = Atomic<Bool>(false)
/// Entered while the load claimed ahead runs.
private let loadAhead = DispatchGroup()

enum CurlGlobal {
    /// Loads and initialises libcurl if nothing has yet. Throws why libcurl cannot be used.
    /// While a load claimed ahead runs on another thread, the caller sleeps until it ends: in
    /// the global's own initialisation it would wait on the Swift runtime's lock, a
    /// priority-inheriting futex, on which Linux spins for as long as the owner runs (0.6 ms of
    /// a processor in each refresh, taken from the threads doing the work).
    static func initialize() throws(TransferFailure) {
        if loadBegun.load(ordering: .acquiring) { loadAhead.wait() }
        if let reason = curlGlobalInitialization { throw .transport(reason: reason) }
    }

    /// Claims the load ahead of the first transfer: true for one caller only, which must then
    /// call `completeLoad()`, on any thread. Calls of `initialize()` meanwhile wait for it.
    static func beginLoad() -> Bool {
        guard !loadBegun.load(ordering: .acquiring) else { return false }
        loadAhead.enter()
        guard !loadBegun.exchange(true, ordering: .acquiringAndReleasing) else {
            loadAhead.leave()
            return false
        }
        return true
    }

    /// Loads and initialises libcurl for the caller of `beginLoad()` that claimed it.
    static func completeLoad() {
        _ = curlGlobalInitialization
        loadAhead.leave()
    }

    /// Whether `initialize()` would return at once.
    static var isInitialized: Bool { curlInitializationEnded.load(ordering: .acquiring) }

    /// Whether libcurl is being loaded ahead and is not ready yet: a request made now would
    /// wait for it.
    static var isLoading: Bool { loadBegun.load(ordering: .acquiring) && !isInitialized }

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
