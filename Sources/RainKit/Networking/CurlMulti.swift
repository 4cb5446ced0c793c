internal import CCurl

/// One libcurl multi handle running many transfers with at most `maxConcurrent` at a time,
/// reusing connections between them. Not `Sendable`: `run` drives it on the calling thread
/// (a `curl_multi_perform` + `curl_multi_poll` loop) and everything stays on that thread.
final class CurlMulti {
    /// What the owner of a run wants once an attempt is done.
    enum Next: Equatable {
        /// That request is done.
        case finished
        /// Send it again after `delay`; with `pausingOthers`, start no request not yet sent before
        /// then either (a server's Retry-After applies to everything we send it). Another
        /// request's retry keeps its own time, so retries spread apart stay apart.
        case retry(after: Duration, pausingOthers: Bool)
        /// That request is done; start no other request for `duration` (a Retry-After too long
        /// to wait for this one).
        case pauseOthers(for: Duration)
        /// That request is done, and so is the batch: every request not yet done ends as
        /// `.cancelled` at once (the host cannot be reached; sending more is pointless).
        case stopBatch
    }

    typealias Completion = (_ index: Int, _ outcome: Result<HTTPResponse, TransferFailure>,
                            _ elapsed: Duration) -> Next

    /// How near the end of the batch's time a cut transfer's timeout must come to be the end of
    /// the budget rather than a stall (libcurl's timers are this coarse at worst).
    static let deadlineSlack = Duration.milliseconds(250)

    private let handle: UnsafeMutableRawPointer
    private let maxConcurrent: Int
    private let clock = ContinuousClock()

    init(maxConcurrent: Int) throws(TransferFailure) {
        try CurlGlobal.initialize()
        guard let handle = rain_curl_multi_init() else {
            throw .transport(reason: "libcurl could not make a handle")
        }
        self.handle = handle
        self.maxConcurrent = max(1, maxConcurrent)
        rain_multi_setopt_long(handle, CURLMOPT_MAX_TOTAL_CONNECTIONS, self.maxConcurrent)
        rain_multi_setopt_long(handle, CURLMOPT_MAX_HOST_CONNECTIONS, self.maxConcurrent)
    }

    deinit {
        rain_curl_multi_cleanup(handle)
    }

    private struct Active {
        var index: Int
        var transfer: CurlEasyTransfer
        var started: ContinuousClock.Instant
        /// Its timeout is what was left of the batch's time, not the transfer's own.
        var cutByDeadline: Bool
    }

