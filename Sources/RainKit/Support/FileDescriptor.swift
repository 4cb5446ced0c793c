#if canImport(Glibc)
import Glibc
#endif

/// Writing to a raw file descriptor.
public enum FileDescriptor {
    /// Writes all of `bytes`, going on after short writes and interruptions.
    /// - Returns: nil when everything was written, else the `errno` that stopped it.
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
