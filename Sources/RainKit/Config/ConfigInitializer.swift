#if canImport(Glibc)
import Glibc
#endif

/// Why `rain config init` wrote nothing.
public enum ConfigInitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file is there already: never overwritten.
    case exists(path: String)
    case file(FileError)
}

extension ConfigInitError: RainError {
    public var kind: ErrorKind { .localFile }

    public var text: LocalizedText {
        switch self {
        case .exists(let path): return LocalizedText(N_("{path} already exists; rain config init never overwrites it"), ["path": .verbatim(path)])
        case .file(let error): return error.text
        }
    }

    public var hintText: LocalizedText? {
        guard case .exists(let path) = self else { return nil }
        let command = "mv \(ConfigError.shellWord(path)) \(ConfigError.shellWord(path + ".old"))"
        return LocalizedText(N_("to start anew, move it away first: {command}"), ["command": .verbatim(command)])
    }
}

/// Creates a configuration file from the example, never replacing an existing one.
public enum ConfigInitializer {
    /// Writes the example to `path`; through a symbolic link (a dotfile manager's, even one
    /// whose target does not exist yet) to the file it names, as every save does.
    public static func write(to path: String) throws(ConfigInitError) {
        do {
            let target = try AtomicFile.target(of: path, for: .write)
            try AtomicFile.createFolder(AtomicFile.parentFolder(of: target))
            // O_EXCL: an existing file, or one created by someone else meanwhile, is never touched.
            let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                let code = errno
                var existing = stat()
                if code == EEXIST, stat(target, &existing) == 0, let kind = RegularFile.notRegular(existing.st_mode) {
                    throw ConfigInitError.file(FileError.notRegular(path, kind))
                }
                if code == EEXIST { throw ConfigInitError.exists(path: path) }
                throw ConfigInitError.file(FileError(path: path, errno: code, action: .write))
            }
            close(descriptor)
            // Fill it atomically, so no reader ever sees it half written.
            do {
                try AtomicFile.write(Array(ConfigExample.text.utf8), to: target)
            } catch {
                unlink(target)
                throw ConfigInitError.file(error)
            }
        } catch let error as ConfigInitError {
            throw error
        } catch let error as FileError {
            throw .file(error)
        } catch {
            throw .file(FileError(path: path, reason: "\(error)"))
        }
    }
}
