import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 15 on the programs `rain notify` (and `cron`, `timer`) start: stand-ins first on
/// PATH for notify-send, crontab and systemctl, and `--exec` commands. Nothing here is timed:
/// each wait ends at what it waits for (a file written, rain's end), or at a bound far past it.
@Suite struct NotifyChildrenEndToEndTests {
    /// A folder of stand-ins, each a shell script with `body`, and the PATH that finds them first.
    private static func standIns(_ home: String, _ scripts: [String: String]) throws -> [String: String] {
        let bin = home + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (name, body) in scripts {
            writeFile(bin + "/" + name, "#!/bin/sh\n" + body + "\n")
            chmod(bin + "/" + name, 0o755)
        }
        return ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(home)/bus"]
    }

    private static func readPID(_ path: String) -> Int32? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether process `pid` runs: false when it is gone or a zombie (ended, not yet reaped).
    private static func isRunning(_ pid: Int32) -> Bool {
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))
            .flatMap { $0.components(separatedBy: ") ").last.map { String($0.prefix(1)) } }
        return state != nil && state != "Z"
    }

    /// H2: a notify-send that never returns (a frozen bus; here one that ignores SIGTERM too)
    /// kept cron's `rain notify --quiet` running for good. It is stopped at its limit (25 s, GDBus's
    /// own for a call), said in one line, exit 75, and its event is not marked sent.
    @Test func aNotifySendThatHangsIsStoppedAndNothingMarkedSent() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            let path = try Self.standIns(home, ["notify-send": #"echo $$ > "$RAIN_HOME/hung.pid"; trap '' TERM; exec sleep 86400"#])
            defer { if let hung = Self.readPID(home + "/hung.pid") { kill(hung, SIGKILL) } }
            let result = try await BuiltProduct.run("rain", ["notify", "Berlin", "--quiet"], environment: world.environment.merging(path) { $1 },
                                                    at: NotifyEndToEndTests.now, limit: .seconds(180))
            #expect(result.status == 75, "\(result)")
            #expect(result.error == "rain: error: notify-send took over 25 s: stopped, nothing marked sent\n", "\(result)")
            #expect(!FileManager.default.fileExists(atPath: home + "/state/notified.json"), "nothing marked sent")
            let hung = try #require(Self.readPID(home + "/hung.pid"), "the stand-in ran")
            #expect(!Self.isRunning(hung), "the stand-in was stopped")
        }
    }

    /// H3: what notify-send prints was kept whole (196 MB of stderr: rain at 403 MB). Its stdout
    /// is dropped and the end of its stderr kept, as for crontab and `--exec`: under a bound on
    /// rain's address space that collecting it would break, rain says notify-send's last line.
    /// The real clock: the simulator's rain at Windy is always 50 minutes away.
    @Test func whatNotifySendPrintsIsReadInBoundedMemory() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405))
            let path = try Self.standIns(home, ["notify-send": "head -c 300000000 /dev/zero; yes | head -c 30000000 >&2; exit 1"])
            let script = "ulimit -v 250000 && exec \(shellQuoted(BuiltProduct.path("rain"))) notify Windy"
            let result = try await BuiltProduct.startSystem("/bin/sh", ["-c", script], environment: world.environment.merging(path) { $1 }).finish()
            #expect(result.status == 69, "\(result.status) \(result.error.suffix(2000))")
            #expect(result.error == "rain: error: notify-send failed: y\n", "\(result.error.suffix(2000))")
        }
    }

    /// H4: notify-send, crontab and systemctl were given the user's variables whose name or
    /// value holds the key (`--exec` commands were not): every program rain starts gets the
    /// same environment, without them.
    @Test(arguments: [
        ("notify-send", ["notify", "Berlin"]),
        ("exec", ["notify", "Berlin", "--exec", #"env > "$RAIN_HOME/env.exec"; cat > /dev/null"#]),
        ("crontab", ["cron", "--install"]),
        ("systemctl", ["timer", "--install"]),
    ])
    func noProgramRainStartsIsGivenAVariableHoldingTheKey(_ program: String, _ arguments: [String]) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: NotifyEndToEndTests.now)
            let dump = #"env > "$RAIN_HOME/env.$(basename "$0")""#
            var environment = try Self.standIns(home, ["notify-send": dump, "systemctl": dump,
                                                       "crontab": dump + #"; [ "$1" = - ] && cat > "$RAIN_HOME/table"; exit 0"#])
            environment["XDG_CONFIG_HOME"] = home + "/config"
            environment["MY_TOKEN"] = ForecastWorld.apiKey
            environment["OTHER"] = "x" + ForecastWorld.apiKey + "y"
            environment[ForecastWorld.apiKey] = "a name"
            let result = try await world.rain(arguments, environment: environment)
            #expect(result.status == 0, "\(result)")
            let given = try String(contentsOfFile: home + "/env." + program, encoding: .utf8)
            #expect(given.contains("RAIN_HOME=\(home)"), "the program ran with the user's other variables")
            #expect(!given.contains(ForecastWorld.apiKey), "\(program) was given: \(given.split(separator: "\n").filter { $0.contains(ForecastWorld.apiKey) })")
        }
    }

    /// H12: a `rain notify --exec` killed while a later event's command was slow sent again
    /// every event delivered before it (notified.json was saved only between events). Ended by
    /// SIGTERM, SIGINT or SIGHUP it saves what was delivered (the command's group stopped);
    /// killed by SIGKILL it has saved it already, a second after the delivery at most, while
    /// the slow command runs. The next run sends only what was not delivered.
    /// The real clock: the simulator's rain at Windy is always 50 minutes away (with its alert,
    /// two events at least).
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGKILL])
    func aRainKilledDuringASlowCommandDoesNotSendAgainWhatItDelivered(_ signal: Int32) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "notify": {"exec_timeout": 3600}}"#)
            _ = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405))
            // The first event's command is quick; the second's writes its ID and hangs.
            let slow = #"cat > /dev/null; echo "$RAIN_NOTIFY_SUMMARY" >> "$RAIN_HOME/delivered.txt"; "#
                + #"if [ -f "$RAIN_HOME/first" ]; then echo $$ > "$RAIN_HOME/slow.tmp"; mv "$RAIN_HOME/slow.tmp" "$RAIN_HOME/slow.pid"; exec sleep 86400; fi; "#
                + #"touch "$RAIN_HOME/first""#
            let process = BuiltProduct.start("rain", ["notify", "Windy", "--exec", slow], environment: world.environment)
            defer { if let child = Self.readPID(home + "/slow.pid") { kill(child, SIGKILL) } }
            let bound = ContinuousClock.now + .seconds(120)
            func waitFor(_ path: String) async throws -> Bool {
                while !FileManager.default.fileExists(atPath: path) && Self.isRunning(process.processIdentifier) && ContinuousClock.now < bound {
                    try await Task.sleep(for: .milliseconds(50))
                }
                return FileManager.default.fileExists(atPath: path)
            }
            guard try await waitFor(home + "/slow.pid") else {
                process.send(SIGKILL)
                Issue.record("the slow command did not start: \(try await process.finish())")
                return
            }
            // SIGKILL cannot be met at the kill: what was delivered must have been saved by then.
            if signal == SIGKILL {
                #expect(try await waitFor(home + "/state/notified.json"), "saved while the slow command runs")
            }
            process.send(signal)
            let result = try await process.finish()
            #expect(result.status == signal, "ended by the signal: \(result)")
            let slowCommand = try #require(Self.readPID(home + "/slow.pid"))
            while Self.isRunning(slowCommand) && ContinuousClock.now < bound {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(!Self.isRunning(slowCommand), "the slow command ended with rain")

            let quick = #"cat > /dev/null; echo "$RAIN_NOTIFY_SUMMARY" >> "$RAIN_HOME/delivered.txt""#
            let next = try await BuiltProduct.run("rain", ["notify", "Windy", "--exec", quick], environment: world.environment)
            #expect(next.status == 0, "\(next)")
            let lines = try String(contentsOfFile: home + "/delivered.txt", encoding: .utf8).split(separator: "\n")
            #expect(lines.count >= 3, "\(lines)")
            #expect(lines.filter { $0 == lines[0] }.count == 1, "the first event went out once: \(lines)")
            #expect(lines.filter { $0 == lines[1] }.count == 2, "the one whose command was stopped went out again: \(lines)")
        }
    }
}
