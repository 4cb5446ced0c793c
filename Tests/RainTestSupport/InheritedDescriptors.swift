import Glibc

/// Every child the tests start gets this process's standard descriptors and nothing else. A
/// pipe another test opened meanwhile without close-on-exec would otherwise be held open by the
/// child, and by a tmux server for as long as it runs: a CI run once stalled for good, a test
/// reading msgfmt's output to its end while tmux servers held the pipe's other end.
enum InheritedDescriptors {
    /// Adds the closing of every descriptor from 3 up to `actions`.
    static func closeAllButStandard(in actions: inout posix_spawn_file_actions_t) {
        _ = addCloseFrom?(&actions, 3)
    }

    /// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later), which the Glibc
    /// module does not declare (a GNU extension).
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
}
