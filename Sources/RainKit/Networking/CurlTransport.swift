/// HTTP GETs over libcurl, all through one multi handle with bounded concurrency and
/// connection reuse. `perform` blocks the calling thread: call it from a thread of your own.
struct CurlTransport: Sendable {
    var options: TransferOptions
    var maxConcurrentRequests: Int

    init(options: TransferOptions = TransferOptions(), maxConcurrentRequests: Int = 6) {
        self.options = options
        self.maxConcurrentRequests = max(1, maxConcurrentRequests)
    }

    /// Many requests at once, at most `maxConcurrentRequests` in flight, none past `deadline`.
    /// `onComplete` is called on this thread as each attempt ends, with the request's index,
    /// the outcome and the time it took, and says what follows (see `CurlMulti.Next`).
    /// Returns when every request is done. With `bodies`, a transfer starts only when they
    /// allow it (the batch's back-pressure).
    func perform(_ requests: [HTTPRequest], deadline: ContinuousClock.Instant,
                 cancellation: TransferCancellation? = nil, bodies: InFlightBodies? = nil,
                 onComplete: CurlMulti.Completion) {
        guard !requests.isEmpty else { return }
        do {
            try CurlMulti(maxConcurrent: maxConcurrentRequests)
                .run(requests, options: options, deadline: deadline, cancellation: cancellation, bodies: bodies,
                     onComplete: onComplete)
        } catch {
            // No multi handle: every request fails the same way, once.
            for index in requests.indices { _ = onComplete(index, .failure(error), .zero) }
        }
    }

    /// Many requests, each tried once with the transfer limits of `options`; the outcomes in order.
    func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransferFailure>] {
        var outcomes = [Result<HTTPResponse, TransferFailure>](repeating: .failure(.cancelled), count: requests.count)
        // Room for every transfer's own timeout: each one ends by its own limits, not the batch's.
        let deadline = ContinuousClock.now.advanced(by: options.timeouts.total * max(1, requests.count) + .seconds(1))
        perform(requests, deadline: deadline) { index, outcome, _ in
            outcomes[index] = outcome
            return .finished
        }
        return outcomes
    }

    /// Starts loading and initialising libcurl on a thread of its own, unless a load has
    /// begun: loading its 30 or so libraries is most of what a refresh of one place spends
    /// before its request. The thread is kept off the caller's processor, so that the caller
    /// goes on meanwhile (Linux puts a new thread where its creator runs, and the two took
    /// turns for milliseconds while the other processor idled). The first transfer waits for
    /// what is left of the load.
    static func beginLoading() {
        if CurlGlobal.beginLoad() { DetachedThread.start(besideCaller: true) { CurlGlobal.completeLoad() } }
    }

    /// One request, tried once: a batch of one.
    func perform(_ request: HTTPRequest) -> Result<HTTPResponse, TransferFailure> {
        perform([request])[0]
    }
}

/// A client made ready ahead of its first request (`ForecastClient.prepare()`).
public struct ClientPreparation: Sendable {
    /// Returns once libcurl is loaded and initialised (or known not to be): exiting while its
    /// libraries are being set up on another thread would run their exit handlers alongside.
    public func finished() async {
        guard !CurlGlobal.isInitialized else { return }
        _ = try? await DetachedThread.run { try? CurlGlobal.initialize() }
    }
}
