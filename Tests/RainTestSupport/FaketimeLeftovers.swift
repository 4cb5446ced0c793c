import Foundation

/// The `faketime` wrapper makes a semaphore and a shared-memory file named after its process ID
/// (`/dev/shm/sem.faketime_sem_PID`, `faketime_shm_PID`) and removes them when it ends; one
/// killed (a test's time limit stops its process group) leaves them, and a later wrapper given
/// that ID refuses to start ("faketime: sem_open: File exists"). Those of wrappers that no longer
/// run are removed before each start, as rain sweeps a killed writer's temporary files.
enum FaketimeLeftovers {
    static func sweep(in folder: String = "/dev/shm") {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names {
            guard let prefix = ["sem.faketime_sem_", "faketime_shm_"].first(where: name.hasPrefix),
                  let pid = pid_t(name.dropFirst(prefix.count)), pid > 0,
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + name)
        }
    }
}
