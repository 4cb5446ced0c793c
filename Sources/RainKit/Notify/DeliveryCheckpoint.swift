import FoundationEssentials
import Synchronization

/// What a `rain notify` run has delivered, and its saves to the log file: at most once a
/// second while the run goes on (`savedAtMostEvery`; a save rewrites and syncs the whole log,
/// and a save after each of 30,000 events wrote 39 GB), at the end, and at once when rain must
/// stop (`saveNow`, from any thread: a signal that ends rain). The run records and saves on
/// its task; a save that falls due while a delivery waits for its program is made then
/// (`NotifyService`), so that a rain killed even by SIGKILL during a slow command sends again
/// at most the events of its last second.
public final class DeliveryCheckpoint: Sendable {
    private struct State {
        var file = ""
        var log = NotifiedLog()
        /// What the file holds, when it holds `log`'s past (nil: not known to).
        var saved: NotifiedLog?
        var lastSave = ContinuousClock.now
        var started = false
    }

    private let state = Mutex(State())

    static let savedAtMostEvery = Duration.seconds(1)

    public init() {}

    /// Begins the run with `log` for `file`, whose contents are `saved` (nil: not yet).
    func start(_ log: NotifiedLog, file: String, saved: NotifiedLog?) {
        state.withLock { state in
            state = State(file: file, log: log, saved: saved, lastSave: .now, started: true)
        }
    }

    func record(_ event: NotifyEvent, at now: Date) {
        state.withLock { $0.log.record(event, at: now) }
    }

    /// When a save falls due: a second after the last one; nil while the file holds the log.
    var due: ContinuousClock.Instant? {
        state.withLock { $0.saved == $0.log ? nil : $0.lastSave + Self.savedAtMostEvery }
    }

    /// Saves the log when it changed and the last save is a second old.
    func saveIfDue() throws(FileError) {
        try save(onlyIfDue: true)
    }

    /// Saves the log when it changed.
    func save() throws(FileError) {
        try save(onlyIfDue: false)
    }

    /// Saves what was delivered, now, for a rain that must stop at once; a failure is lost
    /// with the run (its events go out again next time).
    public func saveNow() {
        try? save(onlyIfDue: false)
    }

    private func save(onlyIfDue: Bool) throws(FileError) {
        try state.withLock { state throws(FileError) in
            guard state.started, state.saved != state.log else { return }
            if onlyIfDue && ContinuousClock.now - state.lastSave < Self.savedAtMostEvery { return }
            try state.log.save(to: state.file)
            state.saved = state.log
            state.lastSave = .now
        }
    }
}
