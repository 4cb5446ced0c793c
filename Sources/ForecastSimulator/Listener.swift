import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One run of the server, from `start()` to `stop()`: the listening socket, a thread that
/// accepts, and one thread per connection. `shutdown()` returns when none of them runs.
final class Listener: Sendable {
    private struct Connections {
        var stopping = false
        var descriptors: Set<Int32> = []
    }

    let port: UInt16
    private let listenDescriptor: Int32
    /// Written once on shutdown; everything that waits also polls its read end.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let connections = Mutex(Connections())
    private let threads = DispatchGroup()
    private let state: SimulatorState

    init(address: Socket.LoopbackAddress, host: String, port: UInt16, state: SimulatorState) throws(SimulatorError) {
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
        self.wakeRead = pipeDescriptors[0]
        self.wakeWrite = pipeDescriptors[1]
        self.state = state
    }

    func run() {
        threads.enter()
        Self.spawn { [self] in
            acceptLoop()
            threads.leave()
        }
    }

    /// Closes the listener and every connection; returns when no server thread is left.
    func shutdown() {
        connections.withLock { connections in
            connections.stopping = true
            for descriptor in connections.descriptors { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        threads.wait()
        close(listenDescriptor)
        close(wakeRead)
        close(wakeWrite)
    }

    private func acceptLoop() {
        while true {
            let ready = Socket.waitReadable([listenDescriptor, wakeRead], timeout: -1)
            if ready.contains(1) || ready.isEmpty { return }
            let descriptor = accept(listenDescriptor, nil, nil)
            guard descriptor >= 0 else {
                if errno == EINTR || errno == ECONNABORTED || errno == EAGAIN { continue }
                if errno == EMFILE || errno == ENFILE {
                    // Out of descriptors: wait a little (or for stop) instead of spinning.
                    if !Socket.waitReadable([wakeRead], timeout: 50).isEmpty { return }
                    continue
                }
                return
            }
            let admitted = connections.withLock { connections -> Bool in
                guard !connections.stopping else { return false }
                connections.descriptors.insert(descriptor)
                return true
            }
            guard admitted else {
                close(descriptor)
                return
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            var noDelay: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            threads.enter()
            Self.spawn { [self] in
                var connection = Connection(descriptor: descriptor, wakeDescriptor: wakeRead, state: state)
                connection.serve()
                connections.withLock { connections in
                    connections.descriptors.remove(descriptor)
                    close(descriptor)
                }
                threads.leave()
            }
        }
    }

    private static func spawn(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = "forecast-simulator"
        thread.start()
    }
}
