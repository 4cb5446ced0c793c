#if canImport(Glibc)
import Glibc
#endif

/// Whether a host answers on a TCP port: the name is resolved (`getaddrinfo`), then each
/// address is tried with a non-blocking connect that waits at most until the deadline.
/// Loopback hosts are probed like any other. Name resolution itself has no timeout of its own.
enum ReachabilityProbe {
    static func probe(host: String, port: Int, timeout: Duration) -> Bool {
        guard !host.isEmpty, (1...65535).contains(port) else { return false }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let list else { return false }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let address = entry?.pointee {
            entry = address.ai_next
            guard let socketAddress = address.ai_addr else { continue }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            if connect(family: address.ai_family, address: socketAddress, length: address.ai_addrlen,
                       within: remaining) {
                return true
            }
        }
        return false
    }

    private static func connect(family: Int32, address: UnsafeMutablePointer<sockaddr>,
                                length: socklen_t, within timeout: Duration) -> Bool {
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                                | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if Glibc.connect(descriptor, address, length) == 0 { return true }
        guard errno == EINPROGRESS || errno == EINTR else { return false }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let remaining = deadline - clock.now
            guard remaining > .zero else { return false }
            var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&request, 1, Int32(clamping: remaining.wholeMilliseconds))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            var error: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &size) == 0 else { return false }
            return error == 0
        }
    }
}
