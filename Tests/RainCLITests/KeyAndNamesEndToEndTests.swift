import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 42, the trial's fourth round: the key in a folder or an encoded URL of a schedule,
/// the key in the children's environment, names a LOC cannot reach, short keys, and the
/// characters a screen hides, through the real binary.
@Suite struct KeyAndNamesEndToEndTests {
    private let key = ForecastWorld.apiKey

    /// Stand-ins for crontab, systemctl and notify-send in a folder put first on PATH: each
    /// writes its environment to `<folder>/<name>.env` and succeeds; the crontab keeps its
    /// table in `<folder>/table`.
    private func standIns(in folder: String) throws -> String {
        let bin = folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let crontab = """
            #!/bin/sh
            env > '\(folder)/crontab.env'
            case "$1" in
            -l) [ -f '\(folder)/table' ] || { echo "no crontab for $(id -un)" >&2; exit 1; }; cat '\(folder)/table' ;;
            -) cat > '\(folder)/table' ;;
            esac

            """
        for (name, script) in [("crontab", crontab), ("systemctl", "#!/bin/sh\nenv > '\(folder)/systemctl.env'\n"),
                               ("notify-send", "#!/bin/sh\nenv > '\(folder)/notify-send.env'\n")] {
            writeFile(bin + "/" + name, script)
            chmod(bin + "/" + name, 0o755)
        }
        return bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// A folder whose name holds the key would put the key into the crontab line or the unit
    /// while the screen shows REDACTED: refused, exit 78, naming the variable, nothing written.
    /// So is a URL holding the key percent-encoded, as a server decodes it.
    @Test func aScheduleRefusesAFolderOrAnEncodedURLThatHoldsTheKey() async throws {
        try await withTemporaryDirectory { folder in
            let world = try ForecastWorld(home: folder)
            let path = try standIns(in: folder)
            let keyed = folder + "/x/" + key
            try FileManager.default.createDirectory(atPath: keyed, withIntermediateDirectories: true)
            writeFile(keyed + "/config.json", ForecastWorld.defaultConfig)
            let encoded = world.simulator.baseURL + key.utf8.map { String(format: "%%%02X", $0) }.joined() + "/"
            let cases: [(variable: String, value: String)] = [("RAIN_HOME", keyed), ("XDG_CONFIG_HOME", keyed), ("RAIN_CONFIG", keyed + "/config.json"),
                                                              ("RAIN_BASE_URL", encoded)]
            for (variable, value) in cases {
                for command in [["cron", "--install"], ["timer", "--install"]] {
                    var environment = ["PATH": path, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config"]
                    environment[variable] = value
                    let result = try await world.rain(command, environment: environment)
                    #expect(result.status == 78, "\(variable) \(command): \(result)")
                    #expect(result.error.hasPrefix("rain: error: \(variable) holds the API key"), "\(result)")
                    #expect(!result.output.contains(key) && !result.error.contains(key), "\(result)")
                }
            }
            #expect(!FileManager.default.fileExists(atPath: folder + "/table"), "no crontab was written")
            #expect(!FileManager.default.fileExists(atPath: folder + "/config/systemd/user/rain.service"), "no unit was written")
            let plain = try await world.rain(["cron", "--install"], environment: ["PATH": path, "HOME": folder])
            #expect(plain.status == 0, "\(plain)")
            #expect(try String(contentsOfFile: folder + "/table", encoding: .utf8).contains(CrontabEntry.marker))
        }
    }

    /// No program rain runs is given RAIN_API_KEY: crontab, systemctl and notify-send no more
    /// than an --exec command.
    @Test func noChildGetsTheKey() async throws {
        try await withTemporaryDirectory { folder in
            let world = try ForecastWorld(home: folder, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            let path = try standIns(in: folder)
            let environment = ["PATH": path, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + folder + "/bus"]
            #expect(try await world.rain(["cron", "--install"], environment: environment).status == 0)
            #expect(try await world.rain(["timer", "--install"], environment: environment).status == 0)
            let notified = try await world.rain(["notify", "Berlin"], environment: environment)
            #expect(notified.status == 0, "\(notified)")
            for program in ["crontab", "systemctl", "notify-send"] {
                let seen = try String(contentsOfFile: folder + "/\(program).env", encoding: .utf8)
                #expect(seen.contains("RAIN_HOME=") && !seen.contains("RAIN_API_KEY") && !seen.contains(key), "\(program): \(seen)")
            }
        }
    }

    /// A number always means a saved place's position, and the start of an ID that place: a
    /// new name that is either is refused (exit 65, one line and a hint), nothing saved.
    @Test func aNameALOCWouldNotReachIsRefused() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let before = try String(contentsOfFile: home + "/defaults.json", encoding: .utf8)
            let berlinID = world.berlin.shortID
            // An ID of digits alone (about one in forty) is a number first.
            func idError(_ name: String) -> String {
                Int(name) != nil ? "rain: error: invalid name: \(name) is a number, and a number picks a saved place"
                    : "rain: error: invalid name: \(name) begins the ID of Berlin (\(berlinID))"
            }
            let attempts: [(arguments: [String], error: String)] = [
                (["locations", "add", "1", "--lat", "3", "--lon", "3"],
                 "rain: error: invalid name: 1 is a number, and a number picks a saved place"),
                (["locations", "add", " 7 ", "--lat", "3", "--lon", "3"],
                 "rain: error: invalid name: 7 is a number, and a number picks a saved place"),
                (["locations", "rename", "Tokyo", "2"],
                 "rain: error: invalid name: 2 is a number, and a number picks a saved place"),
                (["locations", "add", berlinID.uppercased(), "--lat", "3", "--lon", "3"], idError(berlinID.uppercased())),
                (["locations", "rename", "Tokyo", String(berlinID.prefix(5))], idError(String(berlinID.prefix(5)))),
            ]
            for (arguments, error) in attempts {
                let result = try await world.keylessRain(arguments)
                #expect(result.status == 65, "\(arguments): \(result)")
                #expect(result.error == error + "\nrain: hint: pick a name with a letter in it\n",
                        "\(result)")
            }
            #expect(try String(contentsOfFile: home + "/defaults.json", encoding: .utf8) == before, "nothing saved")
            #expect(try await world.keylessRain(["locations", "add", "Place 1", "--lat", "3", "--lon", "3"]).status == 0)
            #expect(try await world.keylessRain(["locations", "rename", "Tokyo", "Tokyo 2"]).status == 0)
        }
    }

