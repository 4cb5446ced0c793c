import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 42, what a fifth hostile trial found, through the real binary.
@Suite struct TrustFifthTrialEndToEndTests {
    private let key = ForecastWorld.apiKey   // sim-key-0123456789abcdef

    /// The key in other characters that read as it: accented, U+212A KELVIN SIGN for `k`,
    /// mathematical, superscript and circled digits and letters.
    private var disguised: String {
        "śim-\u{212A}ey-𝟎𝟏𝟐³⁴⑤⑥789𝐚𝐛ⓒdef"
    }

    /// A server that echoes such a copy has it replaced in the answer's body, before the
    /// screen, the cache, JSON, a notification and an --exec command's variables see it.
    @Test func aCopyOfTheKeyInOtherCharactersIsHiddenEverywhere() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, disguisedAs: disguised))
            let refresh = try await world.rain(["refresh", "Berlin"])
            #expect(refresh.status == 0, "\(refresh)")
            let show = try await world.rain(["show", "Berlin"])
            #expect(show.status == 0 && show.output.contains("(key REDACTED)"), "the answer echoed it: \(show)")
            let ascii = try await world.rain(["show", "Berlin", "--ascii"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            let dryRun = try await world.rain(["notify", "Berlin", "--dry-run"])
            let exec = #"cat >> "$RAIN_HOME/events.jsonl"; env | grep ^RAIN_NOTIFY_ >> "$RAIN_HOME/events.jsonl""#
            let notify = try await world.rain(["notify", "Berlin", "--exec", exec])
            #expect(notify.status == 0, "\(notify)")
            let events = try String(contentsOfFile: home + "/events.jsonl", encoding: .utf8)
            let cache = try String(contentsOfFile: world.cacheFile(world.berlin), encoding: .utf8)
            for text in [show.output, ascii.output, json.output, dryRun.output, events, cache] {
                #expect(text.contains("REDACTED"), "\(text)")
                #expect(!text.contains(disguised) && !text.lowercased().contains(key), "\(text)")
            }
        }
    }

    /// Under --ascii or LANG=C, folding to ASCII comes before redaction: a copy of the key
    /// that only ASCII makes one ("◑" is drawn "D") is hidden too.
    @Test func redactionIsTheLastStepBeforeTheBytesLeave() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let written = "echo 'sim-key-0123456789abc◑ef' >&2; exit 3"
            for (arguments, environment) in [(["--ascii"], [:]), ([], ["LANG": "C", "LC_ALL": "C"])] {
                let failed = try await world.rain(["notify", "Berlin", "--exec", written] + arguments, environment: environment)
                #expect(failed.status == 69 && failed.error.contains("it wrote: REDACTED"), "\(failed)")
                #expect(!failed.error.lowercased().contains(key), "\(failed)")
            }
        }
    }

    /// cron's line and the timer's unit refuse a URL holding the key in those other
    /// characters, as they refuse the key itself.
    @Test func aScheduleRefusesAURLHoldingAnAlteredCopyOfTheKey() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            for copy in ["sim-\u{212A}ey-0123456789abcdef", "śim-key-0123456789abcdef", disguised] {
                for command in [["cron"], ["timer"]] {
                    let result = try await world.rain(command, environment: ["RAIN_BASE_URL": world.simulator.baseURL + copy + "/"])
                    #expect(result.status == 78, "\(copy) \(result)")
                    #expect(result.error.hasPrefix("rain: error: RAIN_BASE_URL holds the API key"), "\(result)")
                }
            }
        }
    }

    /// An index no reading can be (2^31) is dropped whole: no value, no category, no
    /// notification, as a value below zero is.
    @Test func anImplausibleAirIndexIsDroppedWithItsCategoryAndNotification() async throws {
        try await withTemporaryDirectory { home in
            let config = #"{"timeout_seconds": 30, "notify": {"places": "all", "air_quality_above": 1}}"#
            let world = try ForecastWorld(home: home, config: config)
            world.simulator.setAirBehaviour(.airQualityIndex(2_147_483_648))
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            let format = try await world.keylessRain(["show", "Berlin", "--offline", "--format", "{aqi}|{aqi_category}"])
            #expect(format.status == 0 && format.output == "\(MeasureFormat.missing)|\(MeasureFormat.missing)\n", "\(format)")
            let notify = try await world.keylessRain(["notify", "Berlin", "--json"])
            #expect(notify.status == 0 && !notify.output.contains("air quality"), "\(notify)")
            let json = try await world.keylessRain(["show", "Berlin", "--json", "--offline"])
            #expect(json.status == 0 && !json.output.contains("2147483648") && !json.output.contains("extremely_poor"), "\(json)")
        }
    }

    /// `timeout_seconds` bounds a whole refresh, its ensemble too: against an ensemble server
    /// that never answers, the first request waits out the command's time and no later one is
    /// sent (it was 2 s for each place in turn, 12 s for six).
    @Test func aHangingEnsembleServerIsBoundByTheCommandsTime() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 3, "ensemble": true}"#)
            try AirFixesEndToEndTests.addPlaces(home, [("Paris", 48.85, 2.35), ("Rome", 41.9, 12.5), ("Oslo", 59.91, 10.75),
                                                       ("Lima", -12.05, -77.04)])
            let hanging = ForecastSimulator(configuration: .init(behaviour: .hang))
            try hanging.start()
            defer { hanging.stop() }
            let refresh = try await world.keylessRain(["refresh", "--all"],
                                                      environment: ["RAIN_ENSEMBLE_URL": hanging.rootURL + "/v1/ensemble"])
            #expect(refresh.error.contains("ensemble"), "\(refresh)")
            #expect(hanging.requestCount <= 1, "\(hanging.requestCount) ensemble requests: \(refresh)")
            let list = try await world.keylessRain(["locations", "--json"])
            #expect(list.output.contains("Lima"), "six places: \(list)")
        }
    }

    /// A notify killed with SIGKILL (which it cannot catch) does not leave its --exec command
    /// running past its time limit: the shell and what it started in its group end with rain.
    /// The real clock: the simulator's rain at Windy is always 50 minutes away.
    @Test func aKilledNotifyTakesItsCommandWithIt() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405))
            let hanging = #"sleep 77 & echo "$$ $!" > "$RAIN_HOME/pids.tmp"; mv "$RAIN_HOME/pids.tmp" "$RAIN_HOME/pids"; wait; true"#
            let process = BuiltProduct.start("rain", ["notify", "Windy", "--exec", hanging], environment: world.environment)
            var pids: [Int32] = []
            for _ in 0..<1200 where pids.isEmpty {
                pids = ((try? String(contentsOfFile: home + "/pids", encoding: .utf8)) ?? "").split(separator: " ")
                    .compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                if pids.isEmpty { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(pids.count == 2, "the command started")
            defer { for pid in pids { kill(pid, SIGKILL) } }
            process.send(SIGKILL)
            _ = try await process.finish()
            for pid in pids {
                var state: String? = "S"
                for _ in 0..<1200 where state != nil && state != "Z" {
                    state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
                        .flatMap { $0.components(separatedBy: ") ").last.map { String($0.prefix(1)) } }
                    if state != nil && state != "Z" { try await Task.sleep(for: .milliseconds(50)) }
                }
                #expect(state == nil || state == "Z", "\(pid) ended with rain")
            }
        }
    }

    /// A config.json of nothing but whitespace holds no settings, as an empty one: every
    /// command calls it empty, and `config init` fills it (and never a file that holds any).
    @Test func configInitFillsAFileOfOnlyWhitespace() async throws {
        try await withTemporaryDirectory { home in
            let environment = ["RAIN_HOME": home]
            writeFile(home + "/config.json", "\n \t\n")
            let before = try await BuiltProduct.run("rain", ["config", "show"], environment: environment)
            #expect(before.status != 0 && before.error.contains("empty"), "\(before)")
            let filled = try await BuiltProduct.run("rain", ["config", "init"], environment: environment)
            #expect(filled.status == 0 && filled.output.hasPrefix("Wrote \(home)/config.json"), "\(filled)")
            let after = try await BuiltProduct.run("rain", ["config", "show"], environment: environment)
            #expect(!after.error.contains("empty"), "\(after)")
            writeFile(home + "/config.json", "\n{}\n")
            let kept = try await BuiltProduct.run("rain", ["config", "init"], environment: environment)
            #expect(kept.status == 74, "\(kept)")
            #expect(try String(contentsOfFile: home + "/config.json", encoding: .utf8) == "\n{}\n")
        }
    }

    /// An ensemble answer of the control run alone is "1 run", and its column headings are
    /// whole into a pipe (they were cut to "hig…" beside the single values).
    @Test func anEnsembleOfOneRunSaysSoAndCutsNoHeading() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: EnsembleImplausibleEndToEndTests.now)
            world.simulator.setBehaviour(.ensembleQuirk(.controlRunOnly))
            let shown = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(shown.status == 0 && shown.output.contains("How sure: ICON (DWD), 1 run\n"), "\(shown)")
            #expect(shown.output.contains(" highs ") && !shown.output.contains("…\n"), "\(shown.output)")
        }
    }
}
