import Glibc

extension ZoneInfo {
    /// This machine's time zone as the C library finds it (glibc's time/tzset.c): `TZ`
    /// ("Asia/Tokyo", ":Asia/Tokyo", a path under the zoneinfo folder or a link to a zone file,
    /// systemd's ":/etc/localtime", a file of the zoneinfo folder that links to a zone or to
    /// /etc/localtime, any other TZif file, a zone's copy included), else `TZ` as a POSIX rule
    /// ("JST-9", "<+0330>-3:30", "CET-1CEST,M3.5.0,M10.5.0/3"; "AAA-9BBB" with the changes of
    /// `posixrules`), else UTC; without `TZ` the
    /// zone `localtime` (/etc/localtime) links to, else the TZif file it is, else
    /// `timezoneFile` (/etc/timezone), else UTC.
    /// (FoundationEssentials says "GMT" for every machine: its `TimeZone.current` needs ICU.)
    public static func machine(environment: [String: String], folder: String = systemFolder,
                               localtime: String = "/etc/localtime", timezoneFile: String = "/etc/timezone") -> MachineZone {
        if let variable = environment["TZ"] {
            // POSIX leaves a leading ":" to the library; glibc reads what follows as a file.
            let text = variable.hasPrefix(":") ? String(variable.dropFirst()) : variable
            switch reading(tz: text, environment: environment, folder: folder, localtime: localtime) {
            case .zone(let name):
                if let zone = named(name, folder: folder) { return MachineZone(name: name, zone: zone, unreadableTZ: nil) }
                fallthrough
            case .nothing:
                // glibc reads the file TZ names whatever it holds: a copy of a zone is a
                // zone; then it reads TZ as a POSIX rule, else as UTC (an empty one on purpose).
                let path = filePath(tz: text, environment: environment, folder: folder)
                if !text.isEmpty, !isUnknownLocalTime(path, folder: folder), let copy = machineZone(readingFile: path, folder: folder) {
                    return copy
                }
                if let rule = PosixTimeZoneRule(text) {
                    let zone = borrowingRules(for: rule, identifier: text, environment: environment, folder: folder)
                        ?? ZoneInfo(identifier: text, transitions: [], offsets: [], initialOffset: rule.standardOffset, rule: rule)
                    return MachineZone(name: text, zone: zone, unreadableTZ: nil)
                }
                return MachineZone(name: "UTC", zone: .utc, unreadableTZ: text.isEmpty ? nil : variable)
            case .machine: break
            }
        }
        return withoutTZ(folder: folder, localtime: localtime, timezoneFile: timezoneFile)
    }

    /// What `TZ` names for the C library: a zone, this machine's `localtime`, or nothing it can read.
    private enum TZReading: Equatable {
        case zone(String)
        case machine
        case nothing
    }

    /// `name`: `TZ` without its leading ":".
    private static func reading(tz name: String, environment: [String: String], folder: String, localtime: String) -> TZReading {
        // systemd's ":/etc/localtime" is the machine's zone, whether a link or a copy.
        guard name != localtime else { return .machine }
        // glibc (time/tzfile.c, `__tzfile_read`) reads a name that is no path as a file
        // of `TZDIR`, else of the zoneinfo folder, following its links: Debian's
        // zoneinfo/localtime links to /etc/localtime, posixrules to New York. `TZDIR`
        // says only where that file is ("Tokyo" in .../zoneinfo/Asia is Asia/Tokyo, no
        // zone at all where it has none): the zone it is, or ends at, is read from the
        // system folder, as every zone rain reads.
        let path = filePath(tz: name, environment: environment, folder: folder)
        let isInOtherFolder = !name.hasPrefix("/") && path != folder + "/" + name
        if isInOtherFolder, access(path, F_OK) != 0 { return .nothing }
        if let zone = zoneName(isInOtherFolder ? path : name, folder: folder) { return .zone(zone) }
        switch linkEnd(from: path, localtime: localtime, folder: folder) {
        case .zone(let zone): return .zone(zone)
        case .machine: return .machine
        case nil: return .nothing
        }
    }

