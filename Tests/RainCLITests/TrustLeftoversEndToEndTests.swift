import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 42's leftovers, through the real binary against the simulator: a zone this machine
/// does not know, a lookup whose cache cannot be written, the lookups' bound, null island.
@Suite struct TrustLeftoversEndToEndTests {
    /// 2026-08-20 12:37:00 UTC: 21:37 in Tokyo, a whole minute before the next.
    static let now = Date(timeIntervalSince1970: 1_787_229_420)

    /// A server whose zone database is newer than this machine's tzdata names a zone the
    /// machine does not know: the answer's UTC offset is the zone, so Tokyo reads as Tokyo
    /// (UTC+9, as with its known name), not as UTC, fetched and from the cache, with either
    /// provider's offset (Open-Meteo's `utc_offset_seconds`, a Dark Sky server's `offset`).
    @Test(arguments: [true, false])
    func aZoneThisMachineDoesNotKnowIsTheAnswersOffset(keyless: Bool) async throws {
        try await withTemporaryDirectory { folder in
            func show(_ world: ForecastWorld, _ arguments: [String]) async throws -> ProcessResult {
                keyless ? try await world.keylessRain(arguments) : try await world.rain(arguments)
            }
            for home in ["/known", "/unknown"] { try FileManager.default.createDirectory(atPath: folder + home, withIntermediateDirectories: true) }
            let known = try ForecastWorld(home: folder + "/known", now: Self.now)
            let unknown = try ForecastWorld(home: folder + "/unknown", now: Self.now)
            unknown.simulator.setBehaviour(.zoneNamed("Asia/Edo"))
            #expect(ZoneInfo.named("Asia/Edo") == nil, "a name no tzdata has")

            let expected = try await show(known, ["show", "Tokyo"])
            #expect(expected.status == 0 && expected.output.contains("Thu 20 Aug 21:3"), "\(expected)")
            let fetched = try await show(unknown, ["show", "Tokyo"])
            #expect(fetched.status == 0, "\(fetched)")
            let header = fetched.output.split(separator: "\n").prefix(2).joined(separator: "\n")
            #expect(header.contains("Thu 20 Aug 21:3") && header.contains("(UTC+9)") && !header.contains("unknown time zone"), "\(fetched)")
            let body = { (result: ProcessResult) in Array(result.output.split(separator: "\n").dropFirst(2)) }
            #expect(body(fetched) == body(expected), "hours, days, sun and moon in Tokyo's time: \(fetched.output)")
            let cached = try await show(unknown, ["show", "Tokyo", "--offline"])
            #expect(cached.status == 0 && cached.output.contains("(UTC+9)") && body(cached) == body(expected), "the cache keeps the offset: \(cached)")
            let json = try await show(unknown, ["show", "Tokyo", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(document["timezone"] as? String == "Asia/Edo" && document["utc_offset_seconds"] as? Int == 32_400, "\(json.output.prefix(600))")
        }
    }

    /// A place looked up is shown, never saved: a cache it cannot write (a read-only cache
    /// folder, where not even the refresh lock can be made, or the lookups' folder) does not
    /// fail the show; one warning line says so, and nothing is left in the folder.
    @Test(arguments: ["/cache", "/cache/lookups"])
    func aLookupWhoseCacheCannotBeWrittenIsShownWithAWarning(readOnly: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let lookups = home + "/cache/lookups"
            try FileManager.default.createDirectory(atPath: home + readOnly, withIntermediateDirectories: true)
            chmod(home + readOnly, 0o555)
            defer { chmod(home + readOnly, 0o755) }
            let shown = try await Self.withoutOverridingPermissions(["show", "--lat", "-33.87", "--lon", "151.21"], world.keylessEnvironment)
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.output.hasPrefix("-33.87, 151.21"), "\(shown)")
            let lines = shown.error.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].hasPrefix("rain: warning: cannot write the cached forecast \(lookups)")
                    && lines[0].hasSuffix(": Permission denied"), "\(shown.error)")
            #expect(lines.last == "rain: to keep this place: rain locations add NAME --lat -33.87 --lon 151.21", "\(shown.error)")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: lookups)) ?? []).isEmpty)
        }
    }

    /// rain as a user whom permissions bind: as root, without the capabilities that pass them
    /// (`setpriv`, util-linux), so a read-only folder is read-only to it too.
    static func withoutOverridingPermissions(_ arguments: [String], _ environment: [String: String]) async throws -> ProcessResult {
        guard geteuid() == 0 else { return try await BuiltProduct.run("rain", arguments, environment: environment) }
        return try await BuiltProduct.startSystem("/usr/bin/setpriv", ["--bounding-set=-dac_override,-dac_read_search", "--", BuiltProduct.path("rain")] + arguments,
                                                  environment: environment).finish()
    }

    /// The lookups are bounded by number as well as by age: however many places were looked up
    /// within the day, a lookup keeps the newest `ForecastService.lookupsKept` (100) forecasts,
    /// its own among them, and the ensembles of those it deleted go with them.
    @Test func theLookupsKeepTheNewestHundred() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let lookups = home + "/cache/lookups", ensembles = home + "/cache/ensembles"
            let first = try await world.keylessRain(["show", "--lat", "10", "--lon", "10"])
            #expect(first.status == 0, "\(first)")
            let own = try #require(try FileManager.default.contentsOfDirectory(atPath: lookups).first { $0.hasSuffix(".json") })
            let document = try #require(fileBytes(lookups + "/" + own))
            // 150 lookups of the last hours, each a minute older than the one before.
            try FileManager.default.createDirectory(atPath: ensembles, withIntermediateDirectories: true)
            var names: [String] = []
            for index in 0..<150 {
                let name = UUID().uuidString.lowercased() + ".json"
                names.append(name)
                for folder in [lookups, ensembles] {
                    _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(document))
                    let written = Date().addingTimeInterval(-60 * Double(index + 1)).timeIntervalSince1970
                    var times = [timespec(tv_sec: Int(written), tv_nsec: 0), timespec(tv_sec: Int(written), tv_nsec: 0)]
                    utimensat(AT_FDCWD, folder + "/" + name, &times, 0)
                }
            }
            let again = try await world.keylessRain(["show", "--lat", "20", "--lon", "20"])
            #expect(again.status == 0, "\(again)")
            let left = Set(try FileManager.default.contentsOfDirectory(atPath: lookups).filter { $0.hasSuffix(".json") })
            #expect(left.count == 100, "\(left.count) lookups kept")
            #expect(left.isSuperset(of: names.prefix(98)) && left.contains(own), "the newest kept: this one, the one before, 98 of the 150")
            #expect(left.isDisjoint(with: names.dropFirst(98)), "the 52 oldest deleted")
            let spreads = Set(try FileManager.default.contentsOfDirectory(atPath: ensembles))
            #expect(spreads.isDisjoint(with: names.dropFirst(98)) && spreads.isSuperset(of: names.prefix(98)), "their ensembles with them")
        }
    }

    /// An IP location service that answers 0,0 (null island) for an address it cannot place
    /// has not placed it: one line, exit 69, nothing saved (echoip leaves both out then).
    @Test func nullIslandIsNoLocation() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let store = fileBytes(home + "/defaults.json")
            let result = try await world.keylessRain(["locations", "add", "--here"],
                                                     environment: ["RAIN_IP_LOCATION_URL": world.simulator.rootURL + "/json?ip=198.51.100.9"])
            #expect(result.status == 69, "\(result)")
            #expect(result.error.hasSuffix("""
                rain: error: 127.0.0.1:\(world.simulator.port) cannot locate this machine
                rain: hint: use a name, or --lat and --lon

                """), "\(result)")
            #expect(fileBytes(home + "/defaults.json") == store, "nothing saved")
            let answered = try #require(world.simulator.requests.last { $0.path == "/json" })
            #expect(answered.queryValue("ip") == "198.51.100.9")
        }
    }
}
