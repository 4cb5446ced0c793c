internal import CCurl
import Synchronization

/// A way to stop a batch of transfers from another thread: `cancel()` marks it and wakes the
/// batch's `curl_multi_poll` (libcurl allows `curl_multi_wakeup` from any thread), which then
/// removes every transfer from libcurl and reports them as `.cancelled`.
public final class TransferCancellation: Sendable {
    private struct State {
        var isCancelled = false
        /// The multi handle of the batch running now, as a bit pattern (a pointer is not Sendable).
        var multiHandle: Int?
    }

    private let state = Mutex(State())

    public init() {}

    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    public func cancel() {
        state.withLock { state in
            state.isCancelled = true
            // Under the lock: `detach` cannot return (and the handle be freed) while we wake it.
            if let bits = state.multiHandle, let handle = UnsafeMutableRawPointer(bitPattern: bits) {
                rain_curl_multi_wakeup(handle)
            }
        }
    }

    /// Lets `cancel()` wake `handle`; false when already cancelled.
    func attach(_ handle: UnsafeMutableRawPointer) -> Bool {
        state.withLock { state in
            state.multiHandle = Int(bitPattern: handle)
            return !state.isCancelled
        }
    }

    func detach() {
        state.withLock { $0.multiHandle = nil }
    }
}
