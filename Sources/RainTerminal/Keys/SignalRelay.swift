#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Turns signals into bytes on a pipe (the self-pipe trick), so the key loop sees a signal as
/// one more readable descriptor instead of being interrupted in the middle of a redraw. While
/// installed, SIGINT, SIGTERM, SIGHUP and SIGQUIT no longer end the process: the loop restores
/// the terminal first and then ends it with the same signal (`terminate(with:)`).
package final class SignalRelay {
    static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let watched: [Int32] = ending + [SIGWINCH, SIGCONT]

    /// The pipe's write end, for the handler; -1 when no relay is installed. A signal handler
    /// cannot capture anything, and signal dispositions belong to the whole process anyway.
    private static let writeEnd = Atomic<Int32>(-1)

    /// Readable when a signal came; each byte is a signal number.
    let readEnd: Int32
    private let ownWriteEnd: Int32
    private var previous: [(Int32, sigaction)] = []

    init() throws(TerminalError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .system("cannot create a pipe", errno)
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        ownWriteEnd = ends[1]
        Self.writeEnd.store(ownWriteEnd, ordering: .sequentiallyConsistent)
        for signal in Self.watched {
            var old = sigaction()
            sigaction(signal, nil, &old)
            // An ending signal the process was told to ignore (nohup) stays ignored.
            if Self.ending.contains(signal) && Self.isIgnored(old) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: signal)
                _ = write(SignalRelay.writeEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
            previous.append((signal, old))
        }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        action.sa_flags & SA_SIGINFO == 0
            && unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The signals that came since the last call, oldest first.
    func drain() -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 32)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            signals += buffer[..<count].map { Int32($0) }
        }
        return signals
    }

    /// Puts the process's previous signal handling back.
    func uninstall() {
        for (signal, var old) in previous { sigaction(signal, &old, nil) }
        previous = []
        Self.writeEnd.store(-1, ordering: .sequentiallyConsistent)
    }

    deinit {
        uninstall()
        close(readEnd)
        close(ownWriteEnd)
    }

    /// Ends the process the way `signal` would have ended it, so the shell sees the same
    /// status as for any program interrupted by it. Call with the terminal restored.
    package static func terminate(with signal: Int32) -> Never {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        raise(signal)
        exit(128 + signal)
    }
}
