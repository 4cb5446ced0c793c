#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Thin wrappers over the BSD socket calls the server needs. Descriptors are plain `Int32`s
/// owned by whoever created them.
enum Socket {
    /// The loopback address a configured host names, or nil for anything else.
    enum LoopbackAddress: Equatable {
        case ipv4(UInt32)   // network byte order
        case ipv6

        init?(host: String) {
            if host == "localhost" {
                self = .ipv4(UInt32(0x7F00_0001).bigEndian)
                return
            }
            var v4 = in_addr()
            if inet_pton(AF_INET, host, &v4) == 1 {
                guard UInt32(bigEndian: v4.s_addr) >> 24 == 127 else { return nil }
                self = .ipv4(v4.s_addr)
                return
            }
            var v6 = in6_addr()
            let candidate = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            if inet_pton(AF_INET6, candidate, &v6) == 1 {
                var loopback = in6_addr()
                _ = inet_pton(AF_INET6, "::1", &loopback)
                let same = withUnsafeBytes(of: &v6) { a in withUnsafeBytes(of: &loopback) { b in a.elementsEqual(b) } }
                guard same else { return nil }
                self = .ipv6
                return
            }
            return nil
        }

        /// The host as a URL names it: `127.0.0.1` (for localhost too) or `[::1]`.
        var urlHost: String {
            switch self {
            case .ipv6:
                return "[::1]"
            case .ipv4(let networkOrder):
                let value = UInt32(bigEndian: networkOrder)
                return [24, 16, 8, 0].map { String((value >> $0) & 0xFF) }.joined(separator: ".")
            }
        }
    }

    /// Opens a listening TCP socket; returns the descriptor and the bound port. The socket is
    /// always bound to its port by number: for "any free port" a first socket is given one and
    /// holds it while the listening one binds it, then is closed. Linux keeps a port bound by
    /// number through `shutdown()` of its listener (one the kernel chose is let go), which is
    /// how a stopped server keeps its port (`Listener.shutdown(keepingPort:)`).
    static func listen(on address: LoopbackAddress, host: String, port: UInt16) throws(SimulatorError) -> (Int32, UInt16) {
        var chosen = port
        var holder: Int32 = -1
        defer { if holder >= 0 { close(holder) } }
        if port == 0 {
            holder = try bound(to: address, host: host, port: 0)
            chosen = localPort(of: holder)
        }
        let descriptor = try bound(to: address, host: host, port: chosen)
        guard Glibc.listen(descriptor, 128) == 0 else {
            let error = failure(host: host, port: port)
            close(descriptor)
            throw error
        }
        return (descriptor, localPort(of: descriptor))
    }

    /// A TCP socket bound to `port` (0: any free one), address reuse on.
    private static func bound(to address: LoopbackAddress, host: String, port: UInt16) throws(SimulatorError) -> Int32 {
        let family = address == .ipv6 ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure(host: host, port: port) }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        switch address {
        case .ipv4(let raw):
            var address4 = sockaddr_in()
            address4.sin_family = sa_family_t(AF_INET)
            address4.sin_port = port.bigEndian
            address4.sin_addr = in_addr(s_addr: raw)
            bound = withUnsafePointer(to: &address4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ipv6:
            _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address6 = sockaddr_in6()
            address6.sin6_family = sa_family_t(AF_INET6)
            address6.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, "::1", &address6.sin6_addr)
            bound = withUnsafePointer(to: &address6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard bound == 0 else {
            let error = failure(host: host, port: port)
            close(descriptor)
            throw error
        }
        return descriptor
    }

    static func localPort(of descriptor: Int32) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return 0 }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer -> UInt16 in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }

    private static func failure(host: String, port: UInt16) -> SimulatorError {
        let code = errno
        return .bindFailed(host: host, port: port, errno: code, message: String(cString: strerror(code)))
    }

    /// Waits until one of `descriptors` is readable (or hung up); returns their indices.
    /// `timeout` in milliseconds, -1 = forever. Retries on EINTR.
    static func waitReadable(_ descriptors: [Int32], timeout: Int32) -> [Int] {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let result = poll(&fds, nfds_t(fds.count), timeout)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return [] }
            return fds.indices.filter { fds[$0].revents != 0 }
        }
    }

    /// Reads what is there (blocking); nil on end of stream or error.
    static func receive(_ descriptor: Int32, maximum: Int = 16 * 1024) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.removeSubrange(count...)
            return buffer
        }
    }

    /// Writes all of `bytes`; false when the peer is gone or the socket was shut down.
    static func sendAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.isEmpty ? true : bytes.withUnsafeBytes { sendAll(descriptor, $0) }
    }
}
