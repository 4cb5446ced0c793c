import Foundation

/// Process IDs no process can have: the kernel gives out IDs below `/proc/sys/kernel/pid_max`
/// (at most 4,194,304). A test that needs a writer that has ended names one of these: the ID of
/// a process run to its end can go to a new process at once on a busy machine.
public func unusedProcessIDs(_ count: Int = 1) -> [pid_t] {
    let text = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)) ?? ""
    let limit = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 4_194_304
    return (0..<count).map { limit + pid_t($0) }
}
