#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials

/// Why the defaults document could not be used.
public enum DefaultsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not a document rain can use. It is left exactly as it is.
    case unreadable(path: String, reason: LocalizedText)
    case file(FileError)
    /// Another rain process held the lock for the whole wait.
    case busy(path: String)

    public var text: LocalizedText {
        switch self {
        // The path and the reason (a parser's, with its place) each on a line of their own.
        case .unreadable(let path, let reason): return LocalizedText(N_("cannot use the file:")) + .dataLine(path) + .verbatim("\n") + reason
        case .file(let error): return error.text
        case .busy(let path): return LocalizedText(N_("{path} is locked by another rain process"), ["path": .verbatim(path)])
        }
    }

    public var hintText: LocalizedText? {
        switch self {
        case .busy: return LocalizedText(N_("try again in a moment"))
        case .unreadable: return LocalizedText(N_("fix or move the file; rain never overwrites a file it cannot read"))
        case .file: return nil
        }
    }

    /// A reason given as English text (what another part said), shown as it is.
    static func unreadable(path: String, reason: String) -> DefaultsFileError {
        .unreadable(path: path, reason: .verbatim(reason))
    }
}

/// The file of a small keyed JSON document in the spirit of NSUserDefaults (`LocationsStore`
/// reads and writes its keys, keeping those rain does not know as they are). Reads see a whole
/// file; every change happens under an exclusive lock on a sidecar file and is written
/// atomically and durably.
public struct DefaultsFile: Sendable {
    public let path: String
    public let lockPath: String
    public var lockTimeout: Duration

    public init(path: String, lockPath: String? = nil, lockTimeout: Duration = .seconds(2)) {
        self.path = path
        self.lockPath = lockPath ?? path + ".lock"
        self.lockTimeout = lockTimeout
    }

    /// The file's bytes as they are on disk now; nil when there is no file yet.
    func read() throws(DefaultsFileError) -> [UInt8]? {
        do {
            return try RegularFile.read(path, limit: .places)
        } catch {
            throw .file(error)
        }
    }

    /// Under the lock, gives `change` the file's bytes (nil when there is no file yet) and
    /// replaces the file atomically with what the writer it returns writes to the descriptor
    /// it is given (returning the errno of a failed write); nil: the file stays as it is.
    func update<Result>(_ change: ([UInt8]?) throws -> (result: Result, save: ((Int32) -> Int32?)?)) throws -> Result {
        // Through a symbolic link the lock goes beside the file it names: two homes linking one
        // store must take the same lock, or each would save over the other's changes.
        let target = (try? AtomicFile.target(of: path)) ?? path
        // A device or a pipe in the file's place gets no lock file made beside it (in /dev).
        var info = stat()
        if stat(target, &info) == 0, let kind = RegularFile.notRegular(info.st_mode) {
            throw DefaultsFileError.file(.notRegular(path, kind))
        }
        let lockFile = target == path ? lockPath : target + ".lock"
        let lock: FileLock
        do {
            lock = try FileLock.acquire(lockFile, timeout: lockTimeout)
        } catch .busy {
            throw DefaultsFileError.busy(path: path)
        } catch .file(let error) {
            throw DefaultsFileError.file(error)
        }
        defer { lock.unlock() }
        let (result, save) = try change(try read())
        if let save {
            do {
                try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
                try AtomicFile.write(to: path, limit: .places, producing: save)
            } catch {
                throw DefaultsFileError.file(error)
            }
        }
        return result
    }
}
