/// Why the simulator (or another `LoopbackServer`) could not start.
public enum SimulatorError: Error, Equatable, CustomStringConvertible {
    /// The host is not a loopback address (the simulator never listens on a network).
    case nonLoopbackHost(String)
    /// `socket`, `bind` or `listen` failed.
    case bindFailed(host: String, port: UInt16, errno: Int32, message: String)
    /// `start()` was called on a running simulator.
    case alreadyRunning(port: UInt16)

    public var description: String {
        switch self {
        case .nonLoopbackHost(let host):
            return "forecast simulator: refusing to listen on '\(host)': only loopback (127.0.0.1, ::1) is allowed"
        case .bindFailed(let host, let port, _, let message):
            return "forecast simulator: cannot listen on \(host) port \(port): \(message)"
        case .alreadyRunning(let port):
            return "forecast simulator: already running on port \(port)"
        }
    }
}
