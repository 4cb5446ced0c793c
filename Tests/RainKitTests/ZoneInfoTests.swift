import Foundation
import RainTestSupport
import Testing
@testable import RainKit

/// Named zones from the system's TZif files agree with ICU's (Foundation's `TimeZone`) at every
/// moment tried, 1970 to 2100, daylight saving time and odd offsets included.
@Suite struct ZoneInfoTests {
    static let zones = ["Europe/Berlin", "America/New_York", "America/St_Johns", "Asia/Kolkata", "Asia/Kathmandu",
                        "Australia/Lord_Howe", "Australia/Sydney", "America/Santiago", "Pacific/Chatham",
                        "Europe/Dublin", "Africa/Casablanca", "Asia/Tokyo", "America/Sao_Paulo", "Pacific/Apia",
                        "Europe/London", "America/Los_Angeles", "UTC", "Etc/GMT+5"]

    @Test(arguments: zones)
    func agreesWithICUEverySixHoursOfManyYears(_ identifier: String) throws {
        let zone = try #require(ZoneInfo.named(identifier), "no zone file for \(identifier)")
        let reference = try #require(TimeZone(identifier: identifier))
        var disagreements: [String] = []
        // Every 6 h 17 min from 1970 to 2100: every transition's neighbourhood is visited over the years.
        var moment: Int64 = 0
        while moment < 4_102_444_800 {
            let date = Date(timeIntervalSince1970: TimeInterval(moment))
            if zone.secondsFromGMT(for: date) != reference.secondsFromGMT(for: date) {
                disagreements.append("\(date): \(zone.secondsFromGMT(for: date)) vs \(reference.secondsFromGMT(for: date))")
            }
            moment += 6 * 3600 + 17 * 60
        }
        #expect(disagreements.count == 0, "first disagreements: \(disagreements.prefix(5))")
    }

    struct Moment: Sendable, CustomTestStringConvertible {
        var zone: String
        var utc: String
        var offset: Int
        var testDescription: String { "\(zone) at \(utc)" }
    }

    /// Both sides of transitions, and dates past 2037, where only the file's footer rule knows.
    @Test(arguments: [
        Moment(zone: "Europe/Berlin", utc: "2026-03-29T00:59:59Z", offset: 3600),
        Moment(zone: "Europe/Berlin", utc: "2026-03-29T01:00:00Z", offset: 7200),
        Moment(zone: "Europe/Berlin", utc: "2026-10-25T00:59:59Z", offset: 7200),
        Moment(zone: "Europe/Berlin", utc: "2026-10-25T01:00:00Z", offset: 3600),
        Moment(zone: "Europe/Berlin", utc: "2091-07-01T12:00:00Z", offset: 7200),
        Moment(zone: "Europe/Berlin", utc: "2091-12-01T12:00:00Z", offset: 3600),
        Moment(zone: "America/New_York", utc: "2095-03-13T06:59:59Z", offset: -18000),
        Moment(zone: "America/New_York", utc: "2095-03-13T07:00:00Z", offset: -14400),
        Moment(zone: "Australia/Sydney", utc: "2090-01-15T00:00:00Z", offset: 39600),
        Moment(zone: "Australia/Lord_Howe", utc: "2090-01-15T00:00:00Z", offset: 39600),
        Moment(zone: "Australia/Lord_Howe", utc: "2090-07-15T00:00:00Z", offset: 37800),
        Moment(zone: "Asia/Kathmandu", utc: "2026-12-02T12:00:00Z", offset: 20700),
        Moment(zone: "America/St_Johns", utc: "2026-12-02T12:00:00Z", offset: -12600),
    ])
    func knowsTheOffsetAt(_ moment: Moment) throws {
        let zone = try #require(ZoneInfo.named(moment.zone))
        let date = try Date(moment.utc, strategy: .iso8601)
        #expect(zone.secondsFromGMT(for: date) == moment.offset)
    }

    @Test(arguments: ["../../etc/passwd", "/etc/localtime", "Europe/../../etc/passwd", "Nowhere/Atlantis", "", "Europe/Berlin\n"])
    func refusesNamesThatAreNotZones(_ identifier: String) {
        #expect(ZoneInfo.named(identifier) == nil)
    }

