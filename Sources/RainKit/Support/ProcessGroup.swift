import Glibc

/// Who is left in a process group, read from /proc: `kill(-group, 0)` cannot tell, since it
/// succeeds while a member that ended waits to be reaped, and an orphan's zombie may wait for
/// good where the machine's first process reaps nothing (a container's).
enum ProcessGroup {
    /// Whether a process of `group` other than `excluded` still runs (a zombie does not).
    static func runs(_ group: pid_t, besides excluded: pid_t?) -> Bool {
        !running(among: [group], besides: excluded.map { [$0] } ?? []).isEmpty
    }

    /// Those of `groups` in which a process other than `excluded` still runs: one pass over /proc.
    static func running(among groups: Set<pid_t>, besides excluded: Set<pid_t>) -> Set<pid_t> {
        guard !groups.isEmpty else { return [] }
        guard let folder = opendir("/proc") else { return groups.filter { kill(-$0, 0) == 0 } }
        defer { closedir(folder) }
        var found: Set<pid_t> = []
        while found.count < groups.count, let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), !excluded.contains(pid), let (state, processGroup) = status(of: pid) else { continue }
            if groups.contains(processGroup) && state != UInt8(ascii: "Z") && state != UInt8(ascii: "X") { found.insert(processGroup) }
        }
        return found
    }

    /// Stops `groups`, whose leaders were reaped: SIGTERM to each, SIGKILL a second later to
    /// what of them still runs, and a second more at most for that to end (a killed process
    /// ends when it is next scheduled; one stuck in the kernel may never end).
    static func stop(_ groups: Set<pid_t>, besides excluded: Set<pid_t>) {
        for signal in [SIGTERM, SIGKILL] {
            var left = running(among: groups, besides: excluded)
            for group in left { kill(-group, signal) }
            for _ in 0..<100 where !left.isEmpty {
                usleep(10_000)
                left = running(among: left, besides: excluded)
            }
            if left.isEmpty { return }
        }
    }

    /// The state letter and process group of `pid` from /proc/PID/stat ("PID (name) S PPID
    /// PGRP ..."; the name may hold spaces and parentheses, so the fields are read after its
    /// last ')'); nil when it is gone.
    private static func status(of pid: pid_t) -> (state: UInt8, group: pid_t)? {
        let file = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(file, &buffer, buffer.count)
        guard count > 0, let nameEnd = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(nameEnd + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 2, let state = fields[0].first, let group = pid_t(String(decoding: fields[2], as: UTF8.self)) else { return nil }
        return (state, group)
    }
}
