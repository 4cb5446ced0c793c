import Synchronization

/// The state files that only spare requests (quota.json, alert-polls.json) a service could not
/// write: each is said once, however many places or feeds tried to write it.
final class UnwrittenStateFiles: Sendable {
    private let paths = Mutex(Set<String>())

    /// Whether `error`'s file is one not said before (and now is).
    func isNew(_ error: FileError) -> Bool {
        paths.withLock { $0.insert(error.path).inserted }
    }
}

extension ForecastService {
    /// Writes one of the state files that only spare requests; one that cannot be written (a
    /// full disk, a file-size limit) is said once, as a warning: the refresh itself went as its
    /// places say, and the next run may ask again sooner.
    func keeping(_ write: () throws(FileError) -> Void) {
        do {
            try write()
        } catch {
            if unwrittenStateFiles.isNew(error) { warn(error.text) }
        }
    }
}
