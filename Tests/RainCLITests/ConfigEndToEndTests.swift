import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain config show` as the diagnostic command and `rain config init`, through the real binary.
@Suite struct ConfigEndToEndTests {
    private func rain(_ arguments: [String], home: String, environment: [String: String] = [:]) async throws -> ProcessResult {
        try await BuiltProduct.run("rain", arguments, environment: ["RAIN_HOME": home].merging(environment) { $1 })
    }

    @Test func showPrintsWhatItCanAndNamesEachProblem() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/key", "key-0123456789abcdef\n")
            chmod(home + "/key", 0o644)
            writeFile(home + "/config.json", #"{"api_key_file": "key", "units": "us"}"#)
            let shown = try await rain(["config", "show"], home: home,
                                       environment: ["https_proxy": "http://user:secret@proxy.example:3128"])
            #expect(shown.status == 78, "\(shown)")
            // Every setting it could read is there, the key marked unusable.
            #expect(shown.output.contains("units:                    us"), "\(shown.output)")
            #expect(shown.output.contains("api_key:                  not usable (see the error below)"))
            #expect(shown.output.contains("provider:                 darksky: an API key is configured but not usable"), "not 'no API key configured'")
            #expect(shown.output.contains("proxy:                    http://proxy.example:3128 (from https_proxy in the environment; see the README, section \"Proxies\")"))
            #expect(!shown.output.contains("secret") && !shown.error.contains("secret"))
            #expect(shown.error == """
                rain: error: the API key file is open to group or others (mode 644):
                  \(home)/key
                rain: hint: chmod 600 \(home)/key

                """)

            chmod(home + "/key", 0o600)
            let fixed = try await rain(["config", "show"], home: home)
            #expect(fixed.status == 0 && fixed.error.isEmpty, "\(fixed)")
            #expect(fixed.output.contains("api_key:                  key-…cdef (from \(home)/key)") && fixed.output.contains("proxy:                    none"))
        }
    }

    /// Quiet hours are on this machine's clock, named as `TZ` names it: systemd's
    /// `TZ=:/etc/localtime` form (a ":", then a link to a zone file) is the linked zone and a
    /// `posix/` copy is the zone; the former had been "UTC".
    /// Hostile trial 17: `provider: darksky` without a key said "fetching will fail" and exited
    /// 0, where every fetching command exits 78 for it (README's exit codes): config show
    /// prints the settings, then the reason on stderr, and exits 78 as for any other problem.
    @Test func aProviderThatNeedsAKeyWithoutOneIsAProblem() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"provider": "darksky"}"#)
            let shown = try await rain(["config", "show"], home: home)
            #expect(shown.status == 78, "\(shown)")
            #expect(shown.output.contains("provider:                 darksky: no API key configured: fetching will fail\n"), "\(shown.output)")
            #expect(shown.error == """
                rain: error: no API key configured
                rain: hint: set RAIN_API_KEY, or api_key_file in the configuration file
                rain: hint: rain config path shows the file; rain config init writes one

                """, "\(shown)")
            // With the key, nothing is wrong.
            let keyed = try await rain(["config", "show"], home: home, environment: ["RAIN_API_KEY": "key-0123456789abcdef"])
            #expect(keyed.status == 0 && keyed.error.isEmpty, "\(keyed)")
        }
    }

    @Test(arguments: [(":LINK", "Asia/Tokyo"), ("posix/Europe/Berlin", "Europe/Berlin"), (":Europe/Berlin", "Europe/Berlin")])
    func quietHoursNameTheZoneTZNames(_ variable: String, _ zone: String) async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"notify": {"quiet_hours": "22:00-07:00"}}"#)
            try FileManager.default.createSymbolicLink(atPath: home + "/localtime", withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
            let tz = variable.replacingOccurrences(of: "LINK", with: home + "/localtime")
            let shown = try await rain(["config", "show"], home: home, environment: ["TZ": tz])
            #expect(shown.output.contains("22:00-07:00 (this machine's time zone, \(zone))"), "\(shown)")
        }
    }

    /// A POSIX `TZ` rule is the machine's zone, named as `TZ` gives it; a `TZ` glibc cannot read
    /// is UTC, said on a line of its own. They had been "UTC" and "Nowhere/Nope".
    @Test(arguments: [("<+0330>-3:30", "<+0330>-3:30", ""), ("JST-9", "JST-9", ""),
                      ("Nowhere/Nope", "UTC", "rain: warning: TZ 'Nowhere/Nope' names no time zone: the clock is UTC\n")])
    func quietHoursNameAPosixTZAndSayWhenTZNamesNone(_ variable: String, _ zone: String, _ warning: String) async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"notify": {"quiet_hours": "19:00-21:00"}}"#)
            let shown = try await rain(["config", "show"], home: home, environment: ["TZ": variable])
            #expect(shown.status == 0 && shown.error == warning, "\(shown)")
            #expect(shown.output.contains("19:00-21:00 (this machine's time zone, \(zone))"), "\(shown)")
        }
    }

    /// `TZ=localtime` (no colon, no path) is read as glibc reads it: a file of `TZDIR` (else
    /// the zoneinfo folder), its links followed; Debian's links to /etc/localtime. Here a
    /// `TZDIR` whose localtime links, as Debian's does, to a stand-in for /etc/localtime that
    /// links to Tokyo's zone (glibc's `date` says JST for it). It had been "UTC".
    @Test func tzLocaltimeIsTheFileTheZoneFolderLinks() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"notify": {"quiet_hours": "22:00-07:00"}}"#)
            try FileManager.default.createDirectory(atPath: home + "/zoneinfo", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: home + "/etc-localtime", withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
            try FileManager.default.createSymbolicLink(atPath: home + "/zoneinfo/localtime", withDestinationPath: home + "/etc-localtime")
            let shown = try await rain(["config", "show"], home: home, environment: ["TZ": "localtime", "TZDIR": home + "/zoneinfo"])
            #expect(shown.output.contains("22:00-07:00 (this machine's time zone, Asia/Tokyo)"), "\(shown)")
        }
    }

    /// A zone's name in `TZ` is a file of `TZDIR` when it is set, as glibc reads it: "Tokyo"
    /// in zoneinfo/Asia is Asia/Tokyo (it had been UTC), and where `TZDIR` has no such file
    /// the clock is UTC, said so (it had been Asia/Tokyo, which `date` does not show).
    @Test(arguments: [("Tokyo", "/usr/share/zoneinfo/Asia", "Asia/Tokyo", ""),
                      ("Asia/Tokyo", "/nonexistent", "UTC", "rain: warning: TZ 'Asia/Tokyo' names no time zone: the clock is UTC\n")])
    func aZoneNameInTZIsAFileOfTZDIR(_ variable: String, _ tzdir: String, _ zone: String, _ warning: String) async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"notify": {"quiet_hours": "22:00-07:00"}}"#)
            let shown = try await rain(["config", "show"], home: home, environment: ["TZ": variable, "TZDIR": tzdir])
            #expect(shown.status == 0 && shown.error == warning, "\(shown)")
            #expect(shown.output.contains("22:00-07:00 (this machine's time zone, \(zone))"), "\(shown)")
        }
    }

    @Test func aFileThatCannotBeUsedStillShowsThePaths() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"units": "si",}"#)
            let shown = try await rain(["config", "show"], home: home)
            #expect(shown.status == 78)
            #expect(shown.output.hasPrefix("config file:    \(home)/config.json\nlocations:      \(home)/defaults.json\n"), "\(shown.output)")
            #expect(shown.error.hasPrefix("rain: error: cannot read the configuration file:\n  \(home)/config.json\n  not valid JSON: line 1, column 15:\n  a comma before"), "\(shown.error)")
        }
    }

    /// Issue 23, row 10: every setting that cannot be used is named, not only the first; the
    /// others are shown, each wrong one at its default; a hint shared by all is said once.
    @Test func showNamesEveryProblemAndEveryOtherSetting() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"timeout_seconds": "3", "units": 5, "refresh_interval_minutes": 0, "colour": 1, "language": "de"}"#)
            let shown = try await rain(["config", "show"], home: home)
            #expect(shown.status == 78)
            #expect(shown.output.contains("language:                 de"), "\(shown.output)")
            // What stands in for a value that is not valid says so.
            #expect(shown.output.contains("units:                    si (default; the file's value is not valid: see below)\n"), "\(shown.output)")
            #expect(shown.output.contains("timeout_seconds:          30 (the file's value is not valid: see below)\n"), "\(shown.output)")
            #expect(shown.output.contains("max_concurrent_requests:  6\n"), "\(shown.output)")
            let errors = shown.error.split(separator: "\n").filter { $0.hasPrefix("rain: error: ") }
            #expect(errors.count == 4, "\(shown.error)")
            for key in ["unknown key 'colour'", "'units' must be a string", "'refresh_interval_minutes' must be between", "'timeout_seconds' must be a number"] {
                #expect(shown.error.contains(key), "\(key): \(shown.error)")
            }
            #expect(shown.error.components(separatedBy: "rain: hint: every key with its default:").count == 2, "one hint: \(shown.error)")
            // A command still stops at the first.
            let refreshed = try await rain(["refresh"], home: home)
            #expect(refreshed.status == 78)
            #expect(refreshed.error.components(separatedBy: "rain: error: ").count == 2, "\(refreshed.error)")
        }
    }

    @Test func initSaysWhichFileItWroteAndNeverOverwrites() async throws {
        try await withTemporaryDirectory { home in
            let written = try await rain(["config", "init"], home: home)
            #expect(written.status == 0, "\(written)")
            #expect(written.output.hasPrefix("Wrote \(home)/config.json "), "\(written.output)")
            #expect(FileManager.default.fileExists(atPath: home + "/config.json"))
            let again = try await rain(["config", "init"], home: home)
            #expect(again.status != 0 && again.error.contains("\(home)/config.json"), "\(again)")
        }
    }

    struct BrokenConfiguration: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// The config.json written into the home (nil: none).
        var file: String?
        /// `--config` given on the command line (relative to the home), or nil.
        var option: String?
        /// How the one error line starts, after `rain: error: ` (`HOME` is the home).
        var error: String
    }

    /// Every command that works with places reads the configuration first: a file named on the
    /// command line that does not exist or a configuration that is not valid ends it with 78
    /// and one error line before anything happens, the same for all of them.
    @Test(arguments: [
        BrokenConfiguration(testDescription: "--config names no file", file: nil, option: "missing.json",
                            error: "the configuration file HOME/missing.json does not exist"),
        BrokenConfiguration(testDescription: "not JSON", file: #"{"units": "si",}"#, option: nil,
                            error: "cannot read the configuration file:\n  HOME/config.json\n  not valid JSON: line 1, column 15:\n  a comma before '}'"),
        BrokenConfiguration(testDescription: "a bad value", file: #"{"units": "imperial"}"#, option: nil,
                            error: "HOME/config.json:\n  'units' must be one of si, us, ca, uk, metric"),
    ])
    func aBrokenConfigurationStopsEveryCommandAlike(_ broken: BrokenConfiguration) async throws {
        try await withTemporaryDirectory { home in
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.405))
            _ = try store.add(name: "Tokyo", coordinate: Coordinate(latitude: 35.68, longitude: 139.65))
            let storeBefore = try String(contentsOfFile: home + "/defaults.json", encoding: .utf8)
            if let file = broken.file { writeFile(home + "/config.json", file) }
            let option = broken.option.map { ["--config", home + "/" + $0] } ?? []
            let expected = "rain: error: " + broken.error.replacingOccurrences(of: "HOME", with: home)
            for command in [["locations"], ["locations", "--json"], ["locations", "add", "Lima", "--lat", "-12", "--lon", "-77"],
                            ["locations", "select", "tokyo"], ["locations", "remove", "tokyo", "--yes"], ["show"], ["show", "--offline"],
                            ["show", "--all"], ["refresh"], ["cron"], ["tokyo"]] {
                let result = try await rain(command + option, home: home, environment: ["RAIN_OPENMETEO_URL": "http://127.0.0.1:9/v1/forecast"])
                #expect(result.status == 78, "\(command): \(result)")
                #expect(result.output.isEmpty, "\(command): \(result)")
                #expect(result.error.hasPrefix(expected), "\(command): \(result.error)")
                #expect(result.error.components(separatedBy: "rain: error:").count == 2, "one error: \(result.error)")
            }
            #expect(try String(contentsOfFile: home + "/defaults.json", encoding: .utf8) == storeBefore, "nothing changed")
            if let missing = broken.option {
                let result = try await rain(["locations", "--config", home + "/" + missing], home: home)
                #expect(result.error == expected + "\nrain: hint: create it with: rain config init --config \(home)/\(missing)\n", "\(result.error)")
                let spaced = try await rain(["locations", "--config", home + "/it's here.json"], home: home)
                #expect(spaced.error.hasSuffix("rain: hint: create it with: rain config init --config '\(home)/it'\\''s here.json'\n"), "\(spaced.error)")
            }

            // What finds and mends the configuration still works.
            let path = try await rain(["config", "path"] + option, home: home)
            #expect(path.status == 0 && path.output == (broken.option.map { home + "/" + $0 } ?? home + "/config.json") + "\n", "\(path)")
            let shown = try await rain(["config", "show"] + option, home: home)
            #expect(shown.status == 78 && shown.output.contains("config file:") && shown.error.hasPrefix(expected), "\(shown)")
            let completions = try await rain(["completions", "bash"] + option, home: home)
            #expect(completions.status == 0 && completions.error.isEmpty, "\(completions)")
            if broken.file == nil {
                let written = try await rain(["config", "init"] + option, home: home)
                #expect(written.status == 0, "\(written)")
                #expect(try await rain(["locations"] + option, home: home).status == 0)
            }
        }
    }

    /// The key is read only by the commands that send it: a key file others can read does not
    /// keep anyone from listing places, but stops a fetch.
    @Test func theKeyIsCheckedOnlyWhereItIsSent() async throws {
        try await withTemporaryDirectory { home in
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.405))
            writeFile(home + "/key", "key-0123456789abcdef\n")
            chmod(home + "/key", 0o644)
            writeFile(home + "/config.json", #"{"api_key_file": "key"}"#)
            let listed = try await rain(["locations"], home: home)
            #expect(listed.status == 0, "\(listed)")
            let refreshed = try await rain(["refresh"], home: home)
            #expect(refreshed.status == 78 && refreshed.error.contains("mode 644"), "\(refreshed)")
        }
    }

    /// An `api_key` in config.json makes it a key file, held to the key file's rule (issue 42):
    /// group or others may not read it; at 600, as `config init` writes it, the key is used.
    @Test func aConfigurationHoldingTheKeyIsRefusedWhenOthersCanReadIt() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "api_key": "\#(ForecastWorld.apiKey)"}"#)
            for mode in [0o644, 0o640, 0o604] as [mode_t] {
                chmod(home + "/config.json", mode)
                let refused = try await world.rain(["refresh", "Berlin"], environment: ["RAIN_API_KEY": ""])
                #expect(refused.status == 78, "\(refused)")
                #expect(refused.error == """
                    rain: error: api_key is in a file open to group or others (mode \(String(mode, radix: 8))):
                      \(home)/config.json
                    rain: hint: chmod 600 \(home)/config.json

                    """, "\(refused)")
                #expect(try await world.rain(["locations"], environment: ["RAIN_API_KEY": ""]).status == 0, "only where the key is sent")
            }
            chmod(home + "/config.json", 0o600)
            let accepted = try await world.rain(["refresh", "Berlin"], environment: ["RAIN_API_KEY": ""])
            #expect(accepted.status == 0, "\(accepted)")
        }
    }
}
