import Glibc

/// A thread of its own for work that blocks (curl's poll, a spinner's wait), so it never holds
/// one of Swift's cooperative threads or Dispatch's pool. Foundation's `Thread` without Foundation.
package enum DetachedThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    package static func start(_ body: @escaping @Sendable () -> Void) {
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
}
