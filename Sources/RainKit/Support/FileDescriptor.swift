#if canImport(Glibc)
import Glibc
#endif

/// Writing to a raw file descriptor.
public enum FileDescriptor {
    /// Writes all of `bytes`, going on after short writes and interruptions.
    /// - Returns: nil when everything was written, else the `errno` that stopped it.
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
