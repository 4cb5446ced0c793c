import FoundationEssentials

/// A named time zone read from the system's TZif files (RFC 8536, Debian's `tzdata` under
/// `/usr/share/zoneinfo`): the UTC offset in force at any moment, daylight saving time
/// included. Reading the file ourselves keeps ICU, which Foundation needs for
/// `TimeZone(identifier:)` on Linux, out of rain.
public struct ZoneInfo: Sendable, Equatable {
    public static let systemFolder = "/usr/share/zoneinfo"
    public static let utc = ZoneInfo(identifier: "UTC", transitions: [], offsets: [], initialOffset: 0, rule: nil)

    public let identifier: String
    /// Moments (seconds since 1970, UTC) at which the offset changes, ascending but in a damaged file.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) from each transition on.
    let offsets: [Int32]
    /// The offset before the first transition.
    let initialOffset: Int32
    /// The rule after the last transition (the TZif footer), if the file has one.
    let rule: PosixTimeZoneRule?

    /// The zone `identifier` names ("Europe/Berlin", or a copy of it, "posix/Europe/Berlin"),
    /// or nil when there is no such zone file or it cannot be read as one, or it is one of the
    /// files beside the zones that are none (`notZones`).
    public static func named(_ identifier: String, folder: String = systemFolder) -> ZoneInfo? {
        let identifier = withoutCopyFolder(identifier)
        if identifier == "UTC" || identifier == "Etc/UTC" || identifier == "GMT" { return .utc }
        guard isSafeName(identifier), !isNotAZone(identifier), let bytes = TZifReader.head(of: folder + "/" + identifier) else { return nil }
        return try? TZifReader.read(bytes, identifier: identifier)
    }

    /// A zone whose clocks are always `seconds` east of UTC, named by that offset
    /// ("UTC+09:00"), for an answer whose zone's name this machine does not know; nil beyond
    /// the 18 hours any zone is from UTC.
    public static func fixed(secondsEastOfUTC seconds: Int) -> ZoneInfo? {
        guard abs(seconds) <= 18 * 3600 else { return nil }
        guard seconds != 0 else { return .utc }
        let hours = abs(seconds) / 3600, minutes = abs(seconds) % 3600 / 60
        let name = "UTC" + (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
        return ZoneInfo(identifier: name, transitions: [], offsets: [], initialOffset: Int32(seconds), rule: nil)
    }

    /// Seconds east of UTC at `date`.
    public func secondsFromGMT(for date: Date) -> Int {
        Int(offset(at: Int64(date.timeIntervalSince1970.rounded(.down))))
    }

    /// The first moment of the local day `localDays` days after 1970-01-01 (midnight, or the
    /// first moment after a change of the clocks that skips midnight), in seconds since 1970.
    public func startOfDay(localDays: Int) -> Int64 {
        let midnight = Int64(localDays) * 86_400
        // The offset at midnight is not known before the moment is: settle it.
        var moment = midnight - Int64(offset(at: midnight - Int64(offset(at: midnight))))
        moment = midnight - Int64(offset(at: moment))
        if moment + Int64(offset(at: moment)) < midnight {
            // Midnight does not exist that day (the clocks jumped over it): the day starts at the jump.
            // `moment` is still before the jump, so its offset is the one the jump starts from.
            moment = midnight - Int64(offset(at: moment))
        }
        return moment
    }

    /// Days since 1970-01-01 of the local date at `date`.
    public func localDays(at date: Date) -> Int {
        let utc = Int64(date.timeIntervalSince1970.rounded(.down))
        return CivilDate.days(fromSeconds: utc + Int64(offset(at: utc)))
    }

    func offset(at time: Int64) -> Int32 {
        guard let last = transitions.last else { return rule?.offset(at: time) ?? initialOffset }
        // glibc's order (`__tzfile_compute`): before the first change, then after the last.
        guard time >= transitions[0] else { return initialOffset }
        if time >= last, let rule { return rule.offset(at: time) }
        // Changes out of order (a damaged file glibc reads all the same) are searched as if
        // they were in order. glibc's search starts from a guess and may step outside its
        // table on them: undefined, so which change is found here may not be glibc's.
        // The last change at or before `time`: the first, at least, as the search looks at it.
        return offsets[transitions.partitioningIndex { $0 > time } - 1]
    }

    /// TZif files of the zoneinfo folder that name no place's zone (tzfile(5), Debian's
    /// `tzdata`): this machine's own zone (`localtime`), the rules a POSIX `TZ` string borrows
    /// (`posixrules`), "local time unknown" (`Factory`). A server naming one has named no zone:
    /// its answer's offset is used, as for a zone this machine does not know.
    static let notZones: Set<String> = ["localtime", "posixrules", "Factory"]
    /// The folders of the zones' copies (`right/` counting leap seconds), which are the zones.
    static let copyFolders = ["posix/", "right/"]

    static func isNotAZone(_ identifier: String) -> Bool {
        notZones.contains(identifier) || copyFolders.contains { identifier.hasPrefix($0) }
    }

    /// "Europe/Berlin" for "posix/Europe/Berlin" or "right/Europe/Berlin": the C library reads
    /// a zone from those copies too, and they are the zone (to a leap second's count, which
    /// Unix time leaves out), whoever names one, a server or this machine.
    static func withoutCopyFolder(_ name: String) -> String {
        guard let prefix = copyFolders.first(where: { name.hasPrefix($0) }) else { return name }
        return String(name.dropFirst(prefix.count))
    }

    /// Letters, digits, "_", "-", "+" and "/" between names: never "..", never absolute.
    static func isSafeName(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.count < 256, !identifier.hasPrefix("/") else { return false }
        for part in identifier.split(separator: "/", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part != ".", part != ".." else { return false }
            guard part.utf8.allSatisfy({ byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            }) else { return false }
        }
        return true
    }
}
