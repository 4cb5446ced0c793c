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
        // The path on a line of its own: a real one took the line to 98 columns.
        case .exists(let path): return LocalizedText(N_("the file already exists (config init never overwrites one):")) + .dataLine(path)
        case .file(let error): return error.text
        }
    }

    public var hintText: LocalizedText? {
        guard case .exists(let path) = self else { return nil }
        let command = "mv \(ShellWords.quoted(path)) \(ShellWords.quoted(path + ".old"))"
        return LocalizedText(N_("to start anew, move it away first:")) + .commandLine(command)
    }
}

/// Creates a configuration file from the example, never replacing a configuration: the file
/// appears whole or not at all (written, synced, then linked to its name, which fails when
/// anything has it meanwhile), whatever kills rain or limits its writes. An empty file, which
/// holds no configuration (what an older rain killed mid-init left), is filled; so is one of
/// nothing but whitespace, which every reader takes for empty ("the file is empty").
public enum ConfigInitializer {
    /// Writes the example to `path`; through a symbolic link (a dotfile manager's, even one
    /// whose target does not exist yet) to the file it names, as every save does.
    public static func write(to path: String) throws(ConfigInitError) {
        let target: String
        do {
            target = try AtomicFile.target(of: path, for: .write)
            try AtomicFile.createFolder(AtomicFile.parentFolder(of: target))
        } catch {
            throw .file(error)
        }
        var existing = stat()
        var placement = AtomicFile.Placement.creating
        if stat(target, &existing) == 0 {
            if let kind = RegularFile.notRegular(existing.st_mode) { throw .file(FileError.notRegular(path, kind)) }
            guard existing.st_size == 0 || holdsNothing(target) else { throw .exists(path: path) }
            placement = .replacing
        }
        let text = Array(ConfigExample.text.utf8)
        do {
            try AtomicFile.write(to: target, placement: placement, limit: .configuration) { FileDescriptor.writeAll(text, to: $0) }
        } catch {
            // Made meanwhile by someone else: left as it is.
            if error == FileError(path: target, errno: EEXIST, action: .write) { throw .exists(path: path) }
            throw .file(error)
        }
    }

    /// Whether the file is nothing but whitespace, as the JSON reader sees it.
    private static func holdsNothing(_ path: String) -> Bool {
        guard let bytes = try? RegularFile.read(path, limit: .configuration) else { return false }
        do {
            _ = try JSONScanner.map(bytes)
            return false
        } catch {
            return error.isEmpty
        }
    }
}
