import Glibc

/// Whether a cron daemon runs on this machine: a process named as Debian's, cronie's,
/// busybox's or systemd-cron's daemon is.
public enum CronDaemon {
    static let names: Set<String> = ["cron", "crond", "busybox crond", "systemd-cron"]

    public static var isRunning: Bool {
        guard let folder = opendir("/proc") else { return true }  // cannot tell: no warning
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.isEmpty, name.allSatisfy(\.isNumber),
                  let bytes = try? RegularFile.read("/proc/\(name)/comm", limit: .processName) else { continue }
            if names.contains(String(decoding: bytes, as: UTF8.self).trimmed) { return true }
        }
        return false
    }
}
