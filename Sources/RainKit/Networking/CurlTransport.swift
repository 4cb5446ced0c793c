/// HTTP GETs over libcurl. `perform(_:)` runs one request with the easy interface;
/// `perform(_:onComplete:)` runs many through one multi handle with bounded concurrency and
/// connection reuse. Both block the calling thread: call them from a thread of your own.
public struct CurlTransport: Sendable {
    public var options: TransferOptions
    public var maxConcurrentRequests: Int

    public init(options: TransferOptions = TransferOptions(), maxConcurrentRequests: Int = 4) {
        self.options = options
        self.maxConcurrentRequests = max(1, maxConcurrentRequests)
    }

    /// One request, start to finish, on this thread.
    public func perform(_ request: HTTPRequest) -> Result<HTTPResponse, TransferFailure> {
        do {
            return try CurlEasyTransfer(request: request, options: options).perform()
        } catch {
            return .failure(error)
        }
    }

    /// Many requests at once, at most `maxConcurrentRequests` in flight. `onComplete` is called
    /// on this thread as each attempt ends, with the request's index, the outcome and the time it
    /// took; it returns nil when that request is done, or a delay after which to send it again.
    /// Returns when every request is done.
    public func perform(_ requests: [HTTPRequest],
                        onComplete: (_ index: Int, _ outcome: Result<HTTPResponse, TransferFailure>,
                                     _ elapsed: Duration) -> Duration?) {
        guard !requests.isEmpty else { return }
        do {
            try CurlMulti(maxConcurrent: maxConcurrentRequests).run(requests, options: options, onComplete: onComplete)
        } catch {
            // No multi handle: every request fails the same way, once.
            for index in requests.indices { _ = onComplete(index, .failure(error), .zero) }
        }
    }
}
