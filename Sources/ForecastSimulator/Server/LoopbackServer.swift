import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A small HTTP/1.1 server on a loopback address that asks its handler what to do with each
/// connection and request: answer, drip, cut off, hang or disconnect (in the spirit of
/// async-http-client's `HTTPBin`). It listens from `init` until `stop()` or `deinit`; after
/// `stop()` its port refuses connections and is given to no other server until `deinit`, so
/// a client still asking it (a test of "nothing listens") never reaches another test's server.
///
///     let server = try LoopbackServer(handler: MyHandler())
///     defer { server.stop() }
///     // GET \(server.rootURL)/anything
public final class LoopbackServer<Handler: RequestHandler>: Sendable {
    public let handler: Handler
    private let listener: Listener
    private let address: Socket.LoopbackAddress
    private let stopped = Mutex(false)
    /// After `stop()`: the listening socket, shut down but still bound to the port (-1 before).
    private let reservation = Mutex<Int32>(-1)

    /// Listens on `host` ("127.0.0.1", any 127.x.y.z, "::1" or "localhost"; nothing else) and
    /// `port` (0: any free port). `name` goes in the `Server` field of every answer.
    public init(host: String = "127.0.0.1", port: UInt16 = 0, name: String = "loopback-server",
                handler: Handler) throws(SimulatorError) {
        guard let address = Socket.LoopbackAddress(host: host) else { throw .nonLoopbackHost(host) }
        self.address = address
        self.handler = handler
        listener = try Listener(address: address, host: host, port: port, name: name, handler: handler)
        listener.run()
    }

    deinit {
        stop(reservingPort: false)
        let descriptor = reservation.withLock { $0 }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Closes the listener and every connection (hanging and dripping ones too); returns when no
    /// thread of the server touches a socket any more. Safe to call twice.
    public func stop() {
        stop(reservingPort: true)
    }

    private func stop(reservingPort: Bool) {
        guard !stopped.withLock({ stopped in defer { stopped = true }; return stopped }) else { return }
        if let descriptor = listener.shutdown(keepingPort: reservingPort) {
            reservation.withLock { $0 = descriptor }
        }
    }

    public var port: UInt16 { listener.port }

    /// `http://127.0.0.1:PORT` (`http://[::1]:PORT` for ::1), without a trailing slash.
    public var rootURL: String { "http://\(address.urlHost):\(port)" }

    /// Connections accepted so far.
    public var connectionsAccepted: Int { listener.connectionsAccepted }

    /// The most requests that were between being read and being answered at one time.
    public var mostRequestsAtOnce: Int { listener.mostRequestsAtOnce }
}
