import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain notify` through the real binary against the simulator, at a fixed clock (12:00 UTC,
/// 14:00 in Berlin; the machine's zone is UTC under faketime). At 52.52,13.405 (Berlin) the
/// simulator's rain starts 13 minutes after now; at 52.56,13.405 (Windy) 50 minutes after,
/// and it has a "Wind warning" alert ending at 00:00 UTC. Outside HRRR's area Pirate Weather's
/// minutes are interpolated between the hours, so the rain is told by the clock's hour.
@Suite struct NotifyEndToEndTests {
    static let now = Date(timeIntervalSince1970: 1_787_227_200)  // 2026-08-20T12:00:00Z, a Thursday

    private func world(_ home: String, notify: String = "{}") throws -> (ForecastWorld, windy: Location) {
        let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5, "notify": \#(notify)}"#, now: Self.now)
        let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
        let windy = try store.add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405)).location
        return (world, windy)
    }

    /// `--exec` that appends the event it reads and its three variables to files in the home.
    private func exec(_ home: String) -> [String] {
        ["--exec", #"cat >> "$RAIN_HOME/events.jsonl"; printf '%s|%s|%s\n' "$RAIN_NOTIFY_SUMMARY" "$RAIN_NOTIFY_BODY" "$RAIN_NOTIFY_PLACE" >> "$RAIN_HOME/variables.txt""#]
    }

    private func delivered(_ home: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: home + "/events.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    private func editCache(_ world: ForecastWorld, _ location: Location, _ change: (inout Forecast) -> Void) throws {
        let cache = ForecastCache(directory: world.home + "/cache/forecasts")
        var cached = try #require(try cache.load(for: location.id))
        change(&cached.forecast)
        try cache.save(cached)
    }

    @Test func execGetsEachEventOnceAsJSONWithItsTexts() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            let first = try await world.rain(["notify", "Berlin"] + exec(home))
            #expect(first.status == 0, "\(first)")
            let events = delivered(home)
            // The 70% chance from 15:00 is the same rain going on: one spell, one event (words 47).
            #expect(events.map { $0["summary"] as? String } == [
                "Rain in Berlin from about 14:00 (light, ~0.5 mm in the first hour)",
            ])
            let rain = try #require(events.first)
            #expect(rain["kind"] as? String == "rain")
            #expect(rain["starts"] as? String == "2026-08-20T12:04:00Z", "the interpolated minutes' first wet one")
            #expect(rain["intensity"] as? String == "light" && rain["precip_type"] as? String == "rain")
            #expect((rain["place"] as? [String: Any])?["name"] as? String == "Berlin")
            #expect(try String(contentsOfFile: home + "/variables.txt", encoding: .utf8) == """
                Rain in Berlin from about 14:00 (light, ~0.5 mm in the first hour)|From about 14:00 local time.|Berlin

                """)
            #expect(FileManager.default.fileExists(atPath: home + "/state/notified.json"))

            let again = try await world.rain(["notify", "Berlin"] + exec(home))
            #expect(again.status == 0, "\(again)")
            #expect(delivered(home).count == 1, "each event once")
        }
    }

    /// Issue 41: a second `notify --exec` with nothing new says so on a terminal, in the user's
    /// language (in a pipe, as above, it says nothing).
    @Test(arguments: [("C.UTF-8", "Nothing new to tell."), ("de_DE.UTF-8", "Nichts Neues zu melden.")])
    func aSecondRunWithNothingNewSaysSoOnATerminal(language: String, expected: String) async throws {
        _ = try Catalogues.compiled()
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#)
            let arguments = ["notify", "Berlin", "--exec", "cat >> \"$RAIN_HOME/events.jsonl\""]
            let first = try await world.rain(arguments)
            #expect(first.status == 0 && first.output.isEmpty && first.error.isEmpty, "\(first)")
            #expect(!delivered(home).isEmpty, "the first run sent something")
            let tmux = try world.terminal(arguments, width: 50, environment: ["LANG": language])
            defer { tmux.kill() }
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            let lines = screen.split(separator: "\n").map(String.init)
            #expect(lines.first == expected && lines.count == 2, "one line, then the exit: \(screen)")
        }
    }

    /// The real clock (faketime's library, preloaded into the command too, changes its mask):
    /// the simulator's rain at Windy is always 50 minutes away.
    @Test func theCommandStartsWithNoSignalBlockedThoughThisRunnerBlocksSIGTERM() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405))
            // On stderr, which rain passes on (its standard output is dropped).
            let result = try await world.rain(["notify", "Windy", "--exec", "exec grep ^SigBlk: /proc/self/status >&2"])
            #expect(result.status == 0 && !result.error.isEmpty, "\(result)")
            #expect(result.error.split(separator: "\n").allSatisfy { $0.hasPrefix("SigBlk:") && $0.hasSuffix("0000000000000000") }, "\(result)")
        }
    }

    @Test func offlineTheCachedForecastsAreUsedAndQuietSaysNothing() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            try world.ageCache(of: world.berlin)
            world.simulator.stop()
            let quiet = try await world.rain(["notify", "Berlin", "--quiet"] + exec(home))
            #expect(quiet.status == 75 && quiet.error.isEmpty, "\(quiet)")
            #expect(delivered(home).map { $0["kind"] as? String } == ["rain"], "delivered from the cache")
            let loud = try await world.rain(["notify", "Berlin", "--dry-run"])
            #expect(loud.status == 75, "\(loud)")
            #expect(loud.error.hasPrefix("rain: offline: cannot reach 127.0.0.1:") && loud.error.hasSuffix("; using the cached forecasts\n"), "\(loud)")

            // Tokyo has nothing cached: offline is still 75, said once, and no "nothing to tell".
            for arguments in [["notify", "Tokyo", "--dry-run"], ["notify", "Tokyo"] + exec(home), ["notify", "Tokyo", "--quiet"] + exec(home)] {
                let result = try await world.rain(arguments)
                #expect(result.status == 75 && result.output.isEmpty, "\(arguments): \(result)")
                #expect(arguments.contains("--quiet") ? result.error.isEmpty : result.error.hasPrefix("rain: offline: cannot reach 127.0.0.1:"), "\(result)")
            }
        }
    }

    /// Hostile trial 17: `notify --dry-run` offered "Rain now" and "78% chance from 17:00" for
    /// the same rain. The rain from 14:00 goes on into the 70% hour from 15:00: one spell, one
    /// event, the rain's, which says when. A dry hour between makes the chance a spell of its own.
    @Test func oneRainSpellIsOneEvent() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            let spell = try await world.rain(["notify", "Berlin", "--dry-run"])
            #expect(spell.status == 0 && spell.output == "would send: Rain in Berlin from about 14:00 (light, ~0.5 mm in the first hour)\n", "\(spell)")
            try editCache(world, world.berlin) { forecast in
                for index in forecast.hourly.indices {
                    let hoursAhead = Int(forecast.hourly[index].time.timeIntervalSince(Self.now) / 3600)
                    guard hoursAhead == 1 || hoursAhead == 2 else { continue }
                    // 15:00 in Berlin dry; 16:00 likely wet.
                    forecast.hourly[index].precipProbability = hoursAhead == 1 ? 0.1 : 0.9
                    forecast.hourly[index].precipIntensity = hoursAhead == 1 ? 0 : 1
                }
            }
            let two = try await world.rain(["notify", "Berlin", "--dry-run"])
            #expect(two.status == 0 && two.output == """
                would send: Rain in Berlin from about 14:00 (light, ~0.5 mm in the first hour)
                would send: Berlin: 90% chance of rain from 16:00

                """, "\(two)")
        }
    }

    @Test func aDrySpellMakesRainNewAgain() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            #expect(try await world.rain(["notify", "Berlin"] + exec(home)).status == 0)
            #expect(delivered(home).filter { $0["kind"] as? String == "rain" }.count == 1)

            // Still raining soon: nothing new. Then the next hour turns dry, and rain is news again.
            #expect(try await world.rain(["notify", "Berlin"] + exec(home)).status == 0)
            try editCache(world, world.berlin) { forecast in
                for index in forecast.nextHour!.minutes.indices { forecast.nextHour!.minutes[index].precipIntensity = 0 }
            }
            let dry = try await world.rain(["notify", "Berlin", "--dry-run"])
            #expect(dry.output == "would send: Berlin: 70% chance of rain from 15:00\n", "told with the rain before, now the rain in the hour is gone: \(dry)")
            #expect(try await world.rain(["notify", "Berlin"] + exec(home)).status == 0)
            #expect(!(try String(contentsOfFile: home + "/state/notified.json", encoding: .utf8)).contains("\"rain:"))
            try world.ageCache(of: world.berlin)
            #expect(try await world.rain(["notify", "Berlin"] + exec(home)).status == 0)
            #expect(delivered(home).filter { $0["kind"] as? String == "rain" }.count == 2)
        }
    }

    @Test func quietHoursHoldBackAllButExtremeAlerts() async throws {
        try await withTemporaryDirectory { home in
            let (world, windy) = try world(home, notify: #"{"quiet_hours": "11:30-12:30"}"#)
            #expect(try await world.rain(["refresh", "Windy"]).status == 0)
            try editCache(world, windy) { $0.alerts[0].severity = "Extreme" }

            let dryRun = try await world.rain(["notify", "Windy", "--dry-run"])
            #expect(dryRun.output.contains("held back: Rain in Windy from about 14:00"), "\(dryRun)")
            #expect(dryRun.output.contains("quiet hours 11:30-12:30 on this machine's clock (UTC) end at 12:30"), "\(dryRun)")
            #expect(dryRun.output.contains("would send: Wind warning for Windy until Fri 02:00"), "\(dryRun)")

            #expect(try await world.rain(["notify", "Windy"] + exec(home)).status == 0)
            #expect(delivered(home).map { $0["kind"] as? String } == ["alert"])
            #expect(delivered(home).first?["severity"] as? String == "Extreme")

            writeFile(home + "/config.json", #"{"timeout_seconds": 5, "notify": {"quiet_hours": "22:00-07:00"}}"#)
            #expect(try await world.rain(["notify", "Windy"] + exec(home)).status == 0)
            #expect(delivered(home).map { $0["kind"] as? String } == ["alert", "rain"], "the held one (its rain and chance one spell), and the alert not again")
        }
    }

    /// Quiet hours are on this machine's clock as glibc reads `TZ`: a POSIX rule ("JST-9",
    /// "<+09>-9", "UTC-9", with summer time "CET-1CEST,M3.5.0,M10.5.0/3") is that clock, and a
    /// `TZ` glibc cannot read is UTC. The quiet hours are the minute glibc's `date` reads at the
    /// fixed clock; rain had read each POSIX rule as UTC and sent.
    @Test(arguments: [("Asia/Tokyo", "Asia/Tokyo"), ("JST-9", "JST-9"), ("<+09>-9", "<+09>-9"), ("UTC-9", "UTC-9"),
                      (":JST-9", "JST-9"), ("<+0330>-3:30", "<+0330>-3:30"),
                      ("CET-1CEST,M3.5.0,M10.5.0/3", "CET-1CEST,M3.5.0,M10.5.0/3"), ("Nowhere/Nope", "UTC")])
    func quietHoursFollowTZAsGlibcReadsIt(_ variable: String, _ zone: String) async throws {
        func glibcClock(_ date: Date) async throws -> String {
            try await BuiltProduct.startSystem("/bin/date", ["-d", "@\(Int(date.timeIntervalSince1970))", "+%H:%M"],
                                               environment: ["TZ": variable]).finish().output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let quiet = try await glibcClock(Self.now) + "-" + glibcClock(Self.now.addingTimeInterval(60))
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home, notify: #"{"quiet_hours": "\#(quiet)"}"#)
            let dryRun = try await world.rain(["notify", "Berlin", "--dry-run"], environment: ["TZ": variable])
            #expect(dryRun.status == 0 && dryRun.output.contains("held back: Rain in Berlin from about 14:00"), "\(quiet) \(dryRun)")
            #expect(dryRun.output.contains("quiet hours \(quiet) on this machine's clock (\(zone)) end at"), "\(dryRun)")
        }
    }

    @Test func alertsFromADarkSkyCompatibleAPIWithSeverityAndExpiredOnesHidden() async throws {
        try await withTemporaryDirectory { home in
            let (world, windy) = try world(home)
            let json = try await world.rain(["notify", "Windy", "--json"])
            #expect(json.status == 0, "\(json)")
            let events = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
            let alert = try #require(events.first { $0["kind"] as? String == "alert" })
            #expect(alert["summary"] as? String == "Wind warning for Windy until Fri 02:00")
            #expect(alert["ends"] as? String == "2026-08-21T00:00:00Z")
            #expect(["Minor", "Moderate", "Severe"].contains(alert["severity"] as? String ?? ""))
            #expect((alert["body"] as? String)?.hasPrefix((alert["severity"] as? String ?? "?") + ". Wind warning for ") == true)

            try editCache(world, windy) { $0.alerts[0].expires = Self.now.addingTimeInterval(-60) }
            let expired = try await world.rain(["notify", "Windy", "--dry-run"])
            #expect(!expired.output.contains("Wind warning"), "\(expired)")
        }
    }

    @Test func jsonPrintsEveryEventWithItsStatusAndSendsNothing() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            let json = try await world.rain(["notify", "--all", "--json"])
            #expect(json.status == 0, "\(json)")
            let events = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
            #expect(Set(events.compactMap { $0["kind"] as? String }) == ["rain", "alert"])
            #expect(Set(events.map { $0["status"] as? String }) == ["new"])
            let always: Set<String> = ["kind", "id", "place", "summary", "body", "regions", "units", "status"]
            let byKind: [String: Set<String>] = ["rain": ["starts", "precip_type", "intensity", "amount", "probability"],
                                                 "chance": ["starts", "ends", "precip_type", "probability"],
                                                 "alert": ["starts", "ends", "severity", "uri"]]
            #expect(events.allSatisfy { Set($0.keys) == always.union(byKind[$0["kind"] as? String ?? ""] ?? []) }, "\(events)")
            #expect(events.contains { $0["kind"] as? String == "alert" })
            #expect(!FileManager.default.fileExists(atPath: home + "/state/notified.json"), "nothing marked sent")
            #expect(delivered(home).isEmpty)
        }
    }

    @Test func openMeteoQuarterHoursGiveTheRainEvent() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home, notify: #"{"places": ["Berlin"]}"#)
            let dryRun = try await world.keylessRain(["notify", "--dry-run"])
            #expect(dryRun.status == 0, "\(dryRun)")
            #expect(dryRun.output.hasPrefix("would send: Rain in Berlin now (light, ~"), "rain from 12:13 falls in the quarter hour from 12:00: \(dryRun)")
        }
    }

    /// The notifications speak the user's language, as the screens do (issue 20): the same
    /// events in German and Japanese, with the place's clock and no English left.
    @Test func notificationsAreInTheUsersLanguage() async throws {
        _ = try Catalogues.compiled()
        try await withTemporaryDirectory { home in
            let (world, windy) = try world(home)
            let german = try await world.rain(["notify", "Berlin", windy.idString, "--dry-run"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(german.status == 0, "\(german)")
            #expect(german.output.contains("würde senden: Regen ab etwa 14:00 in Berlin (leicht, ~0,5 mm in der ersten Stunde)"), "\(german)")
            #expect(german.output.contains("Wind warning für Windy bis "), "the alert's own title, rain's words around it: \(german)")
            #expect(!german.output.contains(" chance of ") && !german.output.contains("first hour"), "\(german)")
            let japanese = try await world.rain(["notify", "Berlin", "--json"], environment: ["LANG": "ja_JP.UTF-8"])
            #expect(japanese.status == 0 && japanese.output.contains("最初の1時間に約"), "\(japanese.status) \(japanese.error)")
            #expect(japanese.output.contains("\"kind\": \"rain\""), "the JSON's names stay as documented: \(japanese)")
            // The chance later today, told where no rain comes within the hour (each language's
            // forecast is fetched in it: dried before each).
            let dryNextHour = { try self.editCache(world, world.berlin) { forecast in
                for index in forecast.nextHour!.minutes.indices { forecast.nextHour!.minutes[index].precipIntensity = 0 }
            } }
            _ = try await world.rain(["refresh", "Berlin"], environment: ["LANG": "de_DE.UTF-8"])
            try dryNextHour()
            let chance = try await world.rain(["notify", "Berlin", "--dry-run"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(chance.output.contains("Regenwahrscheinlichkeit ab 15:00"), "\(chance)")
            _ = try await world.rain(["refresh", "Berlin"], environment: ["LANG": "ja_JP.UTF-8"])
            try dryNextHour()
            let japaneseChance = try await world.rain(["notify", "Berlin", "--json"], environment: ["LANG": "ja_JP.UTF-8"])
            #expect(japaneseChance.output.contains("降水確率"), "\(japaneseChance)")
        }
    }

    /// A command that fails: one line with its status, then the last three lines of its stderr
    /// (without control characters) as hints, so that the user sees why; nothing marked sent.
    @Test func aFailingCommandShowsTheEndOfWhatItWrote() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            let failing = #"echo out; printf 'one\ntwo\nthree\033[2J\nfour: could not resolve host ntfy.example, and a long tail past a hint line\n' >&2; exit 3"#
            let result = try await world.rain(["notify", "Berlin", "--exec", failing])
            #expect(result.status == 69, "\(result)")
            #expect(result.output.isEmpty, "its standard output is dropped: \(result)")
            #expect(result.error == """
                rain: error: the --exec command failed (exit status 3); nothing marked sent
                rain: hint: it wrote: two
                rain: hint: three
                rain: hint: four: could not resolve host ntfy.example, and a long tai…

                """, "\(result)")
            #expect(result.error.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(result)")
            let retry = try await world.rain(["notify", "Berlin"] + exec(home))
            #expect(retry.status == 0 && delivered(home).count == 1, "the event goes out on the next run: \(retry)")
        }
    }

    /// What a command that works prints on stdout is its own business (ntfy's answer): rain's
    /// output stays rain's; its stderr is passed on.
    @Test func aWorkingCommandsOutputIsDroppedAndItsStderrPassedOn() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            let result = try await world.rain(["notify", "Berlin", "--exec", #"cat > /dev/null; echo '{"id":"ntfy"}'; echo 'curl: slow' >&2"#])
            #expect(result.status == 0, "\(result)")
            #expect(!result.output.contains("ntfy"), "\(result)")
            #expect(result.error == "curl: slow\n", "once per event: \(result)")
        }
    }

    /// What a command prints is read as it comes and dropped (stdout) or cut to its last few KB
    /// (stderr): a command that prints a lot, here 300 MB per event, runs to its end in rain's
    /// few MB. Under a bound on rain's address space that collecting it would break (a crash:
    /// exit 134), rain delivers every event and passes on whole lines of the end of stderr.
    /// The real clock: the simulator's rain at Windy is always 50 minutes away.
    @Test func aCommandThatPrintsALotIsReadInBoundedMemory() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405))
            // What there is to tell depends on the hour (no chance "later today" at 23:40):
            // `--json` lists it and sends nothing.
            let listed = try await BuiltProduct.run("rain", ["notify", "Windy", "--json"], environment: world.environment)
            let events = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [Any], "\(listed)")
            #expect(events.count >= 2, "rain soon and the alert, at least: \(listed.output)")
            let loud = #"cat >> "$RAIN_HOME/events.jsonl"; head -c 300000000 /dev/zero; yes | head -c 30000000 >&2"#
            let script = "ulimit -v 250000 && exec \(shellQuoted(BuiltProduct.path("rain"))) notify Windy --exec \(shellQuoted(loud))"
            let result = try await BuiltProduct.startSystem("/bin/sh", ["-c", script], environment: world.environment).finish()
            #expect(result.status == 0, "\(result.status) \(result.error.suffix(2000))")
            #expect(delivered(home).count == events.count, "\(result.status)")
            let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(!lines.isEmpty && lines.allSatisfy { $0 == "y" }, "whole lines only: \(result.error.prefix(200))")
            #expect(result.error.utf8.count <= 3 * 4096, "a few KB per event: \(result.error.utf8.count)")
        }
    }

    /// The command has delivered when the shell exits 0, whatever a job it left in the
    /// background still holds open (here its stdout and stderr, for 300 s): once, not timed out
    /// and sent again on every run.
    @Test func aCommandThatLeavesAJobInTheBackgroundHasDeliveredWhenTheShellExits() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home, notify: #"{"exec_timeout": 1}"#)
            let backgrounded = #"cat >> "$RAIN_HOME/events.jsonl"; sleep 300 & echo $! >> "$RAIN_HOME/jobs""#
            defer {
                let jobs = (try? String(contentsOfFile: home + "/jobs", encoding: .utf8)) ?? ""
                for job in jobs.split(separator: "\n").compactMap({ Int32($0) }) { kill(job, SIGKILL) }
            }
            let first = try await world.rain(["notify", "Berlin", "--exec", backgrounded])
            #expect(first.status == 0 && first.error.isEmpty, "\(first)")
            #expect(delivered(home).count == 1, "\(first)")
            let again = try await world.rain(["notify", "Berlin", "--exec", backgrounded])
            #expect(again.status == 0 && delivered(home).count == 1, "each event once: \(again)")
        }
    }

    /// Hostile trial 14, N5: jobs a command left in the background outlived exec_timeout and
    /// rain (50 alerts with 8 `sleep &` each left 416 running). After the shell exits they get
    /// the rest of the time limit, then their group is stopped, one that ignores SIGTERM by
    /// SIGKILL: none outlives rain, and the events stay delivered, once.
    @Test func jobsLeftInTheBackgroundDoNotOutliveRain() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home, notify: #"{"exec_timeout": 1}"#)
            let backgrounded = #"cat >> "$RAIN_HOME/events.jsonl"; for i in 1 2 3 4 5 6 7 8; do sleep 300 & echo $! >> "$RAIN_HOME/jobs"; done; "#
                + #"(trap '' TERM; exec sleep 300) & echo $! >> "$RAIN_HOME/jobs"; exit 0"#
            let jobs = { ((try? String(contentsOfFile: home + "/jobs", encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int32($0) } }
            defer { for job in jobs() { kill(job, SIGKILL) } }
            let result = try await world.rain(["notify", "Berlin", "--exec", backgrounded])
            #expect(result.status == 0 && result.error.isEmpty, "\(result)")
            #expect(delivered(home).count == 1, "\(result)")
            #expect(jobs().count == 9)
            // Each was sent SIGKILL before rain exited; a loaded machine may take a moment to
            // end it (left alone, they would run 300 s).
            try await waitUntil(limit: .seconds(30)) { jobs().allSatisfy { !Self.isRunning($0) } }
            let again = try await world.rain(["notify", "Berlin", "--exec", backgrounded])
            #expect(again.status == 0 && delivered(home).count == 1, "each event once: \(again)")
        }
    }

    /// The command runs in a process group of its own (so that its time limit can end all of
    /// it): a signal that ends rain meanwhile ends that group too, and rain ends as the signal
    /// would have it. The real clock: the simulator's rain at Windy is always 50 minutes away.
    /// Nothing here is timed: the command's limit is the longest there is (an hour), so a
    /// loaded machine cannot outlast it before the signal; the waits end at what they wait
    /// for (the child's ID written, the child gone), or at rain's end, or at a hung test's
    /// bound, which the child's own day of sleep outlasts.
    @Test func aSignalThatEndsRainEndsTheCommandToo() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "notify": {"exec_timeout": 3600}}"#)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405))
            let hanging = #"sleep 86400 & echo $! > "$RAIN_HOME/child.pid.tmp"; mv "$RAIN_HOME/child.pid.tmp" "$RAIN_HOME/child.pid"; wait"#
            let process = BuiltProduct.start("rain", ["notify", "Windy", "--exec", hanging], environment: world.environment)
            let readPID = { (try? String(contentsOfFile: home + "/child.pid", encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
            defer { if let child = readPID() { kill(child, SIGKILL) } }
            let bound = ContinuousClock.now + RunningProcess.hangLimit
            while readPID() == nil && Self.isRunning(process.processIdentifier) && ContinuousClock.now < bound {
                try await Task.sleep(for: .milliseconds(50))
            }
            guard let child = readPID() else {
                process.send(SIGKILL)
                Issue.record("the command did not start: \(try await process.finish())")
                return
            }
            process.send(SIGTERM)
            let result = try await process.finish()
            #expect(result.status == SIGTERM, "ended by the signal, as without a command: \(result)")
            while Self.isRunning(child) && ContinuousClock.now < bound {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(!Self.isRunning(child), "the command's child ended with rain")
        }
    }

    /// Whether process `pid` runs: false when it is gone or a zombie (ended, not yet reaped).
    private static func isRunning(_ pid: Int32) -> Bool {
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
            .flatMap { $0.components(separatedBy: ") ").last.map { String($0.prefix(1)) } }
        return state != nil && state != "Z"
    }

    /// Quiet hours that start and end at the same time are an empty span, said so in one line.
    @Test func quietHoursOfNoTimeAreNamedAsEmpty() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home, notify: #"{"quiet_hours": "10:00-10:00"}"#)
            let result = try await world.rain(["notify", "Berlin", "--dry-run"])
            #expect(result.status == 78, "\(result)")
            #expect(result.error.hasPrefix("rain: error: \(home)/config.json:\n  'notify.quiet_hours' is empty: it starts and ends at 10:00\n"), "\(result)")
        }
    }

    /// A command that runs over notify.exec_timeout is stopped with what it started (its
    /// process group), in one line, exit 75, and its event is not marked sent.
    @Test func aCommandThatRunsOverItsTimeLimitIsStoppedWithItsChildren() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home, notify: #"{"exec_timeout": 1}"#)
            let hanging = #"sleep 300 & echo $! > "$RAIN_HOME/child.pid"; echo 'waiting' >&2; wait"#
            let result = try await world.rain(["notify", "Berlin", "--exec", hanging])
            #expect(result.status == 75, "\(result)")
            #expect(result.error == """
                rain: error: the --exec command took over 1 s: stopped, nothing marked sent
                rain: hint: it wrote: waiting

                """, "\(result)")
            let pid = try #require(Int32((try? String(contentsOfFile: home + "/child.pid", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
            // Gone, or a zombie its new parent has not reaped yet: not running.
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)).flatMap { $0.components(separatedBy: ") ").last.map { String($0.prefix(1)) } }
            #expect(state == nil || state == "Z", "the command's child was stopped too: \(String(describing: state))")
            let retry = try await world.rain(["notify", "Berlin"] + exec(home))
            #expect(retry.status == 0 && delivered(home).count == 1, "the event goes out on the next run: \(retry)")
        }
    }

    /// An entry is forgotten whatever its dates say (hostile trial 16, P1): an alert in force
    /// is kept at most 30 days after it was sent, an entry dated more than two days ahead of
    /// the clock at once. Entries of year 9999 had been kept for good.
    @Test func entriesOfYear9999AreForgotten() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            try FileManager.default.createDirectory(atPath: home + "/state", withIntermediateDirectories: true)
            let place = "00000000-0000-4000-8000-000000000001"
            func entry(_ id: String, sent: Date, expires: String?) -> String {
                #"{"id":"\#(id)","place":"\#(place)","sent_at":"\#(UTCTimestamp.string(sent))""# + (expires.map { #","expires":"\#($0)""# } ?? "") + "}"
            }
            let day: TimeInterval = 86_400
            let entries = [entry("alert-sent-40-days-ago", sent: Self.now - 40 * day, expires: "9999-12-31T00:00:00Z"),
                           entry("sent-in-9999", sent: Date(timeIntervalSince1970: 253_370_764_800), expires: nil),
                           entry("alert-sent-in-9999", sent: Date(timeIntervalSince1970: 253_370_764_800), expires: "9999-12-31T00:00:00Z"),
                           entry("alert-sent-3-days-ago", sent: Self.now - 3 * day, expires: "9999-12-31T00:00:00Z"),
                           entry("sent-a-day-ahead", sent: Self.now + day, expires: nil),
                           entry("sent-yesterday", sent: Self.now - day, expires: nil)]
            writeFile(home + "/state/notified.json", #"{"sent":["# + entries.joined(separator: ",") + "]}")
            let result = try await world.rain(["notify", "Berlin"] + exec(home))
            #expect(result.status == 0, "\(result)")
            let saved = try String(contentsOfFile: home + "/state/notified.json", encoding: .utf8)
            for kept in ["alert-sent-3-days-ago", "sent-a-day-ahead", "sent-yesterday"] { #expect(saved.contains(kept), "\(kept)") }
            for gone in ["alert-sent-40-days-ago", "sent-in-9999", "alert-sent-in-9999"] { #expect(!saved.contains(gone), "\(gone)") }
        }
    }

    @Test func aStateFileThatIsNotRainsIsLeftAsItIs() async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            try FileManager.default.createDirectory(atPath: home + "/state", withIntermediateDirectories: true)
            writeFile(home + "/state/notified.json", #"{"sent": 3}"#)
            let result = try await world.rain(["notify", "Berlin"] + exec(home))
            #expect(result.status == 74, "\(result)")
            #expect(result.error.hasPrefix("rain: error: cannot use the file:\n  \(home)/state/notified.json\n  not rain's notifications:"), "\(result)")
            #expect(try String(contentsOfFile: home + "/state/notified.json", encoding: .utf8) == #"{"sent": 3}"#)
            #expect(delivered(home).isEmpty)
        }
    }

    /// --json and --dry-run send nothing, so an --exec beside them is refused rather than not run.
    @Test(arguments: ["--json", "--dry-run"])
    func execBesideWhatSendsNothingIsAUsageError(_ option: String) async throws {
        try await withTemporaryDirectory { home in
            let (world, _) = try world(home)
            let result = try await world.rain(["notify", "Berlin", option] + exec(home))
            #expect(result.status == 64, "\(result)")
            #expect(result.error.hasPrefix("rain: error: '--exec' and '\(option)' cannot be used together: '\(option)' sends nothing\n"), "\(result)")
            #expect(delivered(home).isEmpty)
        }
    }

    /// `config show`, the diagnostic, names a notify.places entry that is no saved place, as
    /// `rain notify` would stop at it.
    @Test func configShowChecksNotifyPlacesAgainstTheSavedPlaces() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"notify": {"places": ["Berlin", "Nowhere"]}}"#)
            let shown = try await world.rain(["config", "show"])
            #expect(shown.status == 78, "\(shown)")
            #expect(shown.error == "rain: error: notify.places in \(home)/config.json: no saved location matches 'Nowhere'\nrain: hint: see the places: rain locations\n", "\(shown)")
            let notify = try await world.rain(["notify", "--dry-run"])
            #expect(notify.status == 78, "\(notify)")
        }
    }
}
