#if canImport(Glibc)
import Glibc
#endif

/// The one way rain reads a file it keeps or is given: opened without blocking, accepted only
/// when it is a regular file (a symbolic link to one is followed) no larger than the limit for
/// its kind, then read whole. A named pipe, a device (`/dev/zero`), a socket or a folder is
/// refused at once instead of hanging rain or filling its memory, and a file that grew past
/// the limit while being read is refused too. The limits are in the README and the manual.
public enum RegularFile {
    /// The most rain reads of one kind of file, with the words that name the kind in errors.
    public struct Limit: Sendable, Equatable {
        public let bytes: Int
        /// "a configuration file", marked for the catalogues.
        public let kind: LocalizedText

        public init(bytes: Int, kind: LocalizedText) {
            self.bytes = bytes
            self.kind = kind
        }

        /// `config.json` (every key and a long comment fit in a few kilobytes).
        public static let configuration = Limit(bytes: 1 << 20, kind: LocalizedText(N_("a configuration file")))
        /// `api_key_file`: a key is a few dozen characters.
        public static let apiKey = Limit(bytes: 4 << 10, kind: LocalizedText(N_("an API key file")))
        /// `defaults.json`, the saved places: about 80,000 places.
        public static let places = Limit(bytes: 16 << 20, kind: LocalizedText(N_("the saved places")))
        /// One cached forecast: the largest answer rain accepts from a server
        /// (`TransferOptions.defaultBodyLimit`) written compactly is far smaller.
        public static let forecast = Limit(bytes: 8 << 20, kind: LocalizedText(N_("a cached forecast")))
        /// A TZif file under /usr/share/zoneinfo, or /etc/timezone.
        public static let timeZone = Limit(bytes: 1 << 20, kind: LocalizedText(N_("a time zone file")))
        /// A process's name in /proc (at most 16 bytes).
        public static let processName = Limit(bytes: 4 << 10, kind: LocalizedText(N_("a process name")))
        /// `ca_file`, which libcurl reads: Debian's whole bundle is about 200 KB.
        public static let certificates = Limit(bytes: 16 << 20, kind: LocalizedText(N_("a CA certificate file")))
        /// A `rain.mo` of rain's own: a few hundred messages are some tens of kilobytes.
        public static let messageCatalogue = Limit(bytes: 4 << 20, kind: LocalizedText(N_("a message catalogue")))
    }

    /// Why the file at `path` could not be read by `read(_:limit:)`, without reading it (for a
    /// file another library reads); nil when it is a regular file within the limit.
    public static func problem(with path: String, limit: Limit) -> LocalizedText? {
        var info = stat()
        guard stat(path, &info) == 0 else { return SystemErrorText.text(errno) }
        if let kind = notRegular(info.st_mode) { return FileError.notRegular(path, kind).problem }
        if Int(info.st_size) > limit.bytes { return tooLarge(path, limit).error.problem }
        return nil
    }

    /// Why a file was not read: the error to show, and whether the file itself is unusable
    /// (not a regular file, or too large) rather than unreadable for a reason that may pass.
    public struct Failure: Error, Sendable {
        public let error: FileError
        public let isUnusableFile: Bool
    }

    /// The whole file, or nil when nothing is there (a dangling link included).
    /// - Throws: `FileError` naming the path: not a regular file, larger than `limit`, or the
    ///   system's reason it cannot be opened or read.
    public static func read(_ path: String, limit: Limit) throws(FileError) -> [UInt8]? {
        do {
            return try readTellingUnusable(path, limit: limit)
        } catch {
            throw error.error
        }
    }

    /// `read(_:limit:)`, telling a file that can never be read as its kind from other failures.
    public static func readTellingUnusable(_ path: String, limit: Limit) throws(Failure) -> [UInt8]? {
        // O_NONBLOCK: opening a named pipe with no writer would wait forever without it. It
        // changes nothing for a regular file, the only kind read past fstat.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            // A socket cannot be opened (ENXIO): what it is says more than that.
            var info = stat()
            if stat(path, &info) == 0, let kind = notRegular(info.st_mode) {
                throw Failure(error: .notRegular(path, kind), isUnusableFile: true)
            }
            // A link that leads round in a circle never names a file, whatever is tried again.
            throw Failure(error: FileError(path: path, errno: code, action: .read), isUnusableFile: code == ELOOP)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(error: FileError(path: path, errno: errno, action: .read), isUnusableFile: false) }
        if let kind = notRegular(info.st_mode) {
            throw Failure(error: .notRegular(path, kind), isUnusableFile: true)
        }
        let size = max(0, Int(info.st_size))
        guard size <= limit.bytes else { throw tooLarge(path, limit) }
        // One read of the size fstat gave, one byte more to see the end; a file that grows
        // meanwhile is read on, up to the limit.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
            initialized = readFully(descriptor, into: buffer, failure: &failure)
        }
        while failure == 0 && bytes.count > size && bytes.count <= limit.bytes {
            var chunk = [UInt8](repeating: 0, count: min(64 << 10, limit.bytes + 1 - bytes.count))
            let count = chunk.withUnsafeMutableBufferPointer { readFully(descriptor, into: $0, failure: &failure) }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        if failure != 0 { throw Failure(error: FileError(path: path, errno: failure, action: .read), isUnusableFile: false) }
        guard bytes.count <= limit.bytes else { throw tooLarge(path, limit) }
        return bytes
    }

    /// At most `limit.bytes` of a regular file, however large it is; nil when it cannot be
    /// read. For a look at a file rain refuses (the key it may hold, to hide it), and for a
    /// TZif file, of which glibc reads the head its header describes whatever follows
    /// (`TZifReader.head(of:)`); any other file rain uses is read whole by `read(_:limit:)`
    /// or refused.
    public static func prefix(of path: String, limit: Limit) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, notRegular(info.st_mode) == nil else { return nil }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: limit.bytes) { buffer, initialized in
            initialized = readFully(descriptor, into: buffer, failure: &failure)
        }
        return failure == 0 ? bytes : nil
    }

    /// "a named pipe" for a mode that is not a regular file's; nil for a regular file.
    static func notRegular(_ mode: mode_t) -> LocalizedText? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return LocalizedText(N_("a folder"))
        case S_IFIFO: return LocalizedText(N_("a named pipe"))
        case S_IFCHR, S_IFBLK: return LocalizedText(N_("a device"))
        case S_IFSOCK: return LocalizedText(N_("a socket"))
        default: return LocalizedText(N_("not a file"))
        }
    }

    /// "larger than 1 MB, the most rain reads of a configuration file"; what a writer says
    /// too (`AtomicFile.write`), which never writes what it could not read back.
    static func tooLarge(_ path: String, _ limit: Limit) -> Failure {
        Failure(error: FileError(path: path, problem: LocalizedText(N_("larger than {size}, the most rain reads of {kind}"),
                                                                  ["size": sizeText(limit.bytes), "kind": limit.kind])),
                isUnusableFile: true)
    }

    /// "16 MB", "4 KB" (binary units, as `ls -h` counts them).
    static func sizeText(_ bytes: Int) -> LocalizedText {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return LocalizedText(N_("{count} MB"), ["count": .verbatim(String(bytes >> 20))]) }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return LocalizedText(N_("{count} KB"), ["count": .verbatim(String(bytes >> 10))]) }
        return LocalizedText(N_("{count} bytes"), ["count": .verbatim(String(bytes))])
    }

    /// Reads until `buffer` is full or the file ends; returns how many bytes came.
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, failure: inout Int32) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }
}
