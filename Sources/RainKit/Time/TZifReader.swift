/// Reads a TZif file (RFC 8536): version 1 with 32-bit times, or versions 2 to 4 with 64-bit
/// times and a footer that holds a POSIX TZ rule for the times after the last transition.
enum TZifReader {
    struct Malformed: Error {}

    static func read(_ bytes: [UInt8], identifier: String) throws(Malformed) -> ZoneInfo {
        let file = try contents(bytes)
        return ZoneInfo(identifier: identifier, transitions: file.transitions, offsets: file.typeIndices.map { file.types[$0].offset },
                        initialOffset: file.types[0].offset, rule: file.rule)
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

        /// Moments of the changes (seconds since 1970, UTC), ascending.
        var transitions: [Int64]
        /// The type each change starts.
        var typeIndices: [Int]
        var types: [LocalTimeType]
        /// The footer's rule, for the times after the last change.
        var rule: PosixTimeZoneRule?
    }

    static func contents(_ bytes: [UInt8]) throws(Malformed) -> Contents {
        var reader = ByteReader(bytes: bytes)
        let first = try Header(&reader)
        guard first.version >= 2 else {
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
        var version: Int
        var isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

        init(_ reader: inout ByteReader) throws(Malformed) {
            guard try reader.bytes(4) == Array("TZif".utf8) else { throw Malformed() }
            let raw = try reader.byte()
            version = raw == 0 ? 1 : Int(raw) - Int(UInt8(ascii: "0"))
            guard (1...9).contains(version) else { throw Malformed() }
            try reader.skip(15)
            isUTCCount = try reader.count()
            isStandardCount = try reader.count()
            leapCount = try reader.count()
            timeCount = try reader.count()
            typeCount = try reader.count()
            characterCount = try reader.count()
            guard typeCount > 0 else { throw Malformed() }
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
            let isDaylight = try reader.byte() != 0
            try reader.skip(1)   // designation index
            types.append(Contents.LocalTimeType(offset: offset, isDaylight: isDaylight, isStandard: false, isUT: false))
        }
        guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else { throw Malformed() }
        // More indicators than types is a damaged file to glibc (time/tzfile.c).
        guard header.isStandardCount <= types.count, header.isUTCCount <= types.count else { throw Malformed() }
        try reader.skip(header.characterCount + header.leapCount * (timeSize + 4))
        for index in 0..<header.isStandardCount { types[index].isStandard = try reader.byte() != 0 }
        for index in 0..<header.isUTCCount { types[index].isUT = try reader.byte() != 0 }
        return Contents(transitions: transitions, typeIndices: typeIndices, types: types, rule: rule)
    }

    /// "\nCET-1CEST,M3.5.0,M10.5.0/3\n"; an empty footer means no rule. One that is no rule
    /// makes the file damaged: glibc (time/tzfile.c) keeps UTC after the last transition.
    private static func footer(_ reader: inout ByteReader) throws(Malformed) -> PosixTimeZoneRule? {
        guard reader.offset < reader.bytes.count else { return nil }
        guard try reader.byte() == UInt8(ascii: "\n") else { throw Malformed() }
        var text: [UInt8] = []
        while reader.offset < reader.bytes.count {
            let byte = try reader.byte()
            if byte == UInt8(ascii: "\n") { break }
            text.append(byte)
        }
        guard !text.isEmpty else { return nil }
        guard let rule = PosixTimeZoneRule(String(decoding: text, as: UTF8.self)) else { throw Malformed() }
        return rule
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