    @Test func aDamagedZoneFileIsNoZone() async throws {
        try await withTemporaryDirectory { folder in
            let good = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))
            for (name, bytes) in [("Cut/Half", good.prefix(good.count / 2)), ("Cut/Header", good.prefix(30)),
                                  ("Not/TZif", Data("hello, world".utf8))] {
                try FileManager.default.createDirectory(atPath: folder + "/" + name.split(separator: "/")[0],
                                                        withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
                #expect(ZoneInfo.named(name, folder: folder) == nil, "\(name)")
                let clock = LocalClock(timeZoneIdentifier: name, units: .si, zoneFolder: folder)
                #expect(!clock.isKnownZone)
                #expect(clock.offsetLabel(at: Date()) == "UTC")
            }
        }
    }

    @Test(arguments: [
        ("CET-1CEST,M3.5.0,M10.5.0/3", 3600, 7200),
        ("EST5EDT,M3.2.0,M11.1.0", -18000, -14400),
        ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", 37800, 39600),
        ("<-03>3", -10800, nil),
        ("IST-1GMT0,M10.5.0,M3.5.0/1", 3600, 0),
        ("XXX3YYY,J60/2,300", -10800, -7200),
    ] as [(String, Int32, Int32?)])
    func readsPosixRules(_ text: String, standard: Int32, daylight: Int32?) throws {
        let rule = try #require(PosixTimeZoneRule(text))
        #expect(rule.standardOffset == standard)
        #expect(rule.daylight?.offset == daylight)
    }

    /// No standard time glibc can read: UTC (`GlibcPosixTZTests` has what it reads in part).
    @Test(arguments: ["", "C", "CET", "CET+", "<CE>-1", "<CET-1", "Asia/Tokyo"])
    func refusesBrokenPosixRules(_ text: String) {
        #expect(PosixTimeZoneRule(text) == nil)
    }

    @Test(arguments: [
        ("Asia/Tokyo", "Asia/Tokyo"), (":Asia/Tokyo", "Asia/Tokyo"), ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"),
        (":/usr/share/zoneinfo/America/St_Johns", "America/St_Johns"), ("/opt/tz/zoneinfo/Europe/Berlin", "Europe/Berlin"),
        ("../../etc/passwd", "UTC"), ("/etc/passwd", "UTC"), ("", "UTC"), ("UTC", "UTC"),
        // The C library reads the zone's copies too; they are the zone.
        ("posix/Asia/Tokyo", "Asia/Tokyo"), (":/usr/share/zoneinfo/right/Asia/Tokyo", "Asia/Tokyo"),
        (":Europe/Berlin", "Europe/Berlin"),
        // Files beside the zones that are none: read as glibc reads them, following their
        // links (Debian's posixrules links to New York), else none.
        ("posixrules", "America/New_York"), ("posix/Factory", "UTC"), ("Factory", "UTC"),
    ])
    func theMachineZoneComesFromTZFirst(_ variable: String, _ expected: String) {
        #expect(ZoneInfo.machine(environment: ["TZ": variable]).name == expected)
    }

    /// The machine's zone from a POSIX `TZ` rule is glibc's (`date` under the same `TZ`) three
    /// times a day on every fifth day of 1990, 2007, 2026 and 2040: fixed offsets, quoted names,
    /// summer time north and south, Jn and n days, times past 24 h and negative. A `TZ` glibc
    /// reads as no zone is UTC and says so; one that names a zone file is that zone.
    @Test(arguments: ["JST-9", ":JST-9", "<+09>-9", "UTC-9", "<+0330>-3:30", "<-0530>5:30", "CET-1CEST,M3.5.0,M10.5.0/3",
                      "EST5EDT4,M3.2.0/2:00:00,M11.1.0/2:00:00", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "NZST-12NZDT,M9.5.0,M4.1.0/3",
                      "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "IST-2IDT,M3.4.4/26,M10.5.0", "XXX3YYY,J60/1,J300", "AAA-1BBB,59,300/25",
                      "PST8PDT", "Nowhere/Nope", "EST5EDT"])
    func aPosixTZIsTheMachinesZoneAsGlibcReadsIt(_ variable: String) async throws {
        let zone = ZoneInfo.machine(environment: ["TZ": variable])
        #expect(zone.unreadableTZ == (variable == "Nowhere/Nope" ? variable : nil))
        var moments: [Int64] = []
        for year in [1990, 2007, 2026, 2040] {
            for day in stride(from: 0, to: 366, by: 5) {
                let midnight = Int64(CivilDate(year: year, month: 1, day: 1).days + day) * 86_400
                moments += [midnight, midnight + 3 * 3600 + 1800, midnight + 14 * 3600]
            }
        }
        let offsets = try await GlibcPosixTZTests.dateOffsets(tz: variable, at: moments)
        for (moment, offset) in zip(moments, offsets) {
            #expect(Int(zone.zone.offset(at: moment)) == offset, "\(variable) at \(moment)")
        }
    }

    /// TZif files beside the zones that name none (tzfile(5)): no server's zone, whatever the
    /// file holds (`posixrules` is New York's rules, `localtime` this machine's zone).
    @Test(arguments: ["localtime", "posixrules", "Factory", "posix/Factory", "right/Factory"])
    func aFileThatIsNoZoneNamesNone(_ name: String) {
        #expect(FileManager.default.fileExists(atPath: ZoneInfo.systemFolder + "/" + name), "tzdata has \(name)")
        #expect(ZoneInfo.named(name) == nil)
    }

    /// The `posix/` and `right/` copies of a zone are the zone, summer time included, as the C
    /// library reads them; they had been no zone, a server's answer's fixed offset.
    @Test(arguments: ["posix/Europe/Berlin", "right/Europe/Berlin"])
    func aCopyOfAZoneIsTheZone(_ name: String) throws {
        let zone = try #require(ZoneInfo.named(name))
        #expect(zone.identifier == "Europe/Berlin")
        #expect(zone.secondsFromGMT(for: try Date("2026-07-01T12:00:00Z", strategy: .iso8601)) == 7200)
        #expect(zone.secondsFromGMT(for: try Date("2026-12-01T12:00:00Z", strategy: .iso8601)) == 3600)
    }

    /// systemd's `TZ=:/etc/localtime` (a leading ":", then a file) is the machine's zone: the
    /// zone the link names, or, a copy, the zone its bytes hold (as glibc reads it), whatever
    /// /etc/timezone says; it had been "UTC".
    @Test func tzNamingTheLocaltimeFileIsTheMachinesZone() async throws {
        try await withTemporaryDirectory { folder in
            let link = folder + "/localtime", timezone = folder + "/timezone"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
            #expect(ZoneInfo.machine(environment: ["TZ": ":" + link], localtime: link, timezoneFile: timezone).name == "Asia/Tokyo")
            // Another link than the machine's is read as one too.
            #expect(ZoneInfo.machine(environment: ["TZ": ":" + link]).name == "Asia/Tokyo")
            try FileManager.default.removeItem(atPath: link)
            try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: link)
            writeFile(timezone, "America/St_Johns\n")
            #expect(ZoneInfo.machine(environment: ["TZ": ":" + link], localtime: link, timezoneFile: timezone).name
                    == "Asia/Tokyo")
        }
        #expect(ZoneInfo.machine(environment: ["TZ": ":/etc/localtime"]).name == ZoneInfo.machine(environment: [:]).name)
    }

    /// `TZ=localtime` (no colon, no path) is a file of the zoneinfo folder for glibc, or of
    /// `TZDIR`; Debian's links to /etc/localtime, the machine's zone (`TZ=localtime date` says
    /// it). Here a `TZDIR` of links as Debian's: localtime to a stand-in for /etc/localtime,
    /// which links to Tokyo's zone, and a link whose relative target goes up and down. It had
    /// been "UTC".
    @Test func tzNamingAFileOfTheZoneFolderFollowsItsLinks() async throws {
        try await withTemporaryDirectory { folder in
            let etc = folder + "/etc-localtime", zones = folder + "/zones"
            try FileManager.default.createDirectory(atPath: zones + "/US", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: etc, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
            try FileManager.default.createSymbolicLink(atPath: zones + "/localtime", withDestinationPath: etc)
            try FileManager.default.createSymbolicLink(atPath: zones + "/US/Pacific", withDestinationPath: "../US/../../etc-localtime")
            for variable in ["localtime", ":localtime"] {
                #expect(ZoneInfo.machine(environment: ["TZ": variable, "TZDIR": zones], localtime: etc).name == "Asia/Tokyo")
                #expect(ZoneInfo.machine(environment: ["TZ": variable, "TZDIR": zones], localtime: folder + "/none").name
                        == "Asia/Tokyo", "the links are followed to the zone whatever the machine's is")
            }
            #expect(ZoneInfo.machine(environment: ["TZ": ":" + zones + "/localtime"]).name == "Asia/Tokyo")
            #expect(ZoneInfo.machine(environment: ["TZ": zones + "/US/Pacific"]).name == "Asia/Tokyo")
        }
        // The system's own folder: the machine's zone, as without TZ.
        #expect(ZoneInfo.machine(environment: ["TZ": "localtime"]).name == ZoneInfo.machine(environment: [:]).name)
    }

    /// /etc/timezone is read as `TZ` and /etc/localtime are: a copy is its zone, a file that is
    /// no zone names none.
    @Test(arguments: [("posix/Europe/Berlin\n", "Europe/Berlin"), ("right/Asia/Tokyo", "Asia/Tokyo"),
                      ("localtime\n", "UTC"), ("Factory\n", "UTC"), ("../../etc/passwd\n", "UTC")])
    func etcTimezoneIsReadAsTZIs(_ content: String, _ expected: String) async throws {
        await withTemporaryDirectory { folder in
            writeFile(folder + "/timezone", content)
            #expect(ZoneInfo.machine(environment: [:], localtime: folder + "/none",
                                               timezoneFile: folder + "/timezone").name == expected)
        }
    }

    @Test func withoutTZTheMachineZoneIsTheOneLocaltimeNames() throws {
        let identifier = ZoneInfo.machine(environment: [:]).name
        #expect(ZoneInfo.named(identifier) != nil, "\(identifier)")
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
           let range = target.range(of: "zoneinfo/") {
            #expect(identifier == String(target[range.upperBound...]))
        }
    }
}
