import Foundation
import RainTestSupport
import Testing
@testable import RainKit

/// A POSIX `TZ` is the clock glibc makes of it, where glibc reads only part of it too: this
/// machine's `date +%z` under the same `TZ` is the reference, three times a day on every fifth
/// day of 1969, 1990, 2026 and 2040. glibc (time/tzset.c) keeps a readable standard time and
/// what it read of the rest: a trailing space, no daylight name (0 east in summer), a rule it
/// stops reading (what it read of it kept, the rest January 1, 00:00), a rule's time out of
/// range, minutes or seconds of 60 and more (59), hours past 24 (24), numbers past 16 bits.
/// Each of these had been UTC. A `TZ` without a readable standard time is UTC and says so.
/// (A daylight name without rules, "EST5EDT,", takes glibc to the posixrules file:
/// `BorrowedRulesTests`.)
@Suite struct GlibcPosixTZTests {
    static let unreadable = ["<A1>-9", "JST", "JST+", "Asia/Tokyo-"]
    /// A month past 12: glibc reads past its table of months, so what it shows hangs on the
    /// bytes there. This machine's shows standard time, as rain, from 1970 on; not before.
    static let pastTheMonths = ["JST-9BBB,M99.9.9,M3.2.0"]

    @Test(.enabled(if: ["/usr/bin/date", "/bin/date"].contains { FileManager.default.isExecutableFile(atPath: $0) }),
          arguments: ["JST-9 ", "JST-9,M3.2.0,M11.1.0", "JST-9BBB,M99.9.9,M3.2.0", "JST-9BBB,M3.2.0/99999999999999999999,M11.1.0",
                      "ABC-9:60", "EST5EDT,M3.2.0/2:30:61,M11.1.0", "CET-1CEST,M3.5.0", "CET-1CEST,M3.5.0,M10.5.0/x", "CET-200",
                      "JST-9BBB,J0,M3.2.0", "JST-9BBB,M3.2.0x,M11.1.0", "JST-9BBB,M3.2.0,M11.1.0/",
                      "<+09>-9<+10>,M3.2.0/-2:30,M10.1.0/99", "EST5EDT,M3.2.0,M11.1.0 and more", "EST- 5EDT,M3.2.0,M11.1.0",
                      "EST5EDT,M3.2.0/--2,M11.1.0", "EST5EDT,M3.9.0,M11.1.0", "EST5EDT4:99:99,M3.2.0,M11.1.0",
                      "EST5EDT,M65539.2.0,M11.1.0", "EST5EDT,M3.2.0/,M11.1.0", "AAA3BBB,400,300", "NZST-12NZDT-13:00:60,M9.5.0,M4.1.0/3",
                      "<A1>-9", "JST", "JST+", "Asia/Tokyo-"])
    func theClockIsGlibcs(_ variable: String) async throws {
        let zone = ZoneInfo.machine(environment: ["TZ": variable])
        #expect((zone.unreadableTZ != nil) == Self.unreadable.contains(variable), "\(variable): \(zone.name)")
        var moments: [Int64] = []
        for year in [1969, 1990, 2026, 2040] where year > 1970 || !Self.pastTheMonths.contains(variable) {
            for day in stride(from: 0, to: 366, by: 5) {
                let midnight = Int64(CivilDate(year: year, month: 1, day: 1).days + day) * 86_400
                moments += [midnight, midnight + 3 * 3600 + 1800, midnight + 14 * 3600]
            }
        }
        let glibc = try await Self.dateOffsets(tz: variable, at: moments)
        var wrong: [String] = []
        for (moment, offset) in zip(moments, glibc) {
            // `date +%z` shows hours and minutes; seconds east are cut off.
            let rain = Int(zone.zone.offset(at: moment)) / 60 * 60
            if rain != offset { wrong.append("\(moment): \(rain) not \(offset)") }
        }
        #expect(wrong.isEmpty, "\(variable): \(wrong.count) of \(moments.count), first \(wrong.prefix(3))")
    }

    /// A month of 0 or 13 that glibc stopped reading the rule at (hostile trial 16, T2):
    /// `compute_change` reads its table of months in the next row, which is defined for M13
    /// in a common year and M0 in a leap year, and glibc's answer is kept there. (M0 in a
    /// common year, and M13 a week on in a leap year, read outside the table: undefined.)
    @Test(.enabled(if: ["/usr/bin/date", "/bin/date"].contains { FileManager.default.isExecutableFile(atPath: $0) }),
          arguments: [("EST99:00jst,0,M13.0.6", [1990, 2026, 2027]), ("JST01JST14:30:00,J1,M13.6.0", [1990, 2026, 2027]),
                      ("ABCDEFGHIJK+1jst25,M12.1.0,M13.2.6", [1990, 2026, 2027]), ("ABC-09ABC,0,M13.1.6/24:00:00", [2026, 2027, 2028]),
                      ("<ab-cd>5ABCDEFGHIJK168:00,J1/2,M13.5.7", [1990, 2026, 2027]), (":jst+9:30<ab-cd>,59,M13.2.6/1:2:3", [2026, 2027]),
                      ("XYZW+23XYZW,M0.1.6,J59", [2028, 2040]), ("JST00<+05>,M0.6.7,J59/+3", [2028, 2040]),
                      ("JST-168:075XYZW,M0.5.0/2,J60", [2028, 2040]), ("EST+9<-12>,M0.5.7,M1.6.0/2:60", [2028, 2040])] as [(String, [Int])])
    func monthsOutsideTheYearAreGlibcsWhereDefined(_ variable: String, _ years: [Int]) async throws {
        let zone = ZoneInfo.machine(environment: ["TZ": variable])
        var moments: [Int64] = []
        for year in years {
            for day in stride(from: 0, to: 366, by: 3) {
                let midnight = Int64(CivilDate(year: year, month: 1, day: 1).days + day) * 86_400
                moments += [midnight, midnight + 3 * 3600 + 1800, midnight + 14 * 3600]
            }
        }
        let glibc = try await Self.dateOffsets(tz: variable, at: moments)
        let rain = moments.map { Int(zone.zone.offset(at: $0)) / 60 * 60 }
        let wrong = zip(moments, zip(rain, glibc)).filter { $1.0 != $1.1 }
        #expect(wrong.isEmpty, "\(variable): \(wrong.count) of \(moments.count), first \(wrong.prefix(3))")
    }

    /// `date +%z` at each moment, in seconds east, with `environment` beside `TZ` (`TZDIR`).
    static func dateOffsets(tz: String, at moments: [Int64], environment: [String: String] = [:]) async throws -> [Int] {
        let script = #"for t in "$@"; do date -d "@$t" +%z; done"#
        let glibc = try await BuiltProduct.startSystem("/bin/sh", ["-c", script, "sh"] + moments.map(String.init),
                                                       environment: environment.merging(["TZ": tz, "PATH": "/usr/bin:/bin"]) { $1 }).finish()
        let offsets = glibc.output.split(separator: "\n").map { text -> Int in
            let sign = text.hasPrefix("-") ? -1 : 1, digits = Int(text.dropFirst())!
            return sign * (digits / 100 * 3600 + digits % 100 * 60)
        }
        try #require(offsets.count == moments.count, "\(glibc)")
        return offsets
    }
}
