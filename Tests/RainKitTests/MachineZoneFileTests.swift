import Foundation
import RainTestSupport
import Testing
@testable import RainKit

/// The machine's zone from a TZif file that no link names (hostile trial 14, N1): a copied
/// /etc/localtime, as some images have, and how its zone is named.
@Suite struct MachineZoneFileTests {
    static let tokyo = "/usr/share/zoneinfo/Asia/Tokyo"
    static let summer = Date(timeIntervalSince1970: 1_787_227_200)  // 2026-08-20T12:00:00Z

    /// Without `TZ`, a copied /etc/localtime is the zone its bytes hold, as glibc reads it:
    /// named by /etc/timezone where that zone's file has those bytes (a name the search would
    /// not give, "Japan" being a link), else as the zone file that has them. It had been the
    /// zone /etc/timezone named, whatever the copy held.
    @Test(arguments: [("Japan\n", "Japan"), ("America/St_Johns\n", "Asia/Tokyo"), (nil, "Asia/Tokyo")] as [(String?, String)])
    func aCopiedLocaltimeIsItsZone(_ timezone: String?, _ expected: String) async throws {
        try await withTemporaryDirectory { folder in
            try FileManager.default.copyItem(atPath: Self.tokyo, toPath: folder + "/localtime")
            if let timezone { writeFile(folder + "/timezone", timezone) }
            let zone = ZoneInfo.machine(environment: [:], localtime: folder + "/localtime", timezoneFile: folder + "/timezone")
            #expect(zone.name == expected)
            #expect(zone.zone.secondsFromGMT(for: Self.summer) == 9 * 3600)
            #expect(zone.unreadableTZ == nil)
        }
    }

    /// A /etc/localtime that is no TZif file glibc can use (damaged, a named pipe) leaves
    /// /etc/timezone's zone, as a missing one does, without waiting on the pipe.
    @Test(arguments: ["damaged", "pipe"])
    func aLocaltimeThatIsNoZoneLeavesEtcTimezone(_ kind: String) async throws {
        try await withTemporaryDirectory { folder in
            if kind == "pipe" {
                try #require(mkfifo(folder + "/localtime", 0o600) == 0)
            } else {
                try Data(try #require(FileManager.default.contents(atPath: Self.tokyo)).prefix(40)).write(to: URL(fileURLWithPath: folder + "/localtime"))
            }
            writeFile(folder + "/timezone", "Europe/Berlin\n")
            let zone = ZoneInfo.machine(environment: [:], localtime: folder + "/localtime", timezoneFile: folder + "/timezone")
            #expect(zone.name == "Europe/Berlin")
        }
    }

    /// A footer that is no POSIX rule is UTC after the last transition, as for glibc, and the
    /// transitions stand before it (`DamagedTZifTests`); every zone file of the system reads.
    @Test func aFooterThatIsNoRuleIsUTCAfterTheLastTransition() async throws {
        let tokyo = try #require(FileManager.default.contents(atPath: Self.tokyo))
        let zone = try TZifReader.read(Array(tokyo.dropLast(6)) + Array("J?T-9\n".utf8), identifier: "x")
        #expect(zone.secondsFromGMT(for: Self.summer) == 0)
        #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: -631_152_000)) == 9 * 3600, "1950")
        var unread: [String] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: ZoneInfo.systemFolder))
        while let name = enumerator.nextObject() as? String {
            guard ZoneInfo.isSafeName(name), !ZoneInfo.isNotAZone(name),
                  let bytes = FileManager.default.contents(atPath: ZoneInfo.systemFolder + "/" + name), bytes.starts(with: Data("TZif".utf8)) else { continue }
            if (try? TZifReader.read(Array(bytes), identifier: name)) == nil { unread.append(name) }
        }
        #expect(unread.isEmpty, "\(unread)")
    }
}
