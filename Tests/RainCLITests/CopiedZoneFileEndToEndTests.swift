import Foundation
import RainKit
import RainTestSupport
import Testing

/// `TZ` naming a TZif file that is no link (hostile trial 14, N1): a copy of a zone, as some
/// images make /etc/localtime, or a file of one's own, read as glibc reads it. Each case had
/// been "UTC", so notifications went out in quiet hours.
@Suite struct CopiedZoneFileEndToEndTests {
    static let now = Date(timeIntervalSince1970: 1_787_227_200)  // 2026-08-20T12:00:00Z, 21:00 in Tokyo

    /// How `TZ` names the file, always `FOLDER/localtime`.
    enum Naming: String, CaseIterable, Sendable {
        case colonPath = ":FOLDER/localtime", path = "FOLDER/localtime", nameInTZDIR = "localtime"

        func environment(_ folder: String) -> [String: String] {
            let tz = ["TZ": rawValue.replacingOccurrences(of: "FOLDER", with: folder)]
            return self == .nameInTZDIR ? tz.merging(["TZDIR": folder]) { $1 } : tz
        }
    }

    /// What the file holds.
    enum Content: String, CaseIterable, Sendable {
        /// Tokyo's zone file, byte for byte: named as the zone.
        case copy
        /// Tokyo's transitions with another footer, "<+0930>-9:30", which is no zone's file.
        case footerOfItsOwn
        /// Version 1 (RFC 8536 section 3.1), no footer: one offset, +9 h.
        case version1
        /// Only the first 40 bytes of Tokyo's.
        case damaged
        /// Tokyo's, its footer no rule ("J?T-9"): glibc reads Tokyo's transitions, and UTC
        /// after the last (1951), so the clock is UTC now, but the file is a zone.
        case footerThatIsNoRule
        /// Tokyo's with no footer at all, not even its newlines: damaged to glibc (hostile trial 16, T1).
        case noFooter
        /// Tokyo's with "X" for its version: glibc reads any version but NUL as 2 (hostile trial 16, T1).
        case versionX
        /// A named pipe with no writer: glibc's fopen would wait for one.
        case namedPipe

        /// How `config show` and `notify` name the zone: nil, the file's path.
        var zoneName: String? {
            switch self {
            case .copy: "Asia/Tokyo"
            case .footerOfItsOwn, .version1, .footerThatIsNoRule, .versionX: nil
            case .damaged, .noFooter, .namedPipe: "UTC"
            }
        }

        var isZone: Bool { ![.damaged, .noFooter, .namedPipe].contains(self) }
        /// A zone whose clock is UTC now.
        var isUTCNow: Bool { !isZone || self == .footerThatIsNoRule }

        func write(to path: String) throws {
            let tokyo = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Asia/Tokyo"))
            let footer = Data("JST-9\n".utf8)
            try #require(tokyo.suffix(footer.count) == footer, "Tokyo's footer is JST-9")
            let bytes: Data
            switch self {
            case .copy: bytes = tokyo
            case .footerOfItsOwn: bytes = tokyo.dropLast(footer.count) + Data("<+0930>-9:30\n".utf8)
            case .version1:
                var file = Data("TZif".utf8) + Data(count: 16)
                for count: UInt32 in [0, 0, 0, 0, 1, 4] { file += withUnsafeBytes(of: count.bigEndian) { Data($0) } }
                bytes = file + withUnsafeBytes(of: UInt32(9 * 3600).bigEndian) { Data($0) } + Data([0, 0]) + Data("JST\0".utf8)
            case .damaged: bytes = tokyo.prefix(40)
            case .footerThatIsNoRule: bytes = tokyo.dropLast(footer.count) + Data("J?T-9\n".utf8)
            case .noFooter: bytes = tokyo.dropLast(footer.count + 1)
            case .versionX:
                var file = tokyo
                let second = try #require(file.dropFirst(4).range(of: Data("TZif".utf8))).lowerBound
                for version in [4, second + 4] { file[version] = UInt8(ascii: "X") }
                bytes = file
            case .namedPipe:
                try #require(mkfifo(path, 0o600) == 0)
                return
            }
            try bytes.write(to: URL(fileURLWithPath: path))
        }
    }

    /// `config show` names the zone the file is, or its path where it is no zone's copy; a
    /// file glibc reads as no zone is UTC, said on a line of its own.
    @Test(arguments: Naming.allCases, Content.allCases)
    func configShowNamesTheZoneOfTheFile(_ naming: Naming, _ content: Content) async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"notify": {"quiet_hours": "22:00-07:00"}}"#)
            try FileManager.default.createDirectory(atPath: home + "/zones", withIntermediateDirectories: true)
            try content.write(to: home + "/zones/localtime")
            let environment = naming.environment(home + "/zones")
            let shown = try await BuiltProduct.run("rain", ["config", "show"], environment: environment.merging(["RAIN_HOME": home]) { $1 })
            let zone = content.zoneName ?? home + "/zones/localtime"
            #expect(shown.output.contains("22:00-07:00 (this machine's time zone, \(zone))"), "\(shown)")
            let warning = "rain: warning: TZ '\(environment["TZ"]!)' names no time zone: the clock is UTC\n"
            #expect(shown.status == 0 && shown.error == (content.isZone ? "" : warning), "\(shown)")
        }
    }

    /// Quiet hours are the minute glibc's `date` reads under the same `TZ`: held back in each
    /// case, the clock named as `config show` names it. (No named pipe: libfaketime, which sets
    /// rain's clock here, has glibc read `TZ`, and glibc waits on a pipe for a writer.)
    @Test(arguments: Naming.allCases, Content.allCases.filter { $0 != .namedPipe })
    func quietHoursAreOnTheFilesClock(_ naming: Naming, _ content: Content) async throws {
        try await withTemporaryDirectory { home in
            let folder = home + "/zones"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try content.write(to: folder + "/localtime")
            let environment = naming.environment(folder)
            func glibcClock(_ date: Date) async throws -> String {
                try await BuiltProduct.startSystem("/bin/date", ["-d", "@\(Int(date.timeIntervalSince1970))", "+%H:%M"],
                                                   environment: environment)
                    .finish().output.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let quiet = try await glibcClock(Self.now) + "-" + glibcClock(Self.now.addingTimeInterval(60))
            #expect(quiet != "12:00-12:01" || content.isUTCNow, "glibc reads the file as a zone other than UTC")
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5, "notify": {"quiet_hours": "\#(quiet)"}}"#, now: Self.now)
            let dryRun = try await world.rain(["notify", "Berlin", "--dry-run"], environment: environment)
            #expect(dryRun.status == 0 && dryRun.output.contains("held back: Rain in Berlin from about 14:00"), "\(quiet) \(dryRun)")
            let zone = content.zoneName ?? folder + "/localtime"
            #expect(dryRun.output.contains("quiet hours \(quiet) on this machine's clock (\(zone)) end at"), "\(dryRun)")
        }
    }
}
