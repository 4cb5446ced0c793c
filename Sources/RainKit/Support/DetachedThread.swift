internal import CThreads
import Glibc

/// A thread of its own for work that blocks (curl's poll, a spinner's wait, a wait for a file
/// lock), so it never holds the thread the command's tasks run on. Foundation's `Thread`
/// without Foundation.
public enum DetachedThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// The signals a thread raises on itself by a fault; every other signal is the main
    /// thread's to take.
    private static let faults = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS]

    /// Runs `body` on a new thread. `besideCaller` keeps that thread off the processor the
    /// caller runs on (when the process may use another), for work that must run alongside the
    /// caller from its first moment: Linux puts a new thread where its creator runs, and the two
    /// then took turns for milliseconds while the other processor idled. It stays so for the
    /// thread's life, so it suits a short job.
    ///
    /// The thread starts with every signal blocked but `faults`, as Dispatch's threads do, so a
    /// signal sent to rain reaches its main thread (`Signals`) and interrupts no wait here.
    package static func start(besideCaller: Bool = false, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if besideCaller { _ = rain_thread_attributes_avoiding_current_cpu(&attributes) }
        // A new thread takes its creator's mask: the caller's is changed around the creation.
        var blocked = sigset_t(), callers = sigset_t()
        sigfillset(&blocked)
        for fault in faults { sigdelset(&blocked, fault) }
        pthread_sigmask(SIG_BLOCK, &blocked, &callers)
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        pthread_sigmask(SIG_SETMASK, &callers, nil)
        // Out of threads: run it here rather than lose it.
        if status != 0 { Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run() }
    }

    /// `body`'s result, worked out on a thread of its own while the calling task waits without
    /// holding a thread (as NIOThreadPool's `runIfActive`): for blocking work called from async
    /// code, such as a change to the saved places, which may wait for another rain's lock.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            start { continuation.resume(with: Result(catching: body)) }
        }
    }
}
