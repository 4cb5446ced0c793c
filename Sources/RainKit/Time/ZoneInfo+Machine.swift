import Glibc

extension ZoneInfo {
    /// The name of this machine's time zone, as the C library finds it: `TZ` ("Asia/Tokyo",
    /// ":Asia/Tokyo" or a path under the zoneinfo folder), else the zone /etc/localtime links
    /// to, else /etc/timezone; "UTC" when none of them names one. (FoundationEssentials says
    /// "GMT" for every machine: its `TimeZone.current` needs ICU.)
    public static func machineIdentifier(environment: [String: String], folder: String = systemFolder) -> String {
        if let variable = environment["TZ"] {
            let name = variable.hasPrefix(":") ? String(variable.dropFirst()) : variable
            return withoutCopyFolder(identifier(fromPath: name, folder: folder) ?? (isSafeName(name) ? name : "UTC"))
        }
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/etc/localtime", &target, target.count - 1)
        if length > 0, let name = identifier(fromPath: String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self), folder: folder) {
            return withoutCopyFolder(name)
        }
        if let bytes = try? RegularFile.read("/etc/timezone", limit: .timeZone) {
            let name = String(decoding: bytes, as: UTF8.self).trimmed
            if isSafeName(name) { return name }
        }
        return "UTC"
    }

    /// "Europe/Berlin" for "posix/Europe/Berlin" or "right/Europe/Berlin": the C library
    /// reads a machine's zone from those copies too, and they are the zone (to a leap second's
    /// count), which `named` takes from no server.
    private static func withoutCopyFolder(_ name: String) -> String {
        guard let prefix = notZonePrefixes.first(where: { name.hasPrefix($0) }) else { return name }
        return String(name.dropFirst(prefix.count))
    }

    /// "Europe/Berlin" for ".../zoneinfo/Europe/Berlin"; nil for a path outside a zoneinfo folder.
    private static func identifier(fromPath path: String, folder: String) -> String? {
        if path.hasPrefix(folder + "/") {
            let name = String(path.dropFirst(folder.count + 1))
            return isSafeName(name) ? name : nil
        }
        if let range = path.firstRange(of: "/zoneinfo/") {
            let name = String(path[range.upperBound...])
            return isSafeName(name) ? name : nil
        }
        return nil
    }
}
