import Dispatch
import Synchronization

/// The threads of one batch that decode its bodies and hand their results on: threads of the
/// batch's own, as its transfers' thread is, so that decoding and what the consumer does with
/// a result (a refresh writes and fsyncs the cache there) never hold a thread of the pool that
/// Swift's tasks and Dispatch's global queues share. Results are handed on one at a time.
/// How many may wait here is bounded by the batch's `InFlightBodies`, not here.
final class BatchWorkers: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    /// One signal per job, and one per thread at the end; only these threads wait on it.
    private let available = DispatchSemaphore(value: 0)
    private let ended = DispatchGroup()
    private let handingOn = Mutex(())
    private let threads: Int

    init(threads: Int) {
        self.threads = max(1, threads)
        for _ in 0..<self.threads {
            ended.enter()
            DetachedThread.start { [self] in
                while let job = next() { job() }
                ended.leave()
            }
        }
    }

    /// Runs `work` on one of the threads, then `handOn` with its result, one hand-on at a time.
    func submit<Value>(_ work: @escaping @Sendable () -> Value, handOn: @escaping @Sendable (Value) -> Void) {
        jobs.withLock { $0.append { [self] in
            let value = work()
            handingOn.withLock { _ in handOn(value) }
        } }
        available.signal()
    }

    /// Waits until every job submitted has run, and ends the threads. Call it once, after the
    /// last `submit`, from a thread of the batch's own (it blocks).
    func finish() {
        for _ in 0..<threads { available.signal() }
        ended.wait()
    }

    /// The next job; nil once `finish` has been called and none is left. Each job has its own
    /// signal, given after it was queued, so a wake-up finds a job until the ones `finish` gives.
    private func next() -> (@Sendable () -> Void)? {
        available.wait()
        return jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