    /// The file glibc opens for `TZ` (without its ":"): a path as it is, a name in `TZDIR`,
    /// else in the zoneinfo folder.
    static func filePath(tz name: String, environment: [String: String], folder: String) -> String {
        let tzdir = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? folder
        return name.hasPrefix("/") ? name : tzdir + "/" + name
    }

    /// tzdata's `Factory` ("local time unknown", which glibc reads as offset 0 named "-00"):
    /// no zone for rain, which says so.
    private static func isUnknownLocalTime(_ path: String, folder: String) -> Bool {
        identifier(fromPath: path, folder: folder).map(withoutCopyFolder) == "Factory"
    }

    /// The zone `localtime` links to; else, a copy (some images copy it), the zone its bytes
    /// hold, as glibc reads it; else the one `timezoneFile` names; else UTC.
    private static func withoutTZ(folder: String, localtime: String, timezoneFile: String) -> MachineZone {
        let utc = MachineZone(name: "UTC", zone: .utc, unreadableTZ: nil)
        if let name = identifier(linkedFrom: localtime, folder: folder).flatMap({ zoneName($0, folder: folder) }) {
            return named(name, folder: folder).map { MachineZone(name: name, zone: $0, unreadableTZ: nil) } ?? utc
        }
        let timezone = (try? RegularFile.read(timezoneFile, limit: .timeZone)).map { String(decoding: $0, as: UTF8.self).trimmed }
        if let copy = machineZone(readingFile: localtime, folder: folder, likely: timezone) { return copy }
        if let name = timezone.flatMap({ zoneName($0, folder: folder) }), let zone = named(name, folder: folder) {
            return MachineZone(name: name, zone: zone, unreadableTZ: nil)
        }
        return utc
    }

    /// The zone `name` names: a zone ("Europe/Berlin", or a copy of it, "posix/Europe/Berlin"),
    /// a zone file's path, or the path of a link to one; nil for anything else, the files
    /// beside the zones that are none (`notZones`) included.
    private static func zoneName(_ name: String, folder: String) -> String? {
        guard let found = identifier(fromPath: name, folder: folder)
                ?? (name.hasPrefix("/") ? identifier(linkedFrom: name, folder: folder) : name) else { return nil }
        return knownZone(found)
    }

    /// The zone `identifier` names, its copy folder dropped ("posix/Asia/Tokyo" is Asia/Tokyo);
    /// nil for an unsafe name or a file beside the zones that is none (`notZones`).
    static func knownZone(_ identifier: String) -> String? {
        let zone = withoutCopyFolder(identifier)
        return isSafeName(zone) && !isNotAZone(zone) ? zone : nil
    }

    /// "Europe/Berlin" for a link (/etc/localtime) to ".../zoneinfo/Europe/Berlin".
    private static func identifier(linkedFrom path: String, folder: String) -> String? {
        linkTarget(of: path).flatMap { identifier(fromPath: $0, folder: folder) }
    }

    /// Where a chain of links ends for the C library: in a zone, or at this machine's
    /// `localtime`, whose zone is found as without `TZ`.
    private enum LinkEnd: Equatable {
        case zone(String)
        case machine
    }

    /// Follows the links from `path` (a few, as the kernel would) to the first that is a zone
    /// file's path or this machine's `localtime`; nil where they end elsewhere, or at no link.
    private static func linkEnd(from path: String, localtime: String, folder: String) -> LinkEnd? {
        var path = path
        for _ in 0..<8 {
            if path == localtime { return .machine }
            guard let target = linkTarget(of: path) else { return nil }
            path = normalized(target.hasPrefix("/") ? target : AtomicFile.parentFolder(of: path) + "/" + target)
            if let zone = identifier(fromPath: path, folder: folder).flatMap(knownZone) { return .zone(zone) }
        }
        return nil
    }

    /// What the link at `path` holds; nil when it is no link.
    private static func linkTarget(of path: String) -> String? {
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &target, target.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` without "." and ".." ("/usr/share/zoneinfo/US/../America/New_York" is
    /// ".../zoneinfo/America/New_York"), as tzdata's relative links are read.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
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
