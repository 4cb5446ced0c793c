#if canImport(Glibc)
import Glibc
#endif

/// Creates a configuration file from the example, never replacing an existing one.
public enum ConfigInitializer {
    public static func write(to path: String) throws(FileError) {
        try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
        // O_EXCL: an existing file, or one created by someone else meanwhile, is never touched.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw FileError(path: path, reason: "already exists; rain config init never overwrites it") }
            throw FileError(path: path, errno: errno)
        }
        close(descriptor)
        // Fill it atomically, so no reader ever sees it half written.
        do {
            try AtomicFile.write(Array(ConfigExample.text.utf8), to: path)
        } catch {
            unlink(path)
            throw error
        }
    }
}
