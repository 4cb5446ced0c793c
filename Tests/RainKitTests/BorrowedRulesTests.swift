import Foundation
import RainTestSupport
import Testing
@testable import RainKit

/// A POSIX `TZ` that names daylight time without its rules ("AAA-9BBB") takes the changes of
/// the file `posixrules`, in `TZDIR` or the zoneinfo folder, moved to its own offsets, as glibc
/// does (time/tzfile.c, `__tzfile_default`); where that file is missing or has one kind of time
/// only, the US rules. `date +%z` under the same `TZ` and `TZDIR` is the reference: every half
/// hour of the days around 2026's changes of Sydney and New York, and a coarse grid of 1990,
/// 2026 and 2040 (after the file's last change, 2037, glibc reads the file's own footer).
/// Before, rain took the US rules whatever `posixrules` held (hostile trial 15, H1).
@Suite struct BorrowedRulesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let tz: String
        /// What `TZDIR/posixrules` is a copy of; nil: no `TZDIR` (the system's, New York);
        /// "" : a `TZDIR` without that file.
        let posixrules: String?
        var testDescription: String { "TZ=\(tz) posixrules=\(posixrules ?? "system")" }
    }

    static let cases = [
        Case(tz: "AAA-9BBB", posixrules: "Australia/Sydney"), Case(tz: "AAA-9BBB,", posixrules: "Australia/Sydney"),
        Case(tz: "AAA-9:30BBB-12", posixrules: "Australia/Sydney"), Case(tz: "AAA3BBB", posixrules: "Australia/Sydney"),
        Case(tz: "AAA-9BBB+", posixrules: "Australia/Sydney"), Case(tz: "<+0530>-5:30BBB", posixrules: "Europe/London"),
        Case(tz: "AAA3BBB", posixrules: "America/Denver"), Case(tz: "AAA-9BBB", posixrules: "America/Denver"),
        Case(tz: "AAA-9BBB", posixrules: nil), Case(tz: "AAA3BBB", posixrules: nil), Case(tz: "XST5XDT", posixrules: nil),
        Case(tz: "AAA-9BBB", posixrules: "Etc/UTC"), Case(tz: "AAA-9BBB", posixrules: ""),
    ]

    @Test(.enabled(if: ["/usr/bin/date", "/bin/date"].contains { FileManager.default.isExecutableFile(atPath: $0) }),
          arguments: cases)
    func theClockIsGlibcs(_ test: Case) async throws {
        try await withTemporaryDirectory { folder in
            var environment: [String: String] = [:]
            if let posixrules = test.posixrules {
                environment["TZDIR"] = folder
                if !posixrules.isEmpty {
                    try FileManager.default.copyItem(atPath: ZoneInfo.systemFolder + "/" + posixrules, toPath: folder + "/posixrules")
                }
            }
            let zone = ZoneInfo.machine(environment: environment.merging(["TZ": test.tz]) { $1 })
            #expect(zone.name == test.tz && zone.unreadableTZ == nil)
            let moments = Self.moments
            let glibc = try await GlibcPosixTZTests.dateOffsets(tz: test.tz, at: moments, environment: environment)
            var wrong: [String] = []
            for (moment, offset) in zip(moments, glibc) {
                let rain = Int(zone.zone.offset(at: moment)) / 60 * 60
                if rain != offset { wrong.append("\(moment): \(rain) not \(offset)") }
            }
            #expect(wrong.isEmpty, "\(test.testDescription): \(wrong.count) of \(moments.count), first \(wrong.prefix(3))")
        }
    }

    private static var moments: [Int64] {
        var moments: [Int64] = []
        // 2026's changes: New York's March 8 and November 1, Sydney's April 5 and October 4, London's March 29 and October 25.
        for (month, day) in [(3, 7), (3, 8), (3, 28), (3, 29), (4, 4), (4, 5), (10, 3), (10, 4), (10, 24), (10, 25), (10, 31), (11, 1)] {
            let midnight = Int64(CivilDate(year: 2026, month: month, day: day).days) * 86_400
            moments += stride(from: midnight, to: midnight + 86_400, by: 1800)
        }
        for year in [1990, 2026, 2040] {
            for day in stride(from: 0, to: 366, by: 7) {
                let midnight = Int64(CivilDate(year: year, month: 1, day: 1).days + day) * 86_400
                moments += [midnight, midnight + 14 * 3600]
            }
        }
        return moments
    }
}
