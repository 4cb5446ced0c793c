import Glibc

/// A thread of its own for work that blocks (curl's poll, a spinner's wait, a wait for a file
/// lock), so it never holds one of Swift's cooperative threads or Dispatch's pool. Foundation's
/// `Thread` without Foundation.
public enum DetachedThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
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
