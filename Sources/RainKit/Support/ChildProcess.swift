import Glibc

/// How rain, its tests and `make stress` start a program, with one policy: posix_spawn, the
/// child's standard descriptors as given and every other descriptor closed (a pipe another
/// thread opened meanwhile is never held open by the child), no signal blocked and every
/// signal's action the default, as from a shell (a user's `--exec` command must stop on Ctrl-C
/// and SIGTERM, whatever the spawning thread's mask).
package enum ChildProcess {
    /// Where the child's standard input, output and error come from: a descriptor of this
    /// process (duplicated onto 0, 1 or 2), or nil for /dev/null.
    package struct Standard {
        package var input: Int32?
        package var output: Int32?
        package var error: Int32?

        package init(input: Int32?, output: Int32?, error: Int32?) {
            self.input = input
            self.output = output
            self.error = error
        }
    }

    /// Starts `executable` (a path) with `arguments` (any bytes, as a shell passes them) and
    /// `environment` (nil: this process's); `ownGroup` puts it at the head of a process group of
    /// its own, so that a kill of the group takes what it starts too; `joining`, into that
    /// group instead. The child's ID, or the errno of a spawn that failed.
    package static func spawn(_ executable: String, _ arguments: [[UInt8]], environment: [String: String]?,
                              standard: Standard, ownGroup: Bool, joining group: pid_t? = nil) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in [(Int32(0), standard.input), (1, standard.output), (2, standard.error)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        _ = addCloseFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup || group != nil {
            posix_spawnattr_setpgroup(&attributes, group ?? 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([Array(executable.utf8)] + arguments).map(cString) + [nil]
        let envp = environment.map { $0.map { cString(Array("\($0.key)=\($0.value)".utf8)) } + [nil] }
        defer { for string in argv + (envp ?? []) { free(string) } }
        var child = pid_t()
        let status = envp.map { posix_spawn(&child, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        return status == 0 ? .success(child) : .failure(SpawnFailure(errno: status))
    }

    /// Why a program could not be started.
    package struct SpawnFailure: Error, CustomStringConvertible {
        package var errno: Int32
        package var description: String { String(cString: strerror(errno)) }
    }

    /// The exit status of a wait status, or 128 and the number of the signal that ended it (as
    /// a shell says it).
    package static func exitStatus(_ status: Int32) -> Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F
    }

    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        let pointer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
    }

    /// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later), which the Glibc
    /// module does not declare (a GNU extension).
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
}