    /// Runs every request until each is done (after its retries), calling `onComplete` on this
    /// thread as each attempt ends. No transfer runs past `deadline`: each one's timeout is cut
    /// to what is left, and a request that cannot start before it ends as `.outOfTime`. With
    /// `bodies`, a transfer starts only when they allow it (see `InFlightBodies`).
    func run(_ requests: [HTTPRequest], options: TransferOptions, deadline: ContinuousClock.Instant,
             cancellation: TransferCancellation?, bodies: InFlightBodies? = nil, onComplete: Completion) {
        var ready = Array(requests.indices.reversed())   // a stack: popLast() takes them in order
        var waiting: [(index: Int, due: ContinuousClock.Instant)] = []
        /// Requests taken from `waiting` and not yet started again: a pause does not hold them.
        var retrying = Set<Int>()
        var active: [UnsafeMutableRawPointer: Active] = [:]
        var pausedUntil = clock.now
        var stopped = false
        var cancellationAttached = false
        if let cancellation {
            cancellationAttached = cancellation.attach(handle)
            stopped = !cancellationAttached
        }
        defer { if cancellationAttached { cancellation?.detach() } }
        bodies?.attach(handle)
        defer { bodies?.detach() }

        func complete(_ index: Int, _ outcome: Result<HTTPResponse, TransferFailure>, _ elapsed: Duration) {
            guard !stopped else {
                _ = onComplete(index, outcome, elapsed)
                return
            }
            switch onComplete(index, outcome, elapsed) {
            case .finished:
                break
            case .retry(let delay, let pausingOthers):
                let due = clock.now.advanced(by: max(.zero, delay))
                waiting.append((index, due))
                if pausingOthers { pausedUntil = max(pausedUntil, due) }
            case .pauseOthers(let duration):
                pausedUntil = max(pausedUntil, clock.now.advanced(by: max(.zero, duration)))
            case .stopBatch:
                stopped = true
            }
        }

        func start(_ index: Int) {
            let started = clock.now
            let remaining = deadline - started
            guard remaining > .zero else {
                complete(index, .failure(.outOfTime), .zero)
                return
            }
            var options = options
            let cutByDeadline = remaining < options.timeouts.total
            options.timeouts.total = min(options.timeouts.total, remaining)
            options.timeouts.connect = min(options.timeouts.connect, remaining)
            do {
                let transfer = try CurlEasyTransfer(request: requests[index], options: options)
                let code = rain_curl_multi_add_handle(handle, transfer.handle)
                guard code == CURLM_OK else {
                    let reason = rain_curl_multi_strerror(code).map { String(cString: $0) } ?? "libcurl multi error"
                    complete(index, .failure(.transport(reason: reason)), clock.now - started)
                    return
                }
                active[transfer.handle] = Active(index: index, transfer: transfer, started: started, cutByDeadline: cutByDeadline)
            } catch {
                complete(index, .failure(error), clock.now - started)
            }
        }

        /// Everything not done ends now, as `.cancelled`.
        func abandonAll() {
            for (easy, entry) in active {
                rain_curl_multi_remove_handle(handle, easy)
                _ = onComplete(entry.index, .failure(.cancelled), clock.now - entry.started)
            }
            active = [:]
            for index in ready.reversed() + waiting.map(\.index) { _ = onComplete(index, .failure(.cancelled), .zero) }
            ready = []
            waiting = []
        }

        while !ready.isEmpty || !waiting.isEmpty || !active.isEmpty {
            if cancellation?.isCancelled == true { stopped = true }
            if stopped {
                abandonAll()
                break
            }
            let now = clock.now
            let due = waiting.filter { $0.due <= now }
            waiting.removeAll { $0.due <= now }
            ready.append(contentsOf: due.map(\.index).reversed())   // retries go first
            retrying.formUnion(due.map(\.index))
            if pausedUntil >= deadline {
                // Paused past the end of the budget: nothing waiting can be sent in time.
                while let index = ready.popLast() { complete(index, .failure(.outOfTime), .zero) }
            }
            while active.count < maxConcurrent, let index = ready.last, now >= pausedUntil || retrying.contains(index),
                  bodies?.allowsStart(transferring: active.count) ?? true {
                ready.removeLast()
                retrying.remove(index)
                start(index)
            }
            if stopped { continue }

            var running: Int32 = 0
            rain_curl_multi_perform(handle, &running)
            var finishedAny = false
            var left: Int32 = 0
            while let message = rain_curl_multi_info_read(handle, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                rain_curl_multi_remove_handle(handle, easy)
                guard let entry = active.removeValue(forKey: easy) else { continue }
                finishedAny = true
                var outcome = entry.transfer.finish(code)
                // libcurl says "timed out" for a stalled transfer (the low-speed limit) too:
                // only a timeout at the end of the batch's time is the end of the budget.
                if case .failure(.timedOut) = outcome, entry.cutByDeadline, deadline - clock.now < Self.deadlineSlack {
                    outcome = .failure(.outOfTime)
                }
                complete(entry.index, outcome, clock.now - entry.started)
            }
            if finishedAny { continue }   // start the next transfers before waiting

            var timeout = Duration.seconds(1)
            if let next = waiting.map(\.due).min() {
                timeout = min(timeout, max(.zero, next - clock.now))
            }
            if !ready.isEmpty, pausedUntil > clock.now {
                timeout = min(timeout, pausedUntil - clock.now)
            }
            if active.isEmpty && timeout == .zero { continue }
            rain_curl_multi_poll(handle, nil, 0, Int32(timeout.wholeMilliseconds), nil)
        }
    }
}
