/// Reads a TZif file (RFC 8536): version 1 with 32-bit times, or versions 2 to 4 with 64-bit
/// times and a footer that holds a POSIX TZ rule for the times after the last transition.
enum TZifReader {
    struct Malformed: Error {}

    static func read(_ bytes: [UInt8], identifier: String) throws(Malformed) -> ZoneInfo {
        let file = try contents(bytes)
        // Without transitions glibc never reads the footer (`__tzfile_compute`): the file's
        // standard type holds throughout, whatever the footer says.
        return ZoneInfo(identifier: identifier, transitions: file.transitions, offsets: file.typeIndices.map { file.types[$0].offset },
                        initialOffset: file.initialOffset, rule: file.transitions.isEmpty ? nil : file.rule)
    }

    /// At most a zone file's limit of the file at `path`: the head glibc reads of a larger
    /// one (its header says how much of it is data; glibc reads the rest as the footer,
    /// which this cuts there). nil for no regular file (a named pipe, a device, a folder).
    static func head(of path: String) -> [UInt8]? {
        RegularFile.prefix(of: path, limit: .timeZone)
    }

    /// What a TZif file holds, each change with the kind of local time it starts.
    struct Contents {
        struct LocalTimeType {
            var offset: Int32
            var isDaylight: Bool
            /// The file's indicators of how its rules gave a change: in standard time, in UT.
            var isStandard: Bool
            var isUT: Bool
        }

        /// Moments of the changes (seconds since 1970, UTC), ascending in any file but a damaged one.
        var transitions: [Int64]
        /// The type each change starts.
        var typeIndices: [Int]
        var types: [LocalTimeType]
        /// The footer's rule, for the times after the last change.
        var rule: PosixTimeZoneRule?

        /// The offset before the first change, and throughout without changes: glibc's
        /// (`__tzfile_compute`), the first type that is not daylight time, else the first.
        var initialOffset: Int32 {
            (types.first { !$0.isDaylight } ?? types[0]).offset
        }
    }

    /// Read as glibc 2.36 reads it (time/tzfile.c, `__tzfile_read`): any version byte but
    /// NUL has the 64-bit block and a footer; transitions are taken in the file's order.
    static func contents(_ bytes: [UInt8]) throws(Malformed) -> Contents {
        var reader = ByteReader(bytes: bytes)
        let first = try Header(&reader)
        guard first.hasSecondBlock else {
            return try block(&reader, first, timeSize: 4, rule: nil)
        }
        try reader.skip(first.dataSize(timeSize: 4))
        let second = try Header(&reader)
        let start = reader.offset
        try reader.skip(second.dataSize(timeSize: 8))
        let rule = try footer(&reader)
        reader.offset = start
        return try block(&reader, second, timeSize: 8, rule: rule)
    }

    private struct Header {
        /// Versions 2 on; glibc checks only that the byte is not NUL ("X" is read as "2").
        var hasSecondBlock: Bool
        var isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

        init(_ reader: inout ByteReader) throws(Malformed) {
            guard try reader.bytes(4) == Array("TZif".utf8) else { throw Malformed() }
            hasSecondBlock = try reader.byte() != 0
            try reader.skip(15)
            isUTCCount = try reader.count()
            isStandardCount = try reader.count()
            leapCount = try reader.count()
            timeCount = try reader.count()
            typeCount = try reader.count()
            characterCount = try reader.count()
            guard typeCount > 0 else { throw Malformed() }
            // More indicators than types is a damaged file to glibc, in either header.
            guard isStandardCount <= typeCount, isUTCCount <= typeCount else { throw Malformed() }
        }

        func dataSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + characterCount
                + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
        }
    }

    private static func block(_ reader: inout ByteReader, _ header: Header, timeSize: Int,
                              rule: PosixTimeZoneRule?) throws(Malformed) -> Contents {
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            transitions.append(timeSize == 8 ? try reader.int64() : Int64(try reader.int32()))
        }
        var typeIndices: [Int] = []
        for _ in 0..<header.timeCount {
            let index = Int(try reader.byte())
            guard index < header.typeCount else { throw Malformed() }
            typeIndices.append(index)
        }
        var types: [Contents.LocalTimeType] = []
        for _ in 0..<header.typeCount {
            let offset = try reader.int32()
            // glibc refuses a daylight flag past 1 and a designation past the characters.
            let daylight = try reader.byte()
            guard daylight <= 1, Int(try reader.byte()) <= header.characterCount else { throw Malformed() }
            let isDaylight = daylight == 1
            types.append(Contents.LocalTimeType(offset: offset, isDaylight: isDaylight, isStandard: false, isUT: false))
        }
        // Transitions out of order are not refused: glibc searches them as it finds them
        // (`ZoneInfo.offset(at:)`).
        try reader.skip(header.characterCount + header.leapCount * (timeSize + 4))
        for index in 0..<header.isStandardCount { types[index].isStandard = try reader.byte() != 0 }
        for index in 0..<header.isUTCCount { types[index].isUT = try reader.byte() != 0 }
        return Contents(transitions: transitions, typeIndices: typeIndices, types: types, rule: rule)
    }

    /// "\nCET-1CEST,M3.5.0,M10.5.0/3\n": glibc takes the rest of the file as the footer. Fewer
    /// than two bytes make the file damaged; without its first newline there is no footer;
    /// its last byte is dropped unread and the text ends at a NUL. Empty, it is no rule; one
    /// glibc cannot read is UTC after the last transition (`__tzset_parse_tz` keeps nothing).
    /// (A footer naming daylight time without rules, "EST5EDT", sends glibc to `posixrules`,
    /// in place of this file: undefined by glibc's own terms, so the US rules stand here.)
    private static func footer(_ reader: inout ByteReader) throws(Malformed) -> PosixTimeZoneRule? {
        let rest = reader.bytes[reader.offset...]
        guard rest.count >= 2 else { throw Malformed() }
        guard rest.first == UInt8(ascii: "\n") else { return nil }
        let text = rest.dropFirst().dropLast().prefix { $0 != 0 }
        guard !text.isEmpty else { return nil }
        return PosixTimeZoneRule(String(decoding: text, as: UTF8.self)) ?? .unreadable
    }
}

/// Big-endian reads that throw instead of running off the end.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func skip(_ count: Int) throws(TZifReader.Malformed) {
        guard count >= 0, offset + count <= bytes.count else { throw TZifReader.Malformed() }
        offset += count
    }

    mutating func byte() throws(TZifReader.Malformed) -> UInt8 {
        guard offset < bytes.count else { throw TZifReader.Malformed() }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bytes(_ count: Int) throws(TZifReader.Malformed) -> [UInt8] {
        let start = offset
        try skip(count)
        return Array(bytes[start..<offset])
    }

    mutating func int32() throws(TZifReader.Malformed) -> Int32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
        return Int32(bitPattern: value)
    }

    mutating func int64() throws(TZifReader.Malformed) -> Int64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(try byte()) }
        return Int64(bitPattern: value)
    }

    /// A 32-bit count, refused when absurd for a zone file.
    mutating func count() throws(TZifReader.Malformed) -> Int {
        let value = try int32()
        guard (0...100_000).contains(value) else { throw TZifReader.Malformed() }
        return Int(value)
    }
}
