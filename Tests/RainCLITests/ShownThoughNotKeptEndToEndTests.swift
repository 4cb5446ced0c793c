import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// The last hostile trial's leftovers, through the real binary against the simulator: a
/// forecast fetched and not kept is shown, with one line for the one problem; a server's zone
/// or offset that names no real zone.
@Suite struct ShownThoughNotKeptEndToEndTests {
    /// A saved place whose cache folder is read-only (not even the refresh lock can be made):
    /// the forecast fetched is shown, not kept, and the place fails as a refresh fails it, one
    /// error line and exit 74 (DESIGN.md: a file that cannot be written); with `--spread` the
    /// spread it cannot keep beside it is the same problem, not another line. It had shown
    /// nothing.
    @Test(arguments: [false, true])
    func aSavedPlaceWhoseCacheCannotBeWrittenIsShown(spread: Bool) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try FileManager.default.createDirectory(atPath: home + "/cache", withIntermediateDirectories: true)
            chmod(home + "/cache", 0o555)
            defer { chmod(home + "/cache", 0o755) }
            let shown = try await TrustLeftoversEndToEndTests.withoutOverridingPermissions(["show", "Berlin"] + (spread ? ["--spread"] : []),
                                                                                           world.keylessEnvironment)
            #expect(shown.status == 74, "\(shown)")
            #expect(shown.output.hasPrefix("Berlin"), "\(shown)")
            if spread { #expect(shown.output.contains("runs"), "the spread is shown: \(shown.output)") }
            #expect(shown.error == "rain: error: cannot create the folder \(home)/cache/forecasts: Permission denied\n", "\(shown.error)")
        }
    }

    /// A folder where the refresh lock goes: the forecast fetched is shown, but not written
    /// without the lock; the lock's error is the one line, exit 74.
    @Test func aForecastFetchedWithoutTheLockIsShownNotKept() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let lock = home + "/cache/forecasts/.refresh.lock"
            try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: true)
            let shown = try await world.rain(["show", "Berlin"])
            #expect(shown.status == 74, "\(shown)")
            #expect(shown.output.hasPrefix("Berlin"), "\(shown)")
            #expect(shown.error == "rain: error: cannot lock \(lock): Is a directory\n", "\(shown.error)")
            #expect(!FileManager.default.fileExists(atPath: world.cacheFile(world.berlin)), "not kept")
        }
    }

    /// `--spread` for a place looked up, with a read-only cache folder: one warning line for
    /// the one problem (it had been three: the forecast's, then two for the spread's folder).
    @Test func aLookupsSpreadThatCannotBeKeptIsNotSaidTwice() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try FileManager.default.createDirectory(atPath: home + "/cache", withIntermediateDirectories: true)
            chmod(home + "/cache", 0o555)
            defer { chmod(home + "/cache", 0o755) }
            let shown = try await TrustLeftoversEndToEndTests.withoutOverridingPermissions(["show", "--lat", "-33.87", "--lon", "151.21", "--spread"],
                                                                                           world.keylessEnvironment)
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.output.hasPrefix("-33.87, 151.21") && shown.output.contains("runs"), "\(shown)")
            #expect(shown.error == """
                rain: warning: cannot write the cached forecast \(home)/cache/lookups: Permission denied
                rain: to keep this place: rain locations add NAME --lat -33.87 --lon 151.21

                """, "\(shown.error)")
        }
    }

    /// A Dark Sky server's `offset` no zone has (99 hours) is a bad answer (exit 69), as a
    /// latitude off the globe is; it had been dropped, and Tokyo shown as it came. One line
    /// saying what was wrong, 80 columns with the place's name aside (it had read "expected an
    /// offset between -12 and 14 hours, found 99.0 at offset" in 110). However large the
    /// offset, the same line, with the hours as the server wrote them (the simulator writes
    /// 99 as "99.0", 1e300 as "1e+300"); beyond 1e12 it had been the reader's "unusable
    /// response from the API: 1e+300 is out of range at offset" (hostile trial 14, N7).
    @Test(arguments: [(99, "99"), (1e12, "1000000000000"), (1e13, "10000000000000"), (2.5e15, "2500000000000000"), (1e17, "1e+17"),
                      (1e300, "1e+300"), (-1e300, "-1e+300")])
    func anOffsetNoZoneHasIsABadAnswer(_ hours: Double, _ written: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            world.simulator.setBehaviour(.offsetHours(hours))
            let shown = try await world.rain(["show", "Tokyo"])
            #expect(shown.status == 69, "\(shown)")
            #expect(shown.output.isEmpty, "\(shown)")
            #expect(shown.error == "rain: error: could not refresh Tokyo: the API sent UTC offset \(written) h (not -12..+14 h)\n",
                    "\(shown.error)")
            #expect(!FileManager.default.fileExists(atPath: world.cacheFile(world.tokyo)), "nothing cached")
        }
    }

    /// A `timezone` naming a file of the zoneinfo folder that is no zone (this machine's own
    /// zone, the POSIX rules' New York, "local time unknown", a copy of that) is a zone this
    /// machine does not know: the answer's offset is Tokyo's zone (UTC+9).
    @Test(arguments: ["localtime", "posixrules", "Factory", "posix/Factory"])
    func aFileThatIsNoZoneIsAnUnknownZone(name: String) async throws {
        try await Self.expectTokyoShown(zoneNamed: name, time: "Thu 20 Aug 21:3", offset: "(UTC+9)")
    }

    /// A `timezone` naming a zone's `posix/` or `right/` copy names the zone, summer time
    /// included (Berlin's UTC+2 in August, New York's UTC-4), not the answer's fixed offset.
    @Test(arguments: [("posix/Europe/Berlin", "Thu 20 Aug 14:3", "(UTC+2)"), ("right/America/New_York", "Thu 20 Aug 08:3", "(UTC-4)")])
    func aCopyOfAZoneIsTheZone(name: String, time: String, offset: String) async throws {
        try await Self.expectTokyoShown(zoneNamed: name, time: time, offset: offset)
    }

    /// `rain show Tokyo` where the answer's `timezone` is `name`: its header says `time` and `offset`.
    private static func expectTokyoShown(zoneNamed name: String, time: String, offset: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: TrustLeftoversEndToEndTests.now)
            world.simulator.setBehaviour(.zoneNamed(name))
            let shown = try await world.rain(["show", "Tokyo"])
            #expect(shown.status == 0, "\(shown)")
            let header = shown.output.split(separator: "\n").prefix(2).joined(separator: "\n")
            #expect(header.contains(time) && header.contains(offset), "\(shown)")
        }
    }
}
