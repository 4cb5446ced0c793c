import Glibc
@testable import RainKit
import RainTestSupport
import Testing

/// The sidecar lock every change to a file takes.
struct FileLockTests {
    /// A child another thread is starting holds a copy of every descriptor until its exec closes
    /// it (a copy made here with `dup`): the lock is released at `unlock()` all the same, not
    /// when the last copy goes. A store change followed at once by a one-try lock failed as
    /// busy in a full test run this way.
    @Test func unlockReleasesTheLockWhileACopyOfItsDescriptorIsOpen() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/defaults.json.lock"
            let lock = try FileLock.acquire(path, timeout: .zero)
            let copy = dup(lock.descriptor)
            try #require(copy >= 0)
            defer { close(copy) }
            #expect(throws: FileLock.Failure.busy) { _ = try FileLock.acquire(path, timeout: .zero) }
            lock.unlock()
            let again = try FileLock.acquire(path, timeout: .zero)
            again.unlock()
        }
    }
}
