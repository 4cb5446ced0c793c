import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The running part of a `LoopbackServer`: the listening socket, a thread that accepts, and one
/// thread per connection. `shutdown()` returns when none of them runs.
final class Listener: Sendable {
    private struct Connections {
        var stopping = false
        var descriptors: Set<Int32> = []
        var accepted = 0
        var requestsInFlight = 0
        var mostRequestsInFlight = 0
    }

    let port: UInt16
    let name: String
    let handler: any RequestHandler
    private let listenDescriptor: Int32
    /// Readable once the server stops: everything that waits polls it too.
    let wakeDescriptor: Int32
    /// Written once on shutdown.
    private let wakeWrite: Int32
    private let connections = Mutex(Connections())
    private let threads = DispatchGroup()

    init(address: Socket.LoopbackAddress, host: String, port: UInt16, name: String,
         handler: any RequestHandler) throws(SimulatorError) {
        let (descriptor, boundPort) = try Socket.listen(on: address, host: host, port: port)
        var pipeDescriptors: [Int32] = [-1, -1]
        guard pipe(&pipeDescriptors) == 0 else {
            let code = errno
            close(descriptor)
            throw .bindFailed(host: host, port: port, errno: code, message: String(cString: strerror(code)))
        }
        for pipeDescriptor in pipeDescriptors { _ = fcntl(pipeDescriptor, F_SETFD, FD_CLOEXEC) }
        self.listenDescriptor = descriptor
        self.port = boundPort
        self.wakeDescriptor = pipeDescriptors[0]
        self.wakeWrite = pipeDescriptors[1]
        self.name = name
        self.handler = handler
    }

    func run() {
        threads.enter()
        spawn { [self] in
            acceptLoop()
            threads.leave()
        }
    }

    /// Closes every connection and stops listening; returns when no server thread is left.
    /// With `keepingPort`, the listening socket is shut down but not closed and handed back:
    /// still bound (its port was bound by number, `Socket.listen`), it refuses connections and
    /// keeps the port from any other socket until the caller closes it, with no moment between
    /// in which the port is free.
    @discardableResult
    func shutdown(keepingPort: Bool = false) -> Int32? {
        connections.withLock { connections in
            connections.stopping = true
            for descriptor in connections.descriptors { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        threads.wait()
        close(wakeDescriptor)
        close(wakeWrite)
        if keepingPort && Glibc.shutdown(listenDescriptor, Int32(SHUT_RDWR)) == 0 { return listenDescriptor }
        close(listenDescriptor)
        return nil
    }

    private func acceptLoop() {
        while true {
            let ready = Socket.waitReadable([listenDescriptor, wakeDescriptor], timeout: -1)
            if ready.contains(1) || ready.isEmpty { return }
            let descriptor = accept(listenDescriptor, nil, nil)
            guard descriptor >= 0 else {
                if errno == EINTR || errno == ECONNABORTED || errno == EAGAIN { continue }
                if errno == EMFILE || errno == ENFILE {
                    // Out of descriptors: wait a little (or for stop) instead of spinning.
                    if !Socket.waitReadable([wakeDescriptor], timeout: 50).isEmpty { return }
                    continue
                }
                return
            }
            let number = connections.withLock { connections -> Int? in
                guard !connections.stopping else { return nil }
                connections.descriptors.insert(descriptor)
                connections.accepted += 1
                return connections.accepted - 1
            }
            guard let number else {
                close(descriptor)
                return
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            var noDelay: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            threads.enter()
            spawn { [self] in
                Connection(descriptor: descriptor, number: number, listener: self).serve()
                connections.withLock { connections in
                    connections.descriptors.remove(descriptor)
                    close(descriptor)
                }
                threads.leave()
            }
        }
    }

    var connectionsAccepted: Int { connections.withLock { $0.accepted } }
    var mostRequestsAtOnce: Int { connections.withLock { $0.mostRequestsInFlight } }

    /// Counts the requests between being read and being acted out.
    func requestStarted() {
        connections.withLock { connections in
            connections.requestsInFlight += 1
            connections.mostRequestsInFlight = max(connections.mostRequestsInFlight, connections.requestsInFlight)
        }
    }

    func requestFinished() {
        connections.withLock { $0.requestsInFlight -= 1 }
    }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}
