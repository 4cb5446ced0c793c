import Foundation
import RainTestSupport
import Testing
@testable import RainKit

/// Damaged TZif files are read as this machine's glibc (2.36, time/tzfile.c) reads them, by
/// `TZ=/path`, `TZ=:/path` and a name in `TZDIR` alike (hostile trial 16, T1): `date +%z` under
/// the same `TZ` is the reference. glibc refuses a designation past the characters and a
/// version 2 file without a footer (UTC); it takes any version byte but NUL as version 2,
/// transitions in any order, and the types alone where there are no transitions, whatever the
/// footer says; after the last transition a footer it cannot read is UTC; before the first
/// transition it takes the first type that is not daylight time; of a file past 1 MB the head.
@Suite struct DamagedTZifTests {
    /// (offset, is daylight, designation index)
    typealias LocalTimeType = (Int32, UInt8, UInt8)

    static let jst: [LocalTimeType] = [(32400, 0, 0)]

    /// A TZif file: the version 1 block and, for any version byte but NUL, the 64-bit block
    /// and `footer`, each with `times`, `indices`, `types` and `characters`.
    static func tzif(version: UInt8 = UInt8(ascii: "2"), times: [Int64] = [], indices: [UInt8] = [],
                     types: [LocalTimeType] = jst, characters: [UInt8] = Array("JST\0".utf8),
                     footer: [UInt8] = Array("\nJST-9\n".utf8)) -> [UInt8] {
        func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
        func block(timeSize: Int) -> [UInt8] {
            var bytes = Array("TZif".utf8) + [version] + Array(repeating: 0, count: 15)
            for count in [0, 0, 0, times.count, types.count, characters.count] { bytes += bigEndian(Int32(count)) }
            for time in times { bytes += timeSize == 8 ? bigEndian(time) : bigEndian(Int32(truncatingIfNeeded: time)) }
            bytes += indices
            for (offset, isDaylight, designation) in types { bytes += bigEndian(offset) + [isDaylight, designation] }
            return bytes + characters
        }
        return version == 0 ? block(timeSize: 4) : block(timeSize: 4) + block(timeSize: 8) + footer
    }

    static let files: [String: [UInt8]] = [
        "abbreviation_past_characters": tzif(types: [(32400, 0, 250)]),
        "no_footer": tzif(footer: []),
        "one_byte_footer": tzif(footer: Array("\n".utf8)),
        "garbage_footer": tzif(footer: Array("\n@@@@\n".utf8)),
        "footer_with_nul": tzif(footer: Array("\nJST\0-9\n".utf8)),
        "footer_disagrees": tzif(footer: Array("\nEST5\n".utf8)),
        "version_X": tzif(version: UInt8(ascii: "X")),
        "unordered_times": tzif(times: [2_000_000_000, 0, 1_000_000_000], indices: [0, 0, 0]),
        // With transitions the footer counts after the last one: unreadable, it is UTC.
        "garbage_footer_after_change": tzif(times: [1_000_000_000], indices: [0], footer: Array("\n@@@@\n".utf8)),
        "footer_without_last_newline": tzif(times: [1_000_000_000], indices: [0], footer: Array("\nJST-9".utf8)),
        "footer_without_first_newline": tzif(times: [1_000_000_000], indices: [0], footer: Array("JST-9\n".utf8)),
        // Daylight time as the first type: before the first change glibc takes standard time.
        "daylight_first": tzif(times: [2_000_000_000], indices: [0], types: [(36000, 1, 0), (32400, 0, 4)],
                               characters: Array("JDT\0JST\0".utf8), footer: Array("\nJST-9\n".utf8)),
    ]

    static let moments: [Int64] = [-1_000_000_000, 0, 999_999_999, 1_000_000_000, 1_787_227_200, 2_000_000_000, 3_000_000_000]

    @Test(.enabled(if: ["/usr/bin/date", "/bin/date"].contains { FileManager.default.isExecutableFile(atPath: $0) }),
          arguments: files.keys.sorted() + ["past_the_limit"])
    func theClockIsGlibcs(_ name: String) async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/" + name
            if let bytes = Self.files[name] {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            } else {
                // A good head in a file past the 1 MB rain reads of one: glibc reads the head.
                try Data(Self.tzif()).write(to: URL(fileURLWithPath: path))
                try #require(truncate(path, 2 << 20) == 0)
            }
            for (tz, environment) in [(path, [String: String]()), (":" + path, [:]), (name, ["TZDIR": folder])] {
                let zone = ZoneInfo.machine(environment: environment.merging(["TZ": tz]) { $1 })
                let glibc = try await GlibcPosixTZTests.dateOffsets(tz: tz, at: Self.moments, environment: environment)
                let rain = Self.moments.map { Int(zone.zone.offset(at: $0)) / 60 * 60 }
                #expect(rain == glibc, "\(tz) \(environment): rain \(rain), glibc \(glibc)")
            }
        }
    }
}
