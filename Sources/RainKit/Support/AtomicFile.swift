#if canImport(Glibc)
import Glibc
#endif

/// Why a local file could not be read or written: what rain was doing, the path, and the
/// problem in words the catalogues translate (`problem`): `cannot write {path}: {reason}`, or
/// `{path}: {reason}` when the problem says it all (`a named pipe, not a regular file`).
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var problem: LocalizedText
    public var action: Action?

    /// What failed, as the line names it first (coreutils' "cannot create ...").
    public enum Action: Sendable, Equatable { case read, write, lock, createFolder }

    public init(path: String, problem: LocalizedText, action: Action? = nil) {
        self.path = path
        self.problem = problem
        self.action = action
    }

    /// A reason that is data, shown as it is in every language (what another library said).
    public init(path: String, reason: String) {
        self.init(path: path, problem: .verbatim(reason))
    }

    /// The system's reason, translated where it is a common one (`SystemErrorText`).
    public init(path: String, errno code: Int32, action: Action? = nil) {
        self.init(path: path, problem: SystemErrorText.text(code), action: action)
    }

    /// `kind` (`RegularFile.notRegular`) in the place of a regular file.
    static func notRegular(_ path: String, _ kind: LocalizedText) -> FileError {
        FileError(path: path, problem: LocalizedText(N_("{kind}, not a regular file"), ["kind": kind]))
    }

    /// The problem in English.
    public var reason: String { problem.description }

    /// The whole line, to be put in the user's language.
    public var text: LocalizedText {
        let values: KeyValuePairs<String, LocalizedText> = ["path": .verbatim(path), "reason": problem]
        switch action {
        case nil: return LocalizedText(N_("{path}: {reason}"), values)
        case .read: return LocalizedText(N_("cannot read {path}: {reason}"), values)
        case .write: return LocalizedText(N_("cannot write {path}: {reason}"), values)
        case .lock: return LocalizedText(N_("cannot lock {path}: {reason}"), values)
        case .createFolder: return LocalizedText(N_("cannot create the folder {path}: {reason}"), values)
        }
    }
}

/// Crash-safe replacement of whole files.
public enum AtomicFile {
    /// How much of a replacement survives a power cut.
    public enum Durability: Sendable {
        /// What the user cannot get back (the store, the configuration, what was notified): the
        /// file and its folder are synced, so after a power cut the file is the old one or the
        /// new one.
        case durable
        /// Derived data that is fetched again (the forecast cache): nothing is synced, so after a
        /// power cut the file may be old, empty or missing, but never a mix of two.
        case derived
    }

    /// Replaces `path` with `bytes` so that a reader sees the old file or the new one, never a
    /// mix: a temporary file in the same folder (O_EXCL, `mode`), write, fsync, rename over the
    /// old one, fsync the folder; with `durability` `.derived`, the same without either fsync.
    /// The temporary files of earlier writes of `path` whose writer was killed are deleted first.
    ///
    /// A symbolic link (a dotfile manager's) stays a link: its final target is replaced, but
    /// only when that is a regular file or does not exist yet. A link to a device, a named pipe
    /// or a folder is refused: renaming over `/dev/zero` as root would replace the machine's device.
    ///
    /// `limit` is the most rain reads of this kind of file (`RegularFile.Limit`): a file larger
    /// than that is not written, since rain could not read it back; the old one stays.
    public static func write(_ bytes: [UInt8], to link: String, mode: mode_t = 0o600,
                             durability: Durability = .durable, limit: RegularFile.Limit) throws(FileError) {
        if bytes.count > limit.bytes { throw tooLarge(try target(of: link, for: .write), limit) }
        try write(to: link, mode: mode, durability: durability, limit: limit) { FileDescriptor.writeAll(bytes, to: $0) }
    }

    /// Whether a write replaces the file that is there.
    enum Placement: Sendable {
        case replacing
        /// The new file appears whole where nothing was, or not at all: a file there already
        /// (even one made meanwhile) is left alone and the write fails with EEXIST.
        case creating
    }

