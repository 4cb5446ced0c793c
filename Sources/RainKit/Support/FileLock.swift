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

    private var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { unlock() }

    /// Takes the lock, waiting at most `timeout` (zero: one try).
    public static func acquire(_ path: String, timeout: Duration) throws(Failure) -> FileLock {
        do {
            try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
        } catch {
            throw .file(error)
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .file(FileError(path: path, errno: errno)) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var pause = Duration.milliseconds(5)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                throw .file(FileError(path: path, errno: code))
            }
            if clock.now >= deadline {
                close(descriptor)
                throw .busy
            }
            let (seconds, attoseconds) = min(pause, deadline - clock.now).components
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            nanosleep(&request, nil)
            pause = min(pause * 2, .milliseconds(100))
        }
        return FileLock(descriptor: descriptor)
    }

    public func unlock() {
        guard descriptor >= 0 else { return }
        close(descriptor)  // closing the only descriptor releases the flock
        descriptor = -1
    }
}
