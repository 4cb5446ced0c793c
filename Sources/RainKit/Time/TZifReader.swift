/// Reads a TZif file (RFC 8536): version 1 with 32-bit times, or versions 2 to 4 with 64-bit
/// times and a footer that holds a POSIX TZ rule for the times after the last transition.
enum TZifReader {
    struct Malformed: Error {}

    static func read(_ bytes: [UInt8], identifier: String) throws(Malformed) -> ZoneInfo {
        var reader = ByteReader(bytes: bytes)
        let first = try Header(&reader)
        guard first.version >= 2 else {
            return try block(&reader, first, timeSize: 4, identifier: identifier, rule: nil)
        }
        try reader.skip(first.dataSize(timeSize: 4))
        let second = try Header(&reader)
        let start = reader.offset
        try reader.skip(second.dataSize(timeSize: 8))
        let rule = try footer(&reader)
        reader.offset = start
        return try block(&reader, second, timeSize: 8, identifier: identifier, rule: rule)
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

    private static func block(_ reader: inout ByteReader, _ header: Header, timeSize: Int, identifier: String,
                              rule: PosixTimeZoneRule?) throws(Malformed) -> ZoneInfo {
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
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            typeOffsets.append(try reader.int32())
            try reader.skip(2)   // isdst, designation index
        }
        guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else { throw Malformed() }
        return ZoneInfo(identifier: identifier, transitions: transitions, offsets: typeIndices.map { typeOffsets[$0] },
                        initialOffset: typeOffsets[0], rule: rule)
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
