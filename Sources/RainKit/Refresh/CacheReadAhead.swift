import Dispatch
import Synchronization

/// A refresh's places' cached forecasts, read ahead while libcurl loads and the transfers run,
/// rather than each after its body arrives: reading one is as much work as decoding the new
/// one, and it needs nothing from the network. Reading is what sets a damaged file aside, so a
/// save waits until its place's file has been read (`wait(for:)`), and the old file is never
/// replaced unread. Nothing read is kept, so memory stays flat.
final class CacheReadAhead: Sendable {
    /// One per place, signalled once its file has been read.
    private let read: [DispatchSemaphore]
    private let allRead = DispatchSemaphore(value: 0)
    private let isDone = Atomic<Bool>(false)

    /// Reads the first `upFront` places on the calling thread, the rest on a thread of their
    /// own. The first ones are read here because no thread can be made while libcurl is being
    /// loaded (glibc's `dlopen` holds the lock `pthread_create` takes): reading a few small
    /// files is what loading the places did on this thread already.
    init(count: Int, upFront: Int, reading: @escaping @Sendable (Int) -> Void) {
        read = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        let first = min(max(0, upFront), count)
        let finish: @Sendable () -> Void = { [self] in
            isDone.store(true, ordering: .releasing)
            allRead.signal()
        }
        for position in 0..<first {
            reading(position)
            read[position].signal()
        }
        guard first < count else {
            finish()
            return
        }
        DetachedThread.start { [self] in
            for position in first..<count {
                reading(position)
                read[position].signal()
            }
            finish()
        }
    }

    /// Blocks until the place at `position` has been read; call it once per place, from a
    /// thread of the batch's own.
    func wait(for position: Int) {
        read[position].wait()
    }

    /// Returns once every place has been read (a batch that stopped early has not waited for
    /// them all), so nothing is set aside after the refresh has ended.
    func finished() async {
        guard !isDone.load(ordering: .acquiring) else { return }
        _ = try? await DetachedThread.run { [allRead] in allRead.wait() }
    }
}