    /// `write(_:to:)` of the bytes `produce` writes to the descriptor it is given (returning
    /// the errno of a failed write): a large file need not be in memory whole. What it wrote
    /// is measured before the rename: more than `limit` is not put in the file's place.
    static func write(to link: String, mode: mode_t = 0o600, durability: Durability = .durable, placement: Placement = .replacing,
                      limit: RegularFile.Limit, producing produce: (Int32) -> Int32?) throws(FileError) {
        let path = try target(of: link, for: .write)
        var existing = stat()
        if lstat(path, &existing) == 0, let kind = RegularFile.notRegular(existing.st_mode) {
            throw FileError.notRegular(path, kind)
        }
        let folder = parentFolder(of: path)
        // Every save of a file clears what killed saves of it left (README: "deleted by the
        // next save of that file"), whatever kind of file it is.
        sweepTemporaryFiles(in: folder, of: fileName(of: path))
        var temporary = ""
        var descriptor: Int32 = -1
        for attempt in 0..<100 {
            temporary = "\(path)\(temporaryMarker)\(getpid())-\(attempt)-\(UInt32.random(in: 0...UInt32.max))"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileError(path: path, errno: errno, action: .write) }
        var succeeded = false
        defer {
            if descriptor >= 0 { close(descriptor) }
            if !succeeded { unlink(temporary) }
        }
        // open() applies the umask; the file must have exactly `mode` (0600 keeps others out).
        guard fchmod(descriptor, mode) == 0 else { throw FileError(path: path, errno: errno, action: .write) }
        if let code = produce(descriptor) { throw FileError(path: path, errno: code, action: .write) }
        var written = stat()
        guard fstat(descriptor, &written) == 0 else { throw FileError(path: path, errno: errno, action: .write) }
        if Int(written.st_size) > limit.bytes { throw tooLarge(path, limit) }
        if durability == .durable, fsync(descriptor) != 0 { throw FileError(path: path, errno: errno, action: .write) }
        guard close(descriptor) == 0 else {
            descriptor = -1
            throw FileError(path: path, errno: errno, action: .write)
        }
        descriptor = -1
        switch placement {
        case .replacing:
            guard rename(temporary, path) == 0 else { throw FileError(path: path, errno: errno, action: .write) }
            succeeded = true
        case .creating:
            try place(temporary, at: path)
        }
        if durability == .durable { syncFolder(folder) }
    }

    /// "cannot write PATH: larger than 8 MB, the most rain reads of a cached forecast"
    private static func tooLarge(_ path: String, _ limit: RegularFile.Limit) -> FileError {
        var error = RegularFile.tooLarge(path, limit).error
        error.action = .write
        return error
    }

    /// Gives the whole file `temporary` the name `path` where nothing has it, then drops its
    /// temporary name (the `defer` of `write`). link() refuses an existing name where rename()
    /// would replace it; a file system without hard links gets a rename after a look.
    private static func place(_ temporary: String, at path: String) throws(FileError) {
        if link(temporary, path) == 0 { return }
        let code = errno
        var existing = stat()
        guard code == EPERM || code == EOPNOTSUPP, lstat(path, &existing) != 0, errno == ENOENT else {
            throw FileError(path: path, errno: code, action: .write)
        }
        guard rename(temporary, path) == 0 else { throw FileError(path: path, errno: errno, action: .write) }
    }

    /// The file a path finally names, following symbolic links (relative ones from their own
    /// folder); `path` itself when it is no link. The target need not exist yet.
    static func target(of path: String, for action: FileError.Action = .read) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else {
                if errno == EINVAL || errno == ENOENT { return current }
                throw FileError(path: current, errno: errno, action: action)
            }
            let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : parentFolder(of: current) + "/" + destination
        }
        throw FileError(path: path, errno: ELOOP, action: action)
    }

    /// The marker between a file's name and the rest of its temporary name.
    static let temporaryMarker = ".tmp-"  // the sweep below reads names made with it

    /// Deletes the temporary files in `folder` (of the file named `name`, or of any) whose writer
    /// no longer runs (killed between creating and renaming them); live writers' are left alone.
    public static func sweepTemporaryFiles(in folder: String, of name: String? = nil) {
        for entryName in folderNames(folder) ?? [] {
            if let name, !entryName.hasPrefix(name + temporaryMarker) { continue }
            if isAbandonedTemporaryFile(entryName) { unlink(folder + "/" + entryName) }
        }
    }

    /// Whether `name` is a temporary file's ("<name>.tmp-<pid>-<attempt>-<random>") whose
    /// writer no longer runs.
    static func isAbandonedTemporaryFile(_ name: String) -> Bool {
        let fields = name.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count >= 4, fields[fields.count - 4].hasSuffix(".tmp"), let pid = pid_t(fields[fields.count - 3]), pid > 0,
              UInt(fields[fields.count - 2]) != nil, UInt32(fields[fields.count - 1]) != nil else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Creates `path` and its missing parents (mode 0700 for new ones).
    public static func createFolder(_ path: String) throws(FileError) {
        var isFolder = stat()
        if stat(path, &isFolder) == 0 {
            if (isFolder.st_mode & S_IFMT) == S_IFDIR { return }
            throw FileError(path: path, problem: LocalizedText(N_("exists and is not a folder")))
        }
        let parent = parentFolder(of: path)
        if parent != path { try createFolder(parent) }
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw FileError(path: path, errno: errno, action: .createFolder) }
    }

    /// The last component of `path`: "notified.json" of "/x/state/notified.json".
    static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    public static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
