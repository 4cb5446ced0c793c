import Glibc

/// Takes a command's process group down when rain dies, however it dies (SIGKILL included,
/// which rain cannot catch): a shell in that group waits to read from a pipe whose only
/// writing end rain holds (close-on-exec, so nothing rain starts holds it), and when the kernel
/// closes it with rain's other descriptors, kills the group with SIGKILL, itself included: the
/// command and whatever it started that stayed in its group (a child that leaves it, with
/// setsid or setpgid, is not followed). While rain lives, the command's time limit decides:
/// rain stops the watchdog once the group has ended, without a kill of the group.
struct GroupWatchdog: Sendable {
    let pid: pid_t
    private let holder: Int32

    /// Nil when it could not be started (no pipe, or the group is gone): the command then runs
    /// as before, bounded while rain lives.
    init?(guarding group: pid_t) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        // Deaf to the signals rain passes on to the group and stops it with: a job that
        // ignores them (a shell's background job ignores SIGINT) is still killed when rain dies.
        let script = Array("trap '' HUP INT TERM; read -r _; kill -s KILL 0".utf8)
        let standard = ChildProcess.Standard(input: ends[0], output: nil, error: nil)
        switch ChildProcess.spawn("/bin/sh", [Array("-c".utf8), script], environment: ["PATH": "/usr/bin:/bin"], standard: standard,
                                  ownGroup: false, joining: group) {
        case .success(let pid):
            self.pid = pid
            holder = ends[1]
        case .failure:
            close(ends[1])
            return nil
        }
    }

    /// Ends the watchdog (rain lives: no kill of the group by it).
    func standDown() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        close(holder)
    }
}
