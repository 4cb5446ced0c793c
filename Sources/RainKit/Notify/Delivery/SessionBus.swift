import Glibc

/// Where the user's D-Bus session bus is. From cron there is no `DBUS_SESSION_BUS_ADDRESS`,
/// but a systemd login session keeps the bus at `$XDG_RUNTIME_DIR/bus`, which is
/// `/run/user/UID/bus` (cron does not set `XDG_RUNTIME_DIR` either).
public enum SessionBus {
    /// The bus address: the environment's, else the first socket that accepts a connection.
    public static func address(environment: [String: String]) throws(NotifyError) -> String {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        let candidates = socketCandidates(environment: environment)
        guard let socket = candidates.first(where: accepts) else { throw .noSessionBus(tried: candidates) }
        return "unix:path=" + socket
    }

    static func socketCandidates(environment: [String: String]) -> [String] {
        var paths: [String] = []
        if let folder = environment["XDG_RUNTIME_DIR"], folder.hasPrefix("/") { paths.append(folder + "/bus") }
        let fallback = "/run/user/\(getuid())/bus"
        if !paths.contains(fallback) { paths.append(fallback) }
        return paths
    }

    /// Whether a process listens on the Unix socket at `path` (a stale socket file refuses).
    static func accepts(_ path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }
}
