import Glibc

extension ZoneInfo {
    /// The name of this machine's time zone, as the C library finds it: `TZ` ("Asia/Tokyo",
    /// ":Asia/Tokyo", a path under the zoneinfo folder or a link to a zone file, systemd's
    /// ":/etc/localtime"), else the zone `localtime` (/etc/localtime) links to, else
    /// `timezoneFile` (/etc/timezone); "UTC" when none of them names one. (FoundationEssentials
    /// says "GMT" for every machine: its `TimeZone.current` needs ICU.)
    public static func machineIdentifier(environment: [String: String], folder: String = systemFolder,
                                         localtime: String = "/etc/localtime", timezoneFile: String = "/etc/timezone") -> String {
        if let variable = environment["TZ"] {
            // POSIX leaves a leading ":" to the library; glibc reads what follows as a file.
            let name = variable.hasPrefix(":") ? String(variable.dropFirst()) : variable
            // systemd's ":/etc/localtime" is the machine's zone, whether a link or a copy.
            if name != localtime { return zoneName(name, folder: folder) ?? "UTC" }
        }
        if let name = identifier(linkedFrom: localtime, folder: folder).flatMap({ zoneName($0, folder: folder) }) {
            return name
        }
        if let bytes = try? RegularFile.read(timezoneFile, limit: .timeZone),
           let name = zoneName(String(decoding: bytes, as: UTF8.self).trimmed, folder: folder) {
            return name
        }
        return "UTC"
    }

    /// The zone `name` names: a zone ("Europe/Berlin", or a copy of it, "posix/Europe/Berlin"),
    /// a zone file's path, or the path of a link to one; nil for anything else, the files
    /// beside the zones that are none (`notZones`) included.
    private static func zoneName(_ name: String, folder: String) -> String? {
        guard let found = identifier(fromPath: name, folder: folder)
                ?? (name.hasPrefix("/") ? identifier(linkedFrom: name, folder: folder) : name) else { return nil }
        let zone = withoutCopyFolder(found)
        return isSafeName(zone) && !isNotAZone(zone) ? zone : nil
    }

    /// "Europe/Berlin" for a link (/etc/localtime) to ".../zoneinfo/Europe/Berlin".
    private static func identifier(linkedFrom path: String, folder: String) -> String? {
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &target, target.count - 1)
        guard length > 0 else { return nil }
        return identifier(fromPath: String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self), folder: folder)
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
