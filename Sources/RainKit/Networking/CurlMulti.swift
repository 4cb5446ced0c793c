internal import CCurl

/// One libcurl multi handle running many transfers with at most `maxConcurrent` at a time,
/// reusing connections between them. Not `Sendable`: `run` drives it on the calling thread
/// (a `curl_multi_perform` + `curl_multi_poll` loop) and everything stays on that thread.
final class CurlMulti {
    /// What the owner of a run wants once a transfer is done: nothing more (nil) or a new try
    /// of the same request after the given delay.
    typealias Completion = (_ index: Int, _ outcome: Result<HTTPResponse, TransferFailure>,
                            _ elapsed: Duration) -> Duration?

    private let handle: UnsafeMutableRawPointer
    private let maxConcurrent: Int
    private let clock = ContinuousClock()

    init(maxConcurrent: Int) throws(TransferFailure) {
        guard CurlGlobal.initialize(), let handle = curl_multi_init() else {
            throw .transport(reason: "libcurl could not be initialised")
        }
        self.handle = handle
        self.maxConcurrent = max(1, maxConcurrent)
        rain_multi_setopt_long(handle, CURLMOPT_MAX_TOTAL_CONNECTIONS, self.maxConcurrent)
        rain_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, self.maxConcurrent)
    }

    deinit {
        curl_multi_cleanup(handle)
    }

    private struct Active {
        var index: Int
        var transfer: CurlEasyTransfer
        var started: ContinuousClock.Instant
    }

    /// Runs every request until each is done (after its retries), calling `onComplete` on this
    /// thread as each attempt ends.
    func run(_ requests: [HTTPRequest], options: TransferOptions, onComplete: Completion) {
        var ready = Array(requests.indices.reversed())   // a stack: popLast() takes them in order
        var waiting: [(index: Int, due: ContinuousClock.Instant)] = []
        var active: [UnsafeMutableRawPointer: Active] = [:]

        func complete(_ index: Int, _ outcome: Result<HTTPResponse, TransferFailure>, _ elapsed: Duration) {
            if let delay = onComplete(index, outcome, elapsed) {
                waiting.append((index, clock.now.advanced(by: max(.zero, delay))))
            }
        }

        func start(_ index: Int) {
            let started = clock.now
            do {
                let transfer = try CurlEasyTransfer(request: requests[index], options: options)
                let code = curl_multi_add_handle(handle, transfer.handle)
                guard code == CURLM_OK else {
                    let reason = curl_multi_strerror(code).map { String(cString: $0) } ?? "libcurl multi error"
                    complete(index, .failure(.transport(reason: reason)), clock.now - started)
                    return
                }
                active[transfer.handle] = Active(index: index, transfer: transfer, started: started)
            } catch {
                complete(index, .failure(error), clock.now - started)
            }
        }

        while !ready.isEmpty || !waiting.isEmpty || !active.isEmpty {
            let now = clock.now
            let due = waiting.filter { $0.due <= now }
            waiting.removeAll { $0.due <= now }
            ready.insert(contentsOf: due.map(\.index).reversed(), at: 0)
            while active.count < maxConcurrent, let index = ready.popLast() {
                start(index)
            }

            var running: Int32 = 0
            curl_multi_perform(handle, &running)
            var finishedAny = false
            var left: Int32 = 0
            while let message = curl_multi_info_read(handle, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                curl_multi_remove_handle(handle, easy)
                guard let entry = active.removeValue(forKey: easy) else { continue }
                finishedAny = true
                complete(entry.index, entry.transfer.finish(code), clock.now - entry.started)
            }
            if finishedAny { continue }   // start the next transfers before waiting

            var timeout = Duration.seconds(1)
            if let next = waiting.map(\.due).min() {
                timeout = min(timeout, max(.zero, next - clock.now))
            }
            if active.isEmpty && ready.isEmpty && !waiting.isEmpty && timeout == .zero { continue }
            curl_multi_poll(handle, nil, 0, Int32(timeout.wholeMilliseconds), nil)
        }
    }
}
