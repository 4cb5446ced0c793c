#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a sidecar file that is never deleted (deleting it would let two
/// processes hold "the" lock on two different files). Released by `unlock()` or when the process ends.
public final class FileLock {
    public enum Failure: Error, Equatable {
        /// Another process held the lock for the whole wait.
        case busy
        case file(FileError)
    }

    private(set) var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { unlock() }

    /// Takes the lock, waiting at most `timeout` (zero: one try). Blocks the calling thread
    /// while it waits: from async code use `acquire(_:waiting:)`.
    public static func acquire(_ path: String, timeout: Duration) throws(Failure) -> FileLock {
        let attempt = try Attempt(path: path, timeout: timeout)
        while true {
            if let lock = try attempt.tryOnce() { return lock }
            let (seconds, attoseconds) = attempt.nextPause().components
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            nanosleep(&request, nil)
        }
    }

    /// Takes the lock, waiting at most `timeout` (zero: one try) without holding a thread:
    /// between tries the task sleeps.
    public static func acquire(_ path: String, waiting timeout: Duration) async throws(Failure) -> FileLock {
        let attempt = try Attempt(path: path, timeout: timeout)
        while true {
            if let lock = try attempt.tryOnce() { return lock }
            try? await Task.sleep(for: attempt.nextPause())
        }
    }

    /// One wait for the lock: the open sidecar file, tried without blocking until the deadline.
    private final class Attempt {
        private var descriptor: Int32
        private let clock = ContinuousClock()
        private let deadline: ContinuousClock.Instant
        private var pause = Duration.milliseconds(5)

        init(path: String, timeout: Duration) throws(Failure) {
            do {
                try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
            } catch {
                throw .file(error)
            }
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .file(FileError(path: path, errno: errno, action: .lock)) }
            deadline = clock.now + timeout
            self.path = path
        }

        private let path: String

        deinit { if descriptor >= 0 { close(descriptor) } }

        /// The lock, or nil to try again after `nextPause()`.
        func tryOnce() throws(Failure) -> FileLock? {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                defer { descriptor = -1 }
                return FileLock(descriptor: descriptor)
            }
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else { throw .file(FileError(path: path, errno: code, action: .lock)) }
            if clock.now >= deadline { throw .busy }
            return nil
        }

        func nextPause() -> Duration {
            defer { pause = min(pause * 2, .milliseconds(100)) }
            return max(.zero, min(pause, deadline - clock.now))
        }
    }

    public func unlock() {
        guard descriptor >= 0 else { return }
        // Unlocked before it is closed: a child another thread is starting holds a copy of the
        // descriptor until its exec closes it, and the lock would last as long.
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
