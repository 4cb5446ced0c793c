/// This machine's time zone as glibc reads it (`ZoneInfo.machine(environment:)`): the clock
/// of quiet hours and of screens that show no place's time.
public struct MachineZone: Sendable, Equatable {
    /// The zone's name as `TZ` or the system gives it: a zone file's ("Asia/Tokyo", "Etc/UTC"),
    /// that of the zone file a copy has the bytes of, the path of a TZif file that is no
    /// zone's copy ("/etc/localtime"), a POSIX rule ("JST-9"), or "UTC".
    public let name: String
    /// The zone in force: a zone file's, a TZif file's, a POSIX rule's, or UTC.
    public let zone: ZoneInfo
    /// A `TZ` that names no zone glibc can read ("Nowhere/Nope"), so the clock is UTC; nil
    /// when there is none.
    public let unreadableTZ: String?
}
