import Glibc

/// The process's environment variables, read straight from `environ`: each split at its first
/// "=" as bytes. (FoundationEssentials' `ProcessInfo.environment` walks every value by
/// Characters, which was a measurable part of rain's start.) A name given twice keeps its
/// first value, as `getenv` does.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let definition = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(definition).assumingMemoryBound(to: UInt8.self), count: strlen(definition))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }
}
