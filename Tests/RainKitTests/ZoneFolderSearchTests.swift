import Foundation
import RainTestSupport
import Testing
@testable import RainKit

/// How a copied zone file is named (`ZoneFolderSearch`): by the zone file with its bytes,
/// within bounds.
@Suite struct ZoneFolderSearchTests {
    static let tokyo = "/usr/share/zoneinfo/Asia/Tokyo"

    /// The search names a copy by the zone file with its bytes: an area's zone before a
    /// top-level old name that is one file with it, never a link, `posix/` or `right/`, or a
    /// file that is no zone; a file of the copy's size that differs is not it.
    @Test func theSearchNamesTheZoneFileWithTheSameBytes() async throws {
        try await withTemporaryDirectory { folder in
            let tokyo = try #require(FileManager.default.contents(atPath: Self.tokyo))
            let other = Data(tokyo.reversed())
            for (path, bytes) in [("Asia/Tokyo", tokyo), ("Japan", tokyo), ("Asia/Decoy", other), ("posix/Asia/Tokyo", tokyo)] {
                try FileManager.default.createDirectory(atPath: folder + "/" + (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try bytes.write(to: URL(fileURLWithPath: folder + "/" + path))
            }
            #expect(ZoneFolderSearch.zone(withBytes: Array(tokyo), in: folder) == "Asia/Tokyo")
            try FileManager.default.removeItem(atPath: folder + "/Asia/Tokyo")
            #expect(ZoneFolderSearch.zone(withBytes: Array(tokyo), in: folder) == "Japan")
            try FileManager.default.removeItem(atPath: folder + "/Japan")
            try FileManager.default.createSymbolicLink(atPath: folder + "/Japan", withDestinationPath: Self.tokyo)
            try tokyo.write(to: URL(fileURLWithPath: folder + "/posixrules"))
            try tokyo.write(to: URL(fileURLWithPath: folder + "/localtime"))
            #expect(ZoneFolderSearch.zone(withBytes: Array(tokyo), in: folder) == nil)
        }
    }

    /// The search stops at its bounds: a folder of more entries than tzdata's, the copy last.
    @Test func theSearchIsBounded() async throws {
        try await withTemporaryDirectory { folder in
            let tokyo = try #require(FileManager.default.contents(atPath: Self.tokyo))
            try FileManager.default.createDirectory(atPath: folder + "/A", withIntermediateDirectories: true)
            try tokyo.write(to: URL(fileURLWithPath: folder + "/Z"))
            #expect(ZoneFolderSearch.zone(withBytes: Array(tokyo), in: folder) == "Z")
            for index in 0..<ZoneFolderSearch.entryLimit {
                writeFile(folder + "/A/" + String(index), "")
            }
            #expect(ZoneFolderSearch.zone(withBytes: Array(tokyo), in: folder) == nil)
        }
    }

    /// The system's own folder names a copy of Tokyo's file as Tokyo's zone.
    @Test func aCopyOfASystemZoneIsNamedAsIt() throws {
        let tokyo = try #require(FileManager.default.contents(atPath: Self.tokyo))
        #expect(ZoneFolderSearch.zone(withBytes: Array(tokyo), in: ZoneInfo.systemFolder) == "Asia/Tokyo")
    }
}
