import Dispatch
import Synchronization

/// Runs tasks on the one thread that calls `run()`, a job at a time in the order they come.
/// rain's main thread runs every command's task this way (`main.swift`), with its child tasks
/// (`async let`, task groups), so a refresh starts no thread of the concurrency runtime's
/// pool: Dispatch makes those, and glibc lets no thread start while another is loading a
/// library, so a refresh's first pool thread used to wait out the whole loading of libcurl
/// instead of reading the configuration and places meanwhile. Unstructured tasks (`Task {}`)
/// and sleeps (`Task.sleep`) still go to the pool: `rain watch`'s timers, a wait for another
/// rain's lock. Work that blocks keeps to threads of its own (`DetachedThread`).
public final class SingleThreadExecutor: TaskExecutor, @unchecked Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var next = 0
    }

    private let queue = Mutex(Queue())
    /// Signalled once for every job enqueued.
    private let enqueued = DispatchSemaphore(value: 0)

    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        enqueued.signal()
    }

    /// Runs the jobs enqueued, as they come, on the calling thread, for as long as the process lives.
    public func run() -> Never {
        while true { runNextJob() }
    }

    /// Waits for the next job and runs it on the calling thread.
    func runNextJob() {
        enqueued.wait()
        let job = queue.withLock { queue in
            let job = queue.jobs[queue.next]
            queue.next += 1
            if queue.next == queue.jobs.count {
                queue.jobs.removeAll(keepingCapacity: true)
                queue.next = 0
            }
            return job
        }
        job.runSynchronously(on: asUnownedTaskExecutor())
    }
}
