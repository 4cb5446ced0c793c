#if canImport(Glibc)
import Glibc
#endif
import RainKit
import Synchronization

/// The one owner of rain's signal handling. Its handler is installed once, the first time
/// something changes the terminal (`TerminalState`) or asks for signals, and then stays:
///
/// - A signal someone subscribed to (`subscribe`) is handed to the latest subscriber of it,
///   on a thread of its own: `rain watch` stops on SIGINT and SIGTERM and redraws on SIGWINCH,
///   a picker turns SIGTERM into leaving the screen first.
/// - A signal that ends the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT) that nobody subscribed
///   to ends it as it would have (status 128 + signal), after the terminal is restored.
/// - SIGTSTP stops the process as it would have, the terminal restored first and taken again
///   on `fg`; then SIGCONT reaches the subscribers, which redraw. Where the kernel discards
///   the stop (a shell without job control) the terminal is taken again at once, and the
///   subscribers to SIGCONT get one all the same.
/// - A crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT) restores the terminal, then
///   goes on to what was there before (the Swift runtime's backtrace, or the default action).
///
/// A signal the process was told to ignore when it started (nohup's SIGHUP, SIGINT of a job a
/// script put in the background) stays ignored unless something subscribes to it (`rain watch`
/// asks for SIGINT: it ends watch with status 0 however watch was started). Nothing else in
/// rain installs signal handlers or Dispatch signal sources.
package enum Signals {
    package static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let relayed: [Int32] = ending + [SIGWINCH, SIGCONT]
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    private static let installed = Mutex(false)
    /// The write end of the pipe from the handler to the signals thread (never closed).
    private static let relayEnd = Atomic<Int32>(-1)
    /// Bit n is set while signal n has a subscriber: the handler relays it instead of acting.
    private static let subscribed = Atomic<UInt64>(0)
    /// True from a SIGTSTP's stop until the terminal is taken again after it.
    private static let stopping = Atomic<Bool>(false)
    /// Bit n is set when signal n was ignored when rain started: without a subscriber, it still is.
    private static let ignoredAtStart = Atomic<UInt64>(0)
    private static let subscribers = Mutex(Subscribers())
    /// What each crash signal did before (the runtime's backtracer, or the default).
    nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

    private struct Subscribers {
        var next = 0
        var entries: [(id: Int, signals: Set<Int32>, handler: @Sendable (Int32) -> Void)] = []
    }

    /// A subscription to signals; `cancel()` ends it (safe to call twice). After `cancel()`
    /// returns its handler is not called again.
    package final class Subscription: Sendable {
        private let id: Int

        fileprivate init(id: Int) { self.id = id }

        package func cancel() {
            Signals.subscribers.withLock { subscribers in
                subscribers.entries.removeAll { $0.id == id }
                Signals.updateMask(subscribers)
            }
        }

        deinit { cancel() }
    }

    /// Until the subscription is cancelled, each of `signals` that comes is given to `handler`
    /// (on the signals thread; keep it short) instead of having its usual effect, unless a
    /// later subscription to that signal takes it first.
    package static func subscribe(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) -> Subscription {
        install()
        return subscribers.withLock { subscribers in
            subscribers.next += 1
            subscribers.entries.append((subscribers.next, Set(signals), handler))
            updateMask(subscribers)
            return Subscription(id: subscribers.next)
        }
    }

    /// Whether `signal` was ignored when rain started (nohup's SIGHUP): a subscriber that ends
    /// rain on it leaves it ignored. Known once something subscribed (`install`).
    package static func wasIgnoredAtStart(_ signal: Int32) -> Bool {
        ignoredAtStart.load(ordering: .sequentiallyConsistent) & (1 << UInt64(signal)) != 0
    }

    private static func updateMask(_ subscribers: Subscribers) {
        let mask = subscribers.entries.reduce(UInt64(0)) { mask, entry in
            entry.signals.reduce(mask) { $0 | (1 << UInt64($1)) }
        }
        subscribed.store(mask, ordering: .sequentiallyConsistent)
    }

    /// Installs the handlers and starts the signals thread; does nothing the second time.
    package static func install() {
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            // What the handler reads is made now, not on first use inside it.
            _ = subscribed.load(ordering: .sequentiallyConsistent)
            _ = stopping.load(ordering: .sequentiallyConsistent)
            _ = ignoredAtStart.load(ordering: .sequentiallyConsistent)
            TerminalState.prepare()
            // A flood of signals must never block the handler: bytes beyond the pipe's room are dropped.
            guard let (readEnd, writeEnd) = makePipe(nonBlockingWrites: true) else { return }
            relayEnd.store(writeEnd, ordering: .sequentiallyConsistent)
            DetachedThread.start { relay(from: readEnd) }

            for signal in relayed + [SIGTSTP] {
                var old = sigaction()
                sigaction(signal, nil, &old)
                if isIgnored(old) { ignoredAtStart.bitwiseOr(1 << UInt64(signal), ordering: .sequentiallyConsistent) }
                var action = handlerAction()
                sigaction(signal, &action, nil)
            }
            for signal in crashes {
                var action = sigaction()
                action.__sigaction_handler.sa_sigaction = { signal, information, _ in Signals.handleCrash(signal, information) }
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_SIGINFO | SA_ONSTACK
                sigaction(signal, &action, previousActions + Int(signal))
            }
        }
    }

    /// A pipe whose ends are closed on exec; the write end (or both) not blocking.
    static func makePipe(nonBlockingWrites: Bool = false, nonBlockingReads: Bool = false) -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for (end, nonBlocking) in [(ends[0], nonBlockingReads), (ends[1], nonBlockingWrites)] {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            if nonBlocking { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        return (ends[0], ends[1])
    }

    private static func handlerAction() -> sigaction {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in Signals.handle(signal) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        return action
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        action.sa_flags & SA_SIGINFO == 0
            && unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Hands `signal` to the signals thread. Async-signal-safe.
    private static func relay(_ signal: Int32) {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(relayEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
    }

    /// The handler of every relayed signal and SIGTSTP. Async-signal-safe.
    private static func handle(_ signal: Int32) {
        let savedErrno = errno
        defer { errno = savedErrno }
        // A SIGCONT that ends the stop below is relayed by the stop's end, once the terminal is
        // taken again: a redraw before that would be wiped by the screen's clearing.
        if signal == SIGCONT && stopping.load(ordering: .sequentiallyConsistent) { return }
        if subscribed.load(ordering: .sequentiallyConsistent) & (1 << UInt64(signal)) != 0 {
            relay(signal)
            return
        }
        if ignoredAtStart.load(ordering: .sequentiallyConsistent) & (1 << UInt64(signal)) != 0 { return }
        switch signal {
        case SIGINT, SIGTERM, SIGHUP, SIGQUIT:
            TerminalState.restore()
            actAsDefault(signal)
        case SIGTSTP:
            stopping.store(true, ordering: .sequentiallyConsistent)
            TerminalState.restore()
            // Stops here until SIGCONT; or returns at once where the kernel discards the stop
            // (an orphaned process group: a shell without job control, `ssh -t host rain watch`,
            // `tmux new 'rain watch'`), where no SIGCONT will come.
            actAsDefault(signal)
            var action = handlerAction()
            sigaction(SIGTSTP, &action, nil)
            TerminalState.retake()
            stopping.store(false, ordering: .sequentiallyConsistent)
            // Either way the screen was given back and taken again (cleared): its owner draws
            // it anew, as after SIGCONT.
            if subscribed.load(ordering: .sequentiallyConsistent) & (1 << UInt64(SIGCONT)) != 0 { relay(SIGCONT) }
        default:
            break
        }
    }

    /// A crash: the terminal back first, then what would have happened without this handler
    /// (a fault returns to the faulting instruction, which now meets the previous handler; a
    /// signal sent by kill or abort is sent again, and ends the process as its default action
    /// does even when the previous handler, the runtime's backtrace, returns). Async-signal-safe.
    private static func handleCrash(_ signal: Int32, _ information: UnsafeMutablePointer<siginfo_t>?) {
        TerminalState.restore()
        sigaction(signal, previousActions + Int(signal), nil)
        if (information?.pointee.si_code ?? 0) <= 0 {
            unblockAndRaise(signal)
            // Still here: the previous handler returned (the runtime's does for a signal that
            // was sent); end as the default action would.
            actAsDefault(signal)
        }
    }

    /// Gives `signal` its default action now, from this thread. Async-signal-safe.
    private static func actAsDefault(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        unblockAndRaise(signal)
    }

    /// Sends `signal` to this thread with it unblocked. Async-signal-safe.
    private static func unblockAndRaise(_ signal: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
    }

    /// The signals thread: hands each relayed signal to its latest subscriber. One that lost its
    /// subscriber on the way has its usual effect after all (an ending signal is never lost).
    private static func relay(from readEnd: Int32) {
        var everything = sigset_t()
        sigfillset(&everything)
        pthread_sigmask(SIG_BLOCK, &everything, nil)
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            for byte in buffer[..<count] {
                let signal = Int32(byte)
                let handled = subscribers.withLock { subscribers -> Bool in
                    guard let entry = subscribers.entries.last(where: { $0.signals.contains(signal) }) else { return false }
                    entry.handler(signal)
                    return true
                }
                let ignored = ignoredAtStart.load(ordering: .sequentiallyConsistent) & (1 << UInt64(signal)) != 0
                if !handled && !ignored && ending.contains(signal) { terminate(with: signal) }
            }
        }
    }

    /// Ends the process the way `signal` would have ended it (the shell sees the same status as
    /// for any program it interrupts), after giving the terminal back.
    package static func terminate(with signal: Int32) -> Never {
        TerminalState.restore()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        // To this thread first, so it ends before kill() returns; to the process, in case the
        // thread cannot take it.
        raise(signal)
        kill(getpid(), signal)
        exit(128 + signal)
    }

    /// Ctrl-Z read as a key (raw input): stops rain's whole process group as Ctrl-Z in cooked
    /// mode would, the terminal restored first; returns after `fg`.
    package static func stopProcessGroup() {
        install()
        var tstp = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &tstp, nil)
        kill(0, SIGTSTP)
    }
}
