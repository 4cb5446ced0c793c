/// Whether a cron daemon runs on this machine: a process named as Debian's, cronie's,
/// busybox's or systemd-cron's daemon is.
public enum CronDaemon {
    static let names: Set<String> = ["cron", "crond", "busybox crond", "systemd-cron"]

    public static var isRunning: Bool {
        guard let processes = folderNames("/proc") else { return true }  // cannot tell: no warning
        for name in processes {
            guard !name.isEmpty, name.allSatisfy(\.isNumber),
                  let bytes = try? RegularFile.read("/proc/\(name)/comm", limit: .processName) else { continue }
            if names.contains(String(decoding: bytes, as: UTF8.self).trimmed) { return true }
        }
        return false
    }
}
