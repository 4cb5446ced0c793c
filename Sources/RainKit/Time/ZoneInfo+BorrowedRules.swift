extension ZoneInfo {
    /// The zone glibc makes of a POSIX `TZ` that names daylight time but gives no rules for it
    /// ("AAA-9BBB"; time/tzset.c, `__tzset_parse_tz`, and time/tzfile.c, `__tzfile_default`):
    /// the changes of the TZif file `posixrules` (in `TZDIR`, else in the zoneinfo folder;
    /// Debian's links to America/New_York), each moved by the difference between the file's
    /// offsets and those `TZ` gives, and starting `TZ`'s standard or daylight time as the file's
    /// change starts its own. After the file's last change glibc reads the file's footer, its
    /// offsets included (this machine's glibc shows "AAA-9BBB" as EST in 2040). nil where
    /// the file cannot be read or has one kind of time only: glibc then takes the US rules.
    static func borrowingRules(for rule: PosixTimeZoneRule, identifier: String, environment: [String: String],
                               folder: String) -> ZoneInfo? {
        guard rule.borrowsRules, let daylight = rule.daylight,
              let bytes = TZifReader.head(of: filePath(tz: "posixrules", environment: environment, folder: folder)),
              let file = try? TZifReader.contents(bytes), file.types.count >= 2 else { return nil }
        let fileStandard = standardOffset(of: file)
        var transitions: [Int64] = [], offsets: [Int32] = []
        var wasDaylight = false
        for (time, index) in zip(file.transitions, file.typeIndices) {
            let type = file.types[index]
            // A change given in UT stays; one given in standard time moves by the difference of
            // the standard offsets. One given in the wall clock's daylight time moves by `TZ`'s
            // daylight offset whole (tzfile.c subtracts the file's, which this machine's glibc,
            // 2.36, takes as 0): "XST5XDT" with New York's rules leaves daylight time at 02:00
            // UTC, four hours before New York, and `date` shows it so.
            let shift = type.isUT ? 0 : wasDaylight && !type.isStandard ? daylight.offset : rule.standardOffset - fileStandard
            transitions.append(time + Int64(shift))
            offsets.append(type.isDaylight ? daylight.offset : rule.standardOffset)
            wasDaylight = type.isDaylight
        }
        // Without changes glibc never reads the footer: standard time throughout.
        return ZoneInfo(identifier: identifier, transitions: transitions, offsets: offsets,
                        initialOffset: rule.standardOffset, rule: transitions.isEmpty ? nil : file.rule)
    }

    /// The file's standard offset as glibc takes it (`__tzfile_read`): of the last change into
    /// standard time; without changes, the first type's.
    private static func standardOffset(of file: TZifReader.Contents) -> Int32 {
        guard !file.typeIndices.isEmpty else { return file.types[0].offset }
        return file.typeIndices.last { !file.types[$0].isDaylight }.map { file.types[$0].offset } ?? 0
    }
}
