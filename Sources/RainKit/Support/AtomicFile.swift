#if canImport(Glibc)
import Glibc
#endif

/// Why a local file could not be read or written.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public init(path: String, errno code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)))
    }

    public var description: String { "\(path): \(reason)" }
}

/// Whole-file reads and crash-safe replacement.
public enum AtomicFile {
    /// Replaces `path` with `bytes` so that a reader sees the old file or the new one, never a
    /// mix, and a crash leaves one of them on disk: a temporary file in the same folder
    /// (O_EXCL, `mode`), write, fsync, rename over the old one, fsync the folder (unless the
    /// caller does that once for many files: `syncingFolder` false, then `syncFolder(_:)`).
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600,
                             syncingFolder: Bool = true) throws(FileError) {
        let folder = parentFolder(of: path)
        var temporary = ""
        var descriptor: Int32 = -1
        for attempt in 0..<100 {
            temporary = "\(path).tmp-\(getpid())-\(attempt)-\(UInt32.random(in: 0...UInt32.max))"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileError(path: path, errno: errno) }
        var succeeded = false
        defer {
            if descriptor >= 0 { close(descriptor) }
            if !succeeded { unlink(temporary) }
        }
        // open() applies the umask; the file must have exactly `mode` (0600 keeps others out).
        guard fchmod(descriptor, mode) == 0 else { throw FileError(path: path, errno: errno) }
        if let code = FileDescriptor.writeAll(bytes, to: descriptor) { throw FileError(path: path, errno: code) }
        guard fsync(descriptor) == 0 else { throw FileError(path: path, errno: errno) }
        guard close(descriptor) == 0 else {
            descriptor = -1
            throw FileError(path: path, errno: errno)
        }
        descriptor = -1
        guard rename(temporary, path) == 0 else { throw FileError(path: path, errno: errno) }
        succeeded = true
        if syncingFolder { syncFolder(folder) }
    }

    /// The whole file, or nil when it does not exist.
    public static func read(_ path: String) throws(FileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw FileError(path: path, errno: errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EISDIR { throw FileError(path: path, reason: "is a folder, not a file") }
                throw FileError(path: path, errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Creates `path` and its missing parents (mode 0700 for new ones).
    public static func createFolder(_ path: String) throws(FileError) {
        var isFolder = stat()
        if stat(path, &isFolder) == 0 {
            if (isFolder.st_mode & S_IFMT) == S_IFDIR { return }
            throw FileError(path: path, reason: "exists and is not a folder")
        }
        let parent = parentFolder(of: path)
        if parent != path { try createFolder(parent) }
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw FileError(path: path, errno: errno) }
    }

    public static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
