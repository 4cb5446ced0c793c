/// How long a transfer may take.
public struct HTTPTimeouts: Sendable, Equatable {
    /// Name resolution plus TCP and TLS handshakes.
    public var connect: Duration
    /// The whole transfer.
    public var total: Duration

    public init(connect: Duration = .seconds(10), total: Duration = .seconds(30)) {
        self.connect = connect
        self.total = total
    }
}

/// Abort a transfer that moves fewer than `bytesPerSecond` for `duration` (libcurl's
/// LOW_SPEED_LIMIT / LOW_SPEED_TIME; the duration is counted in whole seconds, at least 1).
public struct LowSpeedLimit: Sendable, Equatable {
    public var bytesPerSecond: Int
    public var duration: Duration

    public init(bytesPerSecond: Int = 100, duration: Duration = .seconds(10)) {
        self.bytesPerSecond = bytesPerSecond
        self.duration = duration
    }
}

/// The limits and trust settings every transfer runs with. TLS peer and host verification are
/// always on; only the CA bundle can be chosen.
public struct TransferOptions: Sendable, Equatable {
    public static let defaultBodyLimit = 8 * 1024 * 1024

    public var timeouts: HTTPTimeouts
    public var lowSpeed: LowSpeedLimit
    /// The largest body accepted, in bytes; a larger one aborts the transfer (`.tooLarge`).
    public var bodyLimit: Int
    /// A PEM bundle of CA certificates to trust instead of the system's.
    public var caFile: String?

    public init(timeouts: HTTPTimeouts = HTTPTimeouts(), lowSpeed: LowSpeedLimit = LowSpeedLimit(),
                bodyLimit: Int = TransferOptions.defaultBodyLimit, caFile: String? = nil) {
        self.timeouts = timeouts
        self.lowSpeed = lowSpeed
        self.bodyLimit = bodyLimit
        self.caFile = caFile
    }
}

extension Duration {
    /// Whole milliseconds, rounded up.
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(clamping: max(0, milliseconds))
    }
}
