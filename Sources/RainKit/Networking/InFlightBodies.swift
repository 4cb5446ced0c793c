internal import CCurl
import Synchronization

/// The one back-pressure of a batch: a request's body counts from the start of its transfer
/// until its result has been handed on (decoded, and taken by the batch's consumer: a refresh
/// writes it to the cache there). At most `limit` count at once, transfers and results being
/// handed on together, so when decoding or the consumer falls behind the network, no new
/// transfer starts and memory stays flat however many places there are.
///
/// Nothing waits on it: the batch's thread asks `allowsStart` before it starts a transfer
/// (and otherwise goes on running the transfers it has), and a result handed on gives its
/// room back and wakes the batch's `curl_multi_poll` (`curl_multi_wakeup` may be called from
/// any thread).
final class InFlightBodies: Sendable {
    let limit: Int

    private struct State {
        /// Results that have left their transfer and are not yet handed on.
        var handingOn = 0
        /// The multi handle of the batch running now, as a bit pattern (a pointer is not Sendable).
        var multiHandle: Int?
    }

    private let state = Mutex(State())

    init(limit: Int) { self.limit = max(1, limit) }

    /// Whether a transfer may start beside `transferring` others (on the batch's thread).
    func allowsStart(transferring: Int) -> Bool {
        state.withLock { transferring + $0.handingOn < limit }
    }

    /// A result leaves its transfer (on the batch's thread, before the transfer is counted out).
    func willHandOn() {
        state.withLock { $0.handingOn += 1 }
    }

    /// A result was handed on: its room is free again (from any thread).
    func handedOn() {
        state.withLock { state in
            state.handingOn -= 1
            // Under the lock: `detach` cannot return (and the handle be freed) while we wake it.
            if let bits = state.multiHandle, let handle = UnsafeMutableRawPointer(bitPattern: bits) {
                rain_curl_multi_wakeup(handle)
            }
        }
    }

    /// How many results are being handed on now (for tests).
    var handingOn: Int { state.withLock { $0.handingOn } }

    /// Lets `handedOn()` wake `handle` while the batch runs.
    func attach(_ handle: UnsafeMutableRawPointer) {
        state.withLock { $0.multiHandle = Int(bitPattern: handle) }
    }

    func detach() {
        state.withLock { $0.multiHandle = nil }
    }
}
