import Dispatch
import Glibc
import Synchronization

/// Process groups whose leader rain waited for has exited while a job it left in the
/// background runs on (`CMD &`). Rain goes on meanwhile (the next event's command runs beside
/// them); each group is stopped at its own deadline, or at `stopAll` before rain exits,
/// whichever comes first, and its watchdog (`GroupWatchdog`) takes it down if rain dies first.
/// One thread looks after them while there are any.
public final class LeftoverGroups: Sendable {
    private struct Entry {
        let group: pid_t
        let deadline: ContinuousClock.Instant
        let watchdog: GroupWatchdog
    }

    private struct State {
        var entries: [Entry] = []
        var watching = false
        var stopping = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let watched = DispatchGroup()

    /// How often the watcher looks for groups that ended of themselves (to let their watchdogs go).
    private static let check = Duration.milliseconds(100)

    public init() {}

    /// Looks after `group`, whose leader was reaped, until `deadline`; a group with nobody
    /// left in it is let go at once.
    func keep(_ group: pid_t, until deadline: ContinuousClock.Instant, watchdog: GroupWatchdog) {
        guard ProcessGroup.runs(group, besides: watchdog.pid) else { return watchdog.standDown() }
        let startWatcher = state.withLock { state in
            state.entries.append(Entry(group: group, deadline: deadline, watchdog: watchdog))
            guard !state.watching else { return false }
            state.watching = true
            watched.enter()
            return true
        }
        if startWatcher { DetachedThread.start { self.watch() } }
    }

    /// Passes `signal` on to every group (a signal that ends rain; the watchdogs take what
    /// is left once rain has gone).
    public func pass(_ signal: Int32) {
        state.withLock { state in
            for entry in state.entries { kill(-entry.group, signal) }
        }
    }

    /// Stops every group now and returns once they are gone: before rain exits. It blocks.
    public func stopAll() {
        state.withLock { $0.stopping = true }
        wake.signal()
        watched.wait()
    }

    private func watch() {
        defer { watched.leave() }
        while true {
            let (entries, stopping) = state.withLock { ($0.entries, $0.stopping) }
            let watchdogs = Set(entries.map(\.watchdog.pid))
            let running = ProcessGroup.running(among: Set(entries.map(\.group)), besides: watchdogs)
            let now = ContinuousClock.now
            let ending = Set(entries.filter { stopping || now >= $0.deadline || !running.contains($0.group) }.map(\.group))
            // Taken out before their watchdogs go, so that no signal is passed to a group ID
            // that may be another's by then.
            let ended = state.withLock { state in
                let ended = state.entries.filter { ending.contains($0.group) }
                state.entries.removeAll { ending.contains($0.group) }
                return ended
            }
            ProcessGroup.stop(ending.intersection(running), besides: watchdogs)
            for entry in ended { entry.watchdog.standDown() }
            let next = state.withLock { state -> ContinuousClock.Instant? in
                if state.entries.isEmpty { state.watching = false }
                return state.entries.isEmpty ? nil : state.entries.map(\.deadline).min()
            }
            guard let next else { return }
            let wait = min(Self.check, max(.zero, ContinuousClock.now.duration(to: next)))
            _ = wake.wait(timeout: .now() + .milliseconds(Int((wait / .milliseconds(1)).rounded(.up))))
        }
    }
}