    /// Real keys are long random strings; a short or all-digit one would be a piece of rain's
    /// own text (`127.0.0.1`, `RAIN_HOME`), and hiding it garbled that text. It is refused as
    /// a configuration error where it would be sent, and hides nothing where it is not.
    @Test(arguments: ["1", "a", "rain", "sim-key-012", "1234567890123456"])
    func aShortOrAllDigitKeyIsRefusedAndGarblesNothing(_ short: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let listed = try await world.rain(["locations"], environment: ["RAIN_API_KEY": short])
            #expect(listed.status == 0 && listed.output.contains("52.5200") && !listed.output.contains("REDACTED"), "\(listed)")
            for command in [["cron"], ["refresh", "Berlin"], ["show", "Berlin"]] {
                let result = try await world.rain(command, environment: ["RAIN_API_KEY": short])
                #expect(result.status == 78, "\(command): \(result)")
                #expect(result.error.hasPrefix("rain: error: the API key from RAIN_API_KEY is shorter than 12 characters or has no letter\n"), "\(result)")
                #expect(!result.error.contains("REDACTED") && result.output.isEmpty, "\(result)")
            }
            #expect(world.requestedPaths.isEmpty, "the key was never sent")
        }
    }

    /// The key echoed with a line separator in it is shown by the screen with a space there:
    /// it is hidden as the key all the same, on the screen, in JSON and in what notify sends.
    @Test func aKeyEchoedAcrossALineSeparatorIsHidden() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, splitBy: "\u{2028}"))
            let refresh = try await world.rain(["refresh", "Berlin"])
            #expect(refresh.status == 0, "\(refresh)")
            let show = try await world.rain(["show", "Berlin"])
            #expect(show.status == 0 && show.output.contains("(key REDACTED)"), "\(show)")
            let json = try await world.rain(["show", "Berlin", "--json"])
            let events = try await world.rain(["notify", "Berlin", "--json"])
            #expect(events.status == 0 && events.output.contains("REDACTED"), "\(events)")
            let cache = try String(contentsOfFile: world.cacheFile(world.berlin), encoding: .utf8)
            let half = String(key.prefix(key.count / 2))
            for text in [refresh.output, refresh.error, show.output, json.output, events.output, cache] {
                #expect(!text.contains(half), "\(text)")
            }
        }
    }

    /// `--json` escapes every character the screen would hide or turn into a space (the
    /// bidirectional marks U+200F and U+061C, the soft hyphen U+00AD), not only U+2028 and
    /// U+202E: none reaches a terminal the JSON is printed on.
    @Test func jsonEscapesEveryCharacterTheScreenHides() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let file = home + "/defaults.json"
            let saved = try String(contentsOfFile: file, encoding: .utf8)
            writeFile(file, saved.replacingOccurrences(of: "\"Berlin\"", with: #""Ber\u200f\u061c\u00ad\u200blin""#))
            #expect(try await world.rain(["refresh", "1"]).status == 0)
            let json = try await world.rain(["show", "1", "--json"])
            #expect(json.status == 0, "\(json)")
            #expect(json.output.contains(#"Ber\u200f\u061c\u00ad\u200blin"#), "\(json.output.prefix(400))")
            for scalar in [0x200F, 0x061C, 0x00AD, 0x200B] {
                #expect(!json.output.unicodeScalars.contains(Unicode.Scalar(UInt32(scalar))!), "U+\(String(scalar, radix: 16)) raw")
            }
        }
    }
}
