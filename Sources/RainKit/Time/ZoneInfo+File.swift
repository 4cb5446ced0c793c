extension ZoneInfo {
    /// This machine's zone from the TZif file at `path` where no link names a zone: a copy of
    /// one (/etc/localtime on images that copy it, a file `TZ` names) or a file of one's own,
    /// read as glibc reads it (time/tzfile.c): its transitions, then its footer's POSIX rule;
    /// a version 1 file has no footer, its last transition's offset holds on. Of a file past a
    /// zone file's limit (1 MB) the head is read, as glibc reads its data. Named as
    /// the zone file with the same bytes (`ZoneFolderSearch`, `likely` first), else by `path`.
    /// nil for what glibc reads as no zone: a damaged file, and, refused unread, anything but
    /// a regular file (a named pipe, a device, a loop of links).
    static func machineZone(readingFile path: String, folder: String, likely: String? = nil) -> MachineZone? {
        guard let bytes = TZifReader.head(of: path),
              let file = try? TZifReader.read(bytes, identifier: path) else { return nil }
        let name = ZoneFolderSearch.zone(withBytes: bytes, in: folder, likely: likely) ?? path
        let zone = ZoneInfo(identifier: name, transitions: file.transitions, offsets: file.offsets,
                            initialOffset: file.initialOffset, rule: file.rule)
        return MachineZone(name: name, zone: zone, unreadableTZ: nil)
    }
}
